import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type ToastApi, ToastContext, type ToastOptions } from './toast-context';
import { type ToastData, ToastItem } from './toast-item';

export const DEFAULT_TOAST_DURATION_MS = 5000;
export const TOAST_FADE_MS = 300;

type Timer = ReturnType<typeof setTimeout>;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastData[]>([]);
  // The removal after the fade, one timer per leaving toast.
  const fades = useRef(new Map<string, Timer>());
  const lastId = useRef(0);
  const expire = useRef<(id: string) => void>(() => {});
  const [countdowns] = useState(() => createCountdowns((id) => expire.current(id)));

  const dismissToast = useCallback(
    (id: string) => {
      if (fades.current.has(id)) return;
      countdowns.forget(id);
      setToasts((current) => current.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)));
      fades.current.set(
        id,
        setTimeout(() => {
          fades.current.delete(id);
          setToasts((current) => current.filter((toast) => toast.id !== id));
        }, TOAST_FADE_MS),
      );
    },
    [countdowns],
  );

  useEffect(() => {
    expire.current = dismissToast;
  }, [dismissToast]);

  const showToast = useCallback(
    ({ type, title, message, duration }: ToastOptions) => {
      lastId.current += 1;
      const id = `toast-${lastId.current}`;
      setToasts((current) => [...current, { id, type, title, message, leaving: false }]);
      // An error stays until closed: it is what the person must act on, and may be read slowly.
      const ms = duration ?? (type === 'error' ? 0 : DEFAULT_TOAST_DURATION_MS);
      if (ms > 0 && Number.isFinite(ms)) countdowns.start(id, ms);
      return id;
    },
    [countdowns],
  );

  useEffect(() => {
    const pending = fades.current;
    return () => {
      countdowns.clear();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [countdowns]);

  const top = useHeaderBottom(toasts.length > 0);

  const api = useMemo<ToastApi>(() => ({ showToast, dismissToast }), [showToast, dismissToast]);
  const errors = toasts.filter((toast) => toast.type === 'error');
  const others = toasts.filter((toast) => toast.type !== 'error');
  const hold = { onHover: countdowns.hover, onFocus: countdowns.focus };

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* The live regions stay mounted so screen readers announce toasts added to them. */}
      <div
        data-toasts=""
        style={{ top }}
        className="pointer-events-none fixed inset-x-0 z-50 flex flex-col items-stretch gap-2 p-4 sm:left-auto sm:w-96"
      >
        <div role="alert" aria-live="assertive" className="flex flex-col gap-2">
          {errors.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onClose={dismissToast} {...hold} />
          ))}
        </div>
        <div role="status" aria-live="polite" className="flex flex-col gap-2">
          {others.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onClose={dismissToast} {...hold} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

/**
 * The auto-close countdowns: each toast's time left, all held together while a toast is under the
 * pointer or holds the focus, so the one being read or reached with Tab does not vanish; they go on
 * with the time they had left.
 */
function createCountdowns(expire: (id: string) => void) {
  const left = new Map<string, number>();
  const since = new Map<string, number>();
  const timers = new Map<string, Timer>();
  let hovered: string | null = null;
  let focused: string | null = null;
  let held = false;

  function run(id: string) {
    since.set(id, Date.now());
    timers.set(
      id,
      setTimeout(() => expire(id), left.get(id)),
    );
  }
  function stop(id: string) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    const start = since.get(id);
    if (start !== undefined) left.set(id, (left.get(id) ?? 0) - (Date.now() - start));
    since.delete(id);
  }
  function sync() {
    const hold = hovered !== null || focused !== null;
    if (hold === held) return;
    held = hold;
    for (const id of left.keys()) {
      if (hold) stop(id);
      else run(id);
    }
  }

  return {
    start(id: string, ms: number) {
      left.set(id, ms);
      if (!held) run(id);
    },
    /** A closed toast counts no more, and holds nothing: once removed it gets no mouseleave or blur. */
    forget(id: string) {
      clearTimeout(timers.get(id));
      timers.delete(id);
      left.delete(id);
      since.delete(id);
      if (hovered === id) hovered = null;
      if (focused === id) focused = null;
      sync();
    },
    hover(id: string, on: boolean) {
      if (on) hovered = id;
      else if (hovered === id) hovered = null;
      sync();
    },
    focus(id: string, on: boolean) {
      if (on) focused = id;
      else if (focused === id) focused = null;
      sync();
    },
    clear() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * Where the page's header ends on screen (0 once it has scrolled away), measured while toasts are
 * shown: toasts sit below it and never cover the account links ("Minha conta", "Sair"), whatever
 * the header's height (it wraps on a phone). The first <header> in the document is the page's.
 */
function useHeaderBottom(active: boolean): number {
  const [bottom, setBottom] = useState(0);
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      const header = document.querySelector('header');
      setBottom(header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom)) : 0);
    };
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [active]);
  return bottom;
}
