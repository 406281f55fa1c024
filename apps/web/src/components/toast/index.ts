export type { ToastApi, ToastOptions, ToastType } from './toast-context';
export { useToast } from './toast-context';
export { DEFAULT_TOAST_DURATION_MS, TOAST_FADE_MS, ToastProvider } from './toast-provider';
