import { useParams } from 'react-router';
import { HistoricoDeAlteracoes } from '../../../features/auditoria/components/historico-de-alteracoes';
import { useAuth } from '../../../features/auth';
import { TODOS_OS_RECURSOS } from '../../../features/laudos/components/arquivos-laudo';
import { LaudoDetalhes } from '../../../features/laudos/components/laudo-detalhes';
import { usePublicSettings } from '../../../features/settings/api/public-settings';

/** /laudos/:id, for clients (their own laudos) and admins (any), in the frame of the user's area. */
export function LaudoPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const settings = usePublicSettings();
  return (
    <>
      <LaudoDetalhes
        key={id}
        id={id}
        admin={user?.tipo === 'admin'}
        recursos={settings.data?.features ?? TODOS_OS_RECURSOS}
      />
      <div className="mx-auto w-full max-w-5xl min-w-0 px-4 pb-10">
        <HistoricoDeAlteracoes key={id} laudoId={id} />
      </div>
    </>
  );
}
