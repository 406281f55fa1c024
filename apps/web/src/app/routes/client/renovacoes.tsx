import { RenovacoesDoCliente } from '../../../features/renovacoes/components/renovacoes-cliente';
import { useDocumentTitle } from '../../../lib/document-title';

/** /renovacoes (issue 19, decision 029): the client's renewal requests and their stages. */
export function RenovacoesPage() {
  useDocumentTitle('Renovações');
  return (
    <div className="mx-auto w-full max-w-5xl min-w-0 px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Renovações</h1>
      <div className="mt-6">
        <RenovacoesDoCliente />
      </div>
    </div>
  );
}
