import { UnderConstruction } from '../../../components/ui/under-construction';

export function NotificacoesPage() {
  return <UnderConstruction title="Notificações" description="Avisos enviados sobre os seus laudos." />;
}
