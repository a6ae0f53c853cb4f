export * as Sidebar from './sidebar';
