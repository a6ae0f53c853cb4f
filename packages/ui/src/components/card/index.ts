export * as Card from './card';
