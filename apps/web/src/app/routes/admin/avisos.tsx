import { ListaDeAvisos } from '../../../features/avisos/components/lista-de-avisos';
import { useDocumentTitle } from '../../../lib/document-title';

/** /admin/avisos: every notice of the admin (the bell's "Ver todos"). */
export function AdminAvisosPage() {
  useDocumentTitle('Avisos');
  return <ListaDeAvisos />;
}
