export * as Breadcrumb from './breadcrumb';
