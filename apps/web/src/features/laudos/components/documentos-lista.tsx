import { useState } from 'react';
import { SkeletonList, useRevealDelay } from '../../../components/loading';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { arquivoUrl, type Laudo } from '../api/laudo';
import { useLaudosPaginas } from '../api/list-laudos';
import { type Ordenacao, useOrdenacaoNaUrl } from '../hooks/use-ordenacao-na-url';
import type { RecursosArquivos } from './arquivos-laudo';
import { type FiltrosBasicos, LaudoFiltros } from './laudo-filtros';
import { LaudoLista } from './laudo-lista';
import { PlanilhaDialog } from './planilha-dialog';

const POR_PAGINA = 50;
const ORDEM_PADRAO: Ordenacao = { ordem: 'nome', direcao: 'asc' };

/** /documentos: the laudos with files, each with its PDF and Excel links. */
export function DocumentosLista({ admin, recursos }: { admin: boolean; recursos: RecursosArquivos }) {
  const [filtros, setFiltros] = useState<FiltrosBasicos>({ busca: '', tipo: '' });
  const busca = useDebouncedValue(filtros.busca, 300);
  const [ordenacao, ordenar] = useOrdenacaoNaUrl(ORDEM_PADRAO);
  const consulta = useLaudosPaginas({
    busca,
    tipo: filtros.tipo,
    ...ordenacao,
    porPagina: POR_PAGINA,
    comArquivos: true,
  });
  const revelando = useRevealDelay(consulta.isPending);
  const laudos = consulta.data?.pages.flatMap((pagina) => pagina.laudos) ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Documentos</h1>
      <p className="mt-2 text-slate-700">
        {admin
          ? 'Todos os clientes: arquivos PDF e Excel dos laudos.'
          : 'Os arquivos PDF e Excel dos seus laudos.'}
      </p>
      <div className="mt-6">
        <LaudoFiltros valor={filtros} onChange={setFiltros} ordenacao={ordenacao} onOrdenar={ordenar} />
      </div>
      <div className="mt-6">
        {consulta.isPending || revelando ? (
          <SkeletonList rows={3} label="Carregando documentos..." />
        ) : consulta.isError ? (
          <ErrorNotice error={consulta.error} onRetry={() => void consulta.refetch()} />
        ) : (
          <>
            <p role="status" className="mb-3 text-sm text-slate-600">
              {laudos.length === 0
                ? busca.trim() || filtros.tipo
                  ? 'Nenhum documento encontrado com esses filtros.'
                  : 'Nenhum laudo com arquivos ainda. Envie o PDF ou a planilha na página do laudo.'
                : `${laudos.length} ${laudos.length === 1 ? 'laudo com arquivos' : 'laudos com arquivos'}.`}
            </p>
            {laudos.length > 0 ? (
              <LaudoLista
                laudos={laudos}
                mostrarCliente={admin}
                extra={(laudo) => <ArquivosLinks laudo={laudo} recursos={recursos} />}
              />
            ) : null}
            {consulta.hasNextPage ? (
              <button
                type="button"
                onClick={() => void consulta.fetchNextPage()}
                disabled={consulta.isFetchingNextPage}
                className={`${buttonClass('secondary', 'sm')} mt-3`}
              >
                {consulta.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
              </button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

function ArquivosLinks({ laudo, recursos }: { laudo: Laudo; recursos: RecursosArquivos }) {
  const [verPlanilha, setVerPlanilha] = useState(false);
  const link = 'font-medium text-brand-700 hover:underline';
  return (
    <>
      <ul className="mt-3 space-y-2 text-sm">
        {laudo.arquivo_pdf_url ? (
          <li className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium text-slate-900">PDF:</span>
            <span className="break-all text-slate-700">{laudo.arquivo_pdf}</span>
            {recursos.pdfViewer ? (
              <a
                href={arquivoUrl(laudo.id, 'pdf')}
                target="_blank"
                rel="noopener noreferrer"
                className={link}
              >
                Visualizar <span className="sr-only">o PDF de {laudo.nome} (abre em nova aba)</span>
              </a>
            ) : null}
            <a href={arquivoUrl(laudo.id, 'pdf', true)} download={laudo.arquivo_pdf ?? true} className={link}>
              Baixar <span className="sr-only">o PDF de {laudo.nome}</span>
            </a>
          </li>
        ) : null}
        {laudo.arquivo_excel_url ? (
          <li className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium text-slate-900">Excel:</span>
            <span className="break-all text-slate-700">{laudo.arquivo_excel}</span>
            {/* The same viewer as on the laudo page, so a client need not download to look. */}
            {recursos.excelViewer ? (
              <button
                type="button"
                onClick={() => setVerPlanilha(true)}
                aria-label={`Ver planilha de ${laudo.nome}`}
                className={link}
              >
                Ver planilha
              </button>
            ) : null}
            <a
              href={arquivoUrl(laudo.id, 'excel', true)}
              download={laudo.arquivo_excel ?? true}
              className={link}
            >
              Baixar <span className="sr-only">a planilha de {laudo.nome}</span>
            </a>
          </li>
        ) : null}
      </ul>
      {laudo.arquivo_excel_url && laudo.arquivo_excel ? (
        <PlanilhaDialog
          open={verPlanilha}
          laudoId={laudo.id}
          arquivo={laudo.arquivo_excel}
          onClose={() => setVerPlanilha(false)}
        />
      ) : null}
    </>
  );
}
