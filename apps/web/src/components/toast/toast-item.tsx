import type { ReactNode } from 'react';
import type { ToastType } from './toast-context';

export type ToastData = {
  id: string;
  type: ToastType;
  title: string;
  message: string | undefined;
  leaving: boolean;
};

const appearance: Record<ToastType, { label: string; border: string; icon: string }> = {
  success: { label: 'Sucesso', border: 'border-green-600', icon: 'text-green-700' },
  error: { label: 'Erro', border: 'border-red-600', icon: 'text-red-700' },
  warning: { label: 'Atenção', border: 'border-amber-500', icon: 'text-amber-700' },
  info: { label: 'Informação', border: 'border-brand-600', icon: 'text-brand-700' },
};

export function ToastItem({
  toast,
  onClose,
  onHover,
  onFocus,
}: {
  toast: ToastData;
  onClose: (id: string) => void;
  /** Hovering or focusing a toast holds every toast's countdown until the pointer or focus leaves. */
  onHover: (id: string, on: boolean) => void;
  onFocus: (id: string, on: boolean) => void;
}) {
  const { label, border, icon } = appearance[toast.type];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only pause the countdown; the close button is the control.
    <div
      data-toast-type={toast.type}
      onMouseEnter={() => onHover(toast.id, true)}
      onMouseLeave={() => onHover(toast.id, false)}
      onFocus={() => onFocus(toast.id, true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onFocus(toast.id, false);
      }}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 bg-white p-4 shadow-lg ring-1 ring-slate-900/10 transition-opacity duration-300 starting:opacity-0 motion-reduce:transition-none ${border} ${toast.leaving ? 'opacity-0' : 'opacity-100'}`}
    >
      <ToastIcon type={toast.type} className={`mt-0.5 size-5 shrink-0 ${icon}`} />
      <div className="min-w-0 flex-1">
        <span className="sr-only">{label}:</span>
        <p className="font-semibold text-slate-900">{toast.title}</p>
        {toast.message ? <p className="mt-1 text-sm text-slate-700">{toast.message}</p> : null}
      </div>
      <button
        type="button"
        aria-label="Fechar notificação"
        onClick={() => onClose(toast.id)}
        className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

function ToastIcon({ type, className }: { type: ToastType; className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {iconShapes[type]}
    </svg>
  );
}

const iconShapes: Record<ToastType, ReactNode> = {
  success: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.5 2.5L16 9.5" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
  warning: (
    <>
      <path d="M12 3.5L2.5 20h19z" />
      <path d="M12 10v4.5M12 17.5v.01" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5v.01" />
    </>
  ),
};
