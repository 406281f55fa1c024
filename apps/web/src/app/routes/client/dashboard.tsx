import { useAuth } from '../../../features/auth';
import { PedidoEmpresaCard } from '../../../features/equipe/components/pedido-empresa-card';
import { LaudosDashboard } from '../../../features/laudos/components/laudos-dashboard';
import { AvisoSemNotificacoes } from '../../../features/notificacoes/components/aviso-sem-notificacoes';
import { useDocumentTitle } from '../../../lib/document-title';

export function DashboardPage() {
  useDocumentTitle('Painel');
  const { user, refresh } = useAuth();
  // A client of no company sees only the laudos sent to their e-mail: say so, and offer to ask.
  const semEmpresa = user?.tipo === 'cliente' && !user.empresa_id;
  // A plan without e-mail notifications: nobody waits for a reminder that will not come (issue 18).
  const semNotificacoes = user?.tipo === 'cliente' && user.plano !== null && !user.plano.notificacoes;
  return (
    <LaudosDashboard
      admin={user?.tipo === 'admin'}
      relatorioIncluido={user?.tipo === 'admin' || Boolean(user?.plano?.customReports)}
      aviso={
        semEmpresa || semNotificacoes ? (
          <div className="space-y-4">
            {semNotificacoes ? <AvisoSemNotificacoes /> : null}
            {semEmpresa ? <PedidoEmpresaCard pedido={user.pedido_empresa} onEnviado={refresh} /> : null}
          </div>
        ) : null
      }
    />
  );
}
