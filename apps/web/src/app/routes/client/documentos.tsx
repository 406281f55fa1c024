import { useAuth } from '../../../features/auth';
import { TODOS_OS_RECURSOS } from '../../../features/laudos/components/arquivos-laudo';
import { DocumentosLista } from '../../../features/laudos/components/documentos-lista';
import { usePublicSettings } from '../../../features/settings/api/public-settings';
import { useDocumentTitle } from '../../../lib/document-title';

export function DocumentosPage() {
  useDocumentTitle('Documentos');
  const { user } = useAuth();
  const settings = usePublicSettings();
  return (
    <DocumentosLista admin={user?.tipo === 'admin'} recursos={settings.data?.features ?? TODOS_OS_RECURSOS} />
  );
}
