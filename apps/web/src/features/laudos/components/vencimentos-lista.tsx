import { DIAS_ALERTA_VENCIMENTO, type StatusVencimento } from '@laudos/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { SkeletonList, useRevealDelay } from '../../../components/loading';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { plural } from '../../../lib/format';
import { calendarioNaContaHref, paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLaudosPaginas } from '../api/list-laudos';
import { type Ordenacao, useOrdenacaoNaUrl } from '../hooks/use-ordenacao-na-url';
import { ExportarLaudos } from './exportar-laudos';
import { type FiltrosBasicos, LaudoFiltros } from './laudo-filtros';
import { LaudoLista } from './laudo-lista';
import { SeletorDeVisao, useVisaoVencimentos, VencimentosCalendario } from './vencimentos-calendario';

const POR_PAGINA = 20;
/** By default the most overdue first, then the soonest to expire. */
const ORDEM_PADRAO: Ordenacao = { ordem: 'vencimento', direcao: 'asc' };

const secoes: { status: StatusVencimento; titulo: string; vazio: string }[] = [
  { status: 'vencido', titulo: 'Vencidos', vazio: 'Nenhum laudo vencido.' },
  {
    status: 'vencendo',
    titulo: `Vencendo (até ${DIAS_ALERTA_VENCIMENTO} dias)`,
    vazio: `Nenhum laudo vence nos próximos ${DIAS_ALERTA_VENCIMENTO} dias.`,
  },
  { status: 'ativo', titulo: 'Ativos', vazio: 'Nenhum laudo ativo.' },
];

/**
 * /vencimentos: the laudos in three sections by status, each loaded page by page, or (with
 * ?visao=calendario) a month calendar of the due dates.
 */
export function VencimentosLista({
  admin,
  exportacaoIncluida = false,
  importacaoPermitida = false,
}: {
  admin: boolean;
  /** Whether the plan includes `data_export` (admins always): the export, or what it would give. */
  exportacaoIncluida?: boolean;
  /** Admins, and a gestor whose plan includes `data_export`: the link to the spreadsheet import. */
  importacaoPermitida?: boolean;
}) {
  const [filtros, setFiltros] = useState<FiltrosBasicos>({ busca: '', tipo: '' });
  const busca = useDebouncedValue(filtros.busca, 300);
  const [ordenacao, ordenar] = useOrdenacaoNaUrl(ORDEM_PADRAO);
  const visao = useVisaoVencimentos();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Vencimentos</h1>
          <p className="mt-2 text-slate-700">
            {admin
              ? 'Todos os clientes: laudos vencidos, a vencer e em dia.'
              : 'Acompanhe as datas de vencimento dos seus laudos.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportarLaudos
            filtro={{ busca, tipo: filtros.tipo, ...ordenacao }}
            incluido={exportacaoIncluida}
          />
          <Link to={calendarioNaContaHref} className={buttonClass('secondary')}>
            Adicionar ao calendário
          </Link>
          {importacaoPermitida ? (
            <Link to={paths.importarLaudos} className={buttonClass('secondary')}>
              Importar planilha
            </Link>
          ) : null}
          <Link to={paths.novoLaudo} className={buttonClass('primary')}>
            Novo laudo
          </Link>
        </div>
      </div>
      <div className="mt-6">
        <LaudoFiltros
          valor={filtros}
          onChange={setFiltros}
          // The calendar orders itself by date: no order to choose there.
          {...(visao === 'lista' ? { ordenacao, onOrdenar: ordenar } : {})}
        />
      </div>
      <div className="mt-6">
        <SeletorDeVisao />
      </div>
      {visao === 'calendario' ? (
        <div className="mt-6">
          <VencimentosCalendario busca={busca} tipo={filtros.tipo} admin={admin} />
        </div>
      ) : (
        <div className="mt-8 space-y-10">
          {secoes.map((secao) => (
            <SecaoStatus
              key={secao.status}
              {...secao}
              busca={busca}
              tipo={filtros.tipo}
              ordenacao={ordenacao}
              admin={admin}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function SecaoStatus({
  status,
  titulo,
  vazio,
  busca,
  tipo,
  ordenacao,
  admin,
}: {
  status: StatusVencimento;
  titulo: string;
  vazio: string;
  busca: string;
  tipo: string;
  ordenacao: Ordenacao;
  admin: boolean;
}) {
  const consulta = useLaudosPaginas({ status, busca, tipo, ...ordenacao, porPagina: POR_PAGINA });
  const revelando = useRevealDelay(consulta.isPending);
  const id = `secao-${status}`;
  const laudos = consulta.data?.pages.flatMap((pagina) => pagina.laudos) ?? [];
  const total = consulta.data?.pages[0]?.total ?? 0;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="flex items-baseline gap-2 text-xl font-semibold text-slate-900">
        {titulo}
        {consulta.data ? <span className="text-base font-normal text-slate-600">({total})</span> : null}
      </h2>
      <div className="mt-3">
        {consulta.isPending || revelando ? (
          <SkeletonList rows={3} label="Carregando laudos..." />
        ) : consulta.isError ? (
          <ErrorNotice error={consulta.error} onRetry={() => void consulta.refetch()} />
        ) : laudos.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            {busca.trim() || tipo ? 'Nenhum laudo encontrado com esses filtros.' : vazio}
          </p>
        ) : (
          <>
            <LaudoLista laudos={laudos} mostrarCliente={admin} mostrarStatus={false} />
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600">
                Mostrando {laudos.length} de {plural(total, 'laudo', 'laudos')}.
              </p>
              {consulta.hasNextPage ? (
                <button
                  type="button"
                  onClick={() => void consulta.fetchNextPage()}
                  disabled={consulta.isFetchingNextPage}
                  className={buttonClass('secondary', 'sm')}
                >
                  {consulta.isFetchingNextPage ? (
                    'Carregando...'
                  ) : (
                    <>
                      Carregar mais<span className="sr-only"> em {titulo}</span>
                    </>
                  )}
                </button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
