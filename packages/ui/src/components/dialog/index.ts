export * as AlertDialog from './alert-dialog';
export * as Dialog from './dialog';
