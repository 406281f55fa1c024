import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ToastApi, ToastContext, type ToastOptions } from './toast-context';
import { type ToastData, ToastItem } from './toast-item';

export const DEFAULT_TOAST_DURATION_MS = 5000;
export const TOAST_FADE_MS = 300;

type Timer = ReturnType<typeof setTimeout>;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastData[]>([]);
  // One pending timer per toast: first the auto-close, then the removal after the fade.
  const timers = useRef(new Map<string, Timer>());
  const leaving = useRef(new Set<string>());
  const lastId = useRef(0);

  const dismissToast = useCallback((id: string) => {
    if (leaving.current.has(id)) return;
    leaving.current.add(id);
    clearTimeout(timers.current.get(id));
    setToasts((current) => current.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        leaving.current.delete(id);
        setToasts((current) => current.filter((toast) => toast.id !== id));
      }, TOAST_FADE_MS),
    );
  }, []);

  const showToast = useCallback(
    ({ type, title, message, duration = DEFAULT_TOAST_DURATION_MS }: ToastOptions) => {
      lastId.current += 1;
      const id = `toast-${lastId.current}`;
      setToasts((current) => [...current, { id, type, title, message, leaving: false }]);
      if (duration > 0 && Number.isFinite(duration)) {
        timers.current.set(
          id,
          setTimeout(() => dismissToast(id), duration),
        );
      }
      return id;
    },
    [dismissToast],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(() => ({ showToast, dismissToast }), [showToast, dismissToast]);
  const errors = toasts.filter((toast) => toast.type === 'error');
  const others = toasts.filter((toast) => toast.type !== 'error');

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* The live regions stay mounted so screen readers announce toasts added to them. */}
      <div className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col items-stretch gap-2 p-4 sm:left-auto sm:w-96">
        <div role="alert" aria-live="assertive" className="flex flex-col gap-2">
          {errors.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onClose={dismissToast} />
          ))}
        </div>
        <div role="status" aria-live="polite" className="flex flex-col gap-2">
          {others.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onClose={dismissToast} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}
