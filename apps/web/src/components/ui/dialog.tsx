import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { MAIN_CONTENT_ID } from '../layout/skip-link';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  size?: 'md' | 'lg';
  children: ReactNode;
};

const widths = { md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/**
 * A modal on the native <dialog> (showModal): the browser traps focus, makes the page behind inert
 * and closes it on Escape. Labelled by its title; focus goes back to what was focused before
 * (usually the button that opened it). Put `data-autofocus` on the control that should get the
 * focus first. The content is only mounted while open, so forms start afresh every time.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({ onClose, title, description, size = 'md', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom (unit tests) has no showModal; the open attribute is the non-modal equivalent.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
      else document.getElementById(MAIN_CONTENT_ID)?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: let React state decide, so the dialog does not close behind its back.
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] ${widths[size]} overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="-m-1 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <span className="sr-only">Fechar</span>
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
        {description ? (
          <div id={descriptionId} className="mt-2 text-sm text-slate-700">
            {description}
          </div>
        ) : null}
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
