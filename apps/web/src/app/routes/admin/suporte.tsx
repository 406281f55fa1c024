import { useParams } from 'react-router';
import { CaixaDeEntrada } from '../../../features/suporte/components/caixa-de-entrada';
import { Conversa } from '../../../features/suporte/components/conversa';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';

/** /admin/suporte (issue 18): the support inbox, priority-support companies first, then the oldest. */
export function AdminSuportePage() {
  useDocumentTitle('Suporte');
  return (
    <div className="mx-auto w-full max-w-7xl min-w-0 space-y-6 px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Suporte</h1>
      <CaixaDeEntrada />
    </div>
  );
}

/** /admin/suporte/:id: one request's thread, to answer, close or reopen. */
export function AdminSuporteChamadoPage() {
  useDocumentTitle('Suporte');
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-7xl min-w-0 space-y-6 px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Suporte</h1>
      <Conversa key={id} lado="admin" id={id} voltar={paths.adminSuporte} />
    </div>
  );
}
