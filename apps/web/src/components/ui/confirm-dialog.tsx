import type { ReactNode } from 'react';
import { AcoesDoFormulario } from './acoes-do-formulario';
import { buttonClass } from './button';
import { Dialog } from './dialog';
import { FormAlert } from './form-alert';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** What will happen, in plain words; it is the dialog's description. */
  children: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are you sure?" with the safe choice focused first. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = 'danger',
  pending = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={children}>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <AcoesDoFormulario className="mt-4">
        <button type="button" data-autofocus onClick={onClose} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          aria-busy={pending || undefined}
          className={buttonClass(tone)}
        >
          {pending ? 'Aguarde...' : confirmLabel}
        </button>
      </AcoesDoFormulario>
    </Dialog>
  );
}
