import { useAuth } from '../../../features/auth';
import { PedidoEmpresaCard } from '../../../features/equipe/components/pedido-empresa-card';
import { LaudosDashboard } from '../../../features/laudos/components/laudos-dashboard';
import { useDocumentTitle } from '../../../lib/document-title';

export function DashboardPage() {
  useDocumentTitle('Painel');
  const { user, refresh } = useAuth();
  // A client of no company sees only the laudos sent to their e-mail: say so, and offer to ask.
  const semEmpresa = user?.tipo === 'cliente' && !user.empresa_id;
  return (
    <LaudosDashboard
      admin={user?.tipo === 'admin'}
      relatorioIncluido={user?.tipo === 'admin' || Boolean(user?.plano?.customReports)}
      aviso={semEmpresa ? <PedidoEmpresaCard pedido={user.pedido_empresa} onEnviado={refresh} /> : null}
    />
  );
}
