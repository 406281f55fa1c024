import { useAuth } from '../../../features/auth';
import { VencimentosLista } from '../../../features/laudos/components/vencimentos-lista';
import { useDocumentTitle } from '../../../lib/document-title';

export function VencimentosPage() {
  useDocumentTitle('Vencimentos');
  const { user } = useAuth();
  return (
    <VencimentosLista
      admin={user?.tipo === 'admin'}
      exportacaoIncluida={user?.tipo === 'admin' || Boolean(user?.plano?.dataExport)}
      importacaoPermitida={
        user?.tipo === 'admin' || (user?.papel === 'gestor' && Boolean(user.plano?.dataExport))
      }
    />
  );
}
