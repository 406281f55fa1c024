import { NotificacoesLista } from '../../../features/notificacoes/components/notificacoes-lista';
import { useDocumentTitle } from '../../../lib/document-title';

export function NotificacoesPage() {
  useDocumentTitle('Notificações');
  return <NotificacoesLista />;
}
