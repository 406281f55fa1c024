import { SkeletonList, useRevealDelay } from '../../../components/loading';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { usePlanoUsuarios } from '../api/list-planos';
import type { Plano } from '../api/plano';

/** "Ver usuários": who is on a plan. */
export function PlanoUsuariosDialog({ plano, onClose }: { plano: Plano | null; onClose: () => void }) {
  return (
    <Dialog open={plano !== null} onClose={onClose} title={plano ? `Usuários do plano ${plano.nome}` : ''}>
      {plano ? <Lista planoId={plano.id} /> : null}
    </Dialog>
  );
}

function Lista({ planoId }: { planoId: string }) {
  const usuarios = usePlanoUsuarios(planoId);
  const revelando = useRevealDelay(usuarios.isPending);
  if (usuarios.isPending || revelando)
    return <SkeletonList rows={3} label="Carregando usuários do plano..." />;
  if (usuarios.isError) return <ErrorNotice error={usuarios.error} onRetry={() => void usuarios.refetch()} />;
  if (usuarios.data.length === 0)
    return <p className="text-sm text-slate-700">Nenhum usuário neste plano.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
      {usuarios.data.map((usuario) => (
        <li key={usuario.id} className="px-4 py-3">
          <p className="font-medium text-slate-900">{usuario.nome}</p>
          <p className="text-sm break-all text-slate-700">{usuario.email}</p>
          {usuario.empresa ? <p className="text-sm text-slate-600">{usuario.empresa}</p> : null}
        </li>
      ))}
    </ul>
  );
}
