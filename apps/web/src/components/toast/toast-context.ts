import { createContext, useContext } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export type ToastOptions = {
  type: ToastType;
  title: string;
  message?: string;
  /**
   * Milliseconds before it closes by itself (paused while hovered or focused); defaults to 5000, and
   * for an error to 0. 0 or Infinity keeps it until closed.
   */
  duration?: number;
};

export type ToastApi = {
  /** Shows a toast and returns its id. */
  showToast: (options: ToastOptions) => string;
  dismissToast: (id: string) => void;
};

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast deve ser usado dentro de um ToastProvider');
  return api;
}
