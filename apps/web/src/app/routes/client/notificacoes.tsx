import { useAuth } from '../../../features/auth';
import { AvisoSemNotificacoes } from '../../../features/notificacoes/components/aviso-sem-notificacoes';
import { NotificacoesLista } from '../../../features/notificacoes/components/notificacoes-lista';
import { useDocumentTitle } from '../../../lib/document-title';

export function NotificacoesPage() {
  useDocumentTitle('Notificações');
  const { user } = useAuth();
  const semNotificacoes = user?.tipo === 'cliente' && user.plano !== null && !user.plano.notificacoes;
  return <NotificacoesLista aviso={semNotificacoes ? <AvisoSemNotificacoes /> : null} />;
}
