import { useAuth } from '../../../features/auth';
import { LaudosDashboard } from '../../../features/laudos/components/laudos-dashboard';
import { useDocumentTitle } from '../../../lib/document-title';

export function DashboardPage() {
  useDocumentTitle('Painel');
  const { user } = useAuth();
  return <LaudosDashboard admin={user?.tipo === 'admin'} />;
}
