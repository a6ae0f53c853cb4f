export {
  SWIPE_THRESHOLD_PX,
  TOAST_DURATION_MS,
  Toaster,
  type ToastOptions,
  type ToastVariant,
  toast,
  toaster,
} from './toast';
