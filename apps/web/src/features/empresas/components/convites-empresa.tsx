import { useState } from 'react';
import { ConvidarDialog } from '../../../components/convites/convidar-dialog';
import { ConvitesLista } from '../../../components/convites/convites-lista';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/validation';
import type { Convite } from '../api/empresa';
import { useCancelarConvite, useConvidar, useReenviarConvite } from '../api/mutations';
import { Secao } from './secao';

/**
 * The invitations not yet accepted: each link is valid for 7 days; an expired one is marked and may
 * be sent again. "Convidar pessoa" e-mails a new one (refused past the plan's limit of users).
 */
export function ConvitesEmpresa({ empresaId, convites }: { empresaId: string; convites: Convite[] }) {
  const { showToast } = useToast();
  const reenviar = useReenviarConvite();
  const cancelar = useCancelarConvite();
  const convidar = useConvidar(empresaId);
  const [convidando, setConvidando] = useState(false);
  const [cancelando, setCancelando] = useState<Convite | null>(null);

  function reenviarConvite(convite: Convite) {
    reenviar.mutate(
      { empresaId, conviteId: convite.id },
      {
        onSuccess: () => showToast({ type: 'success', title: `Convite reenviado para ${convite.email}.` }),
        onError: (error) =>
          showToast({ type: 'error', title: 'Não foi possível reenviar', message: errorMessage(error) }),
      },
    );
  }

  return (
    <Secao
      id="empresa-convites"
      titulo="Convites pendentes"
      acao={
        <button type="button" onClick={() => setConvidando(true)} className={buttonClass('primary')}>
          Convidar pessoa
        </button>
      }
    >
      <ConvitesLista convites={convites} onReenviar={reenviarConvite} onCancelar={setCancelando} />

      <ConvidarDialog open={convidando} onClose={() => setConvidando(false)} convidar={convidar} />

      <ConfirmDialog
        open={cancelando !== null}
        title={cancelando ? `Cancelar o convite de ${cancelando.email}?` : ''}
        confirmLabel="Cancelar convite"
        pending={cancelar.isPending}
        error={cancelar.error ? errorMessage(cancelar.error) : null}
        onClose={() => {
          setCancelando(null);
          cancelar.reset();
        }}
        onConfirm={() => {
          if (!cancelando) return;
          const { email } = cancelando;
          cancelar.mutate(
            { empresaId, conviteId: cancelando.id },
            {
              onSuccess: () => {
                showToast({ type: 'success', title: `Convite de ${email} cancelado.` });
                setCancelando(null);
              },
            },
          );
        }}
      >
        <p>O link enviado deixa de funcionar. Você pode convidar a pessoa de novo depois.</p>
      </ConfirmDialog>
    </Secao>
  );
}
