export type { ToastOptions } from './toast-context';
export { useToast } from './toast-context';
export { ToastProvider } from './toast-provider';
export { useCopiar } from './use-copiar';
