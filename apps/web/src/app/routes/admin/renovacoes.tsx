import { FunilMensal } from '../../../features/renovacoes/components/funil';
import { QuadroDeRenovacoes } from '../../../features/renovacoes/components/quadro';
import { useDocumentTitle } from '../../../lib/document-title';

/** /admin/renovacoes (issue 19, decision 029): the renewal requests' board and the monthly funnel. */
export function AdminRenovacoesPage() {
  useDocumentTitle('Renovações');
  return (
    <div className="mx-auto w-full max-w-7xl min-w-0 space-y-8 px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Renovações</h1>
      <QuadroDeRenovacoes />
      <section className="min-w-0 space-y-3" aria-labelledby="funil-titulo">
        <h2 id="funil-titulo" className="text-xl font-semibold text-slate-900">
          Funil mensal
        </h2>
        <FunilMensal />
      </section>
    </div>
  );
}
