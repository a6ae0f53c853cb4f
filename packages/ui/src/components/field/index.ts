export * as Field from './field';
