import { ListaDeAvisos } from '../../../features/avisos/components/lista-de-avisos';
import { useDocumentTitle } from '../../../lib/document-title';

/** /avisos: every notice of the client (the bell's "Ver todos"). */
export function AvisosPage() {
  useDocumentTitle('Avisos');
  return <ListaDeAvisos />;
}
