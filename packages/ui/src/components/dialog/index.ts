export * as AlertDialog from './alert-dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export * as Dialog from './dialog';
