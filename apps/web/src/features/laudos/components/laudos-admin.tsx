import { formatDateBR } from '@laudos/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { buttonClass } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { formatDateTime, plural } from '../../../lib/format';
import { laudoHref, paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { Laudo, LaudosFiltro, OrdemLaudos } from '../api/laudo';
import { useLaudos } from '../api/list-laudos';
import { TipoSelect } from './laudo-filtros';
import { DescricaoVencimento, VencimentoBadge } from './vencimento-badge';

const POR_PAGINA = 20;

type Ordenacao = { ordem: OrdemLaudos; direcao: 'asc' | 'desc' };

type LaudosAdminProps = {
  /** Only this company's laudos ("Ver laudos da empresa"); its name once known. */
  empresa?: { id: string; nome: string | null };
  /** Removes the company filter. */
  onLimparEmpresa?: () => void;
};

/** The "Laudos" tab of /admin: every client's laudos, filtered, sorted and paged by the server. */
export function LaudosAdmin({ empresa, onLimparEmpresa }: LaudosAdminProps = {}) {
  const [busca, setBusca] = useState('');
  const [cliente, setCliente] = useState('');
  const [status, setStatus] = useState<LaudosFiltro['status']>('');
  const [tipo, setTipo] = useState('');
  const [vencimentoDe, setVencimentoDe] = useState('');
  const [vencimentoAte, setVencimentoAte] = useState('');
  const [ordenacao, setOrdenacao] = useState<Ordenacao>({ ordem: 'vencimento', direcao: 'asc' });
  const [pagina, setPagina] = useState(1);
  const buscaAtiva = useDebouncedValue(busca, 300);
  const clienteAtivo = useDebouncedValue(cliente, 300);

  // A new filter or order starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the filters changing, by design
  useEffect(
    () => setPagina(1),
    [buscaAtiva, clienteAtivo, status, tipo, vencimentoDe, vencimentoAte, ordenacao],
  );

  const laudos = useLaudos({
    busca: buscaAtiva,
    cliente: clienteAtivo,
    ...(empresa ? { empresaId: empresa.id } : {}),
    status,
    tipo,
    vencimentoDe,
    vencimentoAte,
    ...ordenacao,
    pagina,
    porPagina: POR_PAGINA,
  });
  const revelando = useRevealDelay(laudos.isPending);
  const total = laudos.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));

  function ordenar(ordem: OrdemLaudos) {
    setOrdenacao((atual) =>
      atual.ordem === ordem
        ? { ordem, direcao: atual.direcao === 'asc' ? 'desc' : 'asc' }
        : { ordem, direcao: ordem === 'criadoEm' ? 'desc' : 'asc' },
    );
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-xl font-semibold text-slate-900">Laudos de todos os clientes</h2>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.importarLaudos} className={buttonClass('secondary')}>
            Importar planilha
          </Link>
          <Link to={paths.novoLaudo} className={buttonClass('primary')}>
            Novo laudo
          </Link>
        </div>
      </div>

      {empresa ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-slate-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="[overflow-wrap:anywhere]">
            Filtrando pela empresa <strong>{empresa.nome ?? '...'}</strong>.
          </p>
          {onLimparEmpresa ? (
            <button
              type="button"
              onClick={onLimparEmpresa}
              className={`${buttonClass('secondary', 'sm')} shrink-0`}
            >
              Remover filtro <span className="sr-only">da empresa</span>
            </button>
          ) : null}
        </div>
      ) : null}

      <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label="Buscar"
          type="search"
          name="busca"
          placeholder="Nome ou código"
          value={busca}
          onChange={(event) => setBusca(event.target.value)}
        />
        <TextField
          label="Cliente"
          type="search"
          name="filtroCliente"
          value={cliente}
          onChange={(event) => setCliente(event.target.value)}
        />
        <SelectField
          label="Situação"
          name="filtroStatus"
          value={status}
          onChange={(event) => setStatus(event.target.value as LaudosFiltro['status'])}
        >
          <option value="">Todas</option>
          <option value="vencido">Vencidos</option>
          <option value="vencendo">Vencendo</option>
          <option value="ativo">Ativos</option>
        </SelectField>
        <TipoSelect value={tipo} onChange={setTipo} />
        <TextField
          label="Vencimento a partir de"
          type="date"
          name="vencimentoDe"
          value={vencimentoDe}
          onChange={(event) => setVencimentoDe(event.target.value)}
        />
        <TextField
          label="Vencimento até"
          type="date"
          name="vencimentoAte"
          value={vencimentoAte}
          onChange={(event) => setVencimentoAte(event.target.value)}
        />
      </search>

      {laudos.isPending || revelando ? (
        <SkeletonTable rows={5} columns={5} label="Carregando laudos..." />
      ) : laudos.isError ? (
        <ErrorNotice error={laudos.error} onRetry={() => void laudos.refetch()} />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {total === 0
              ? 'Nenhum laudo encontrado.'
              : `${plural(total, 'laudo encontrado', 'laudos encontrados')}.`}
          </p>
          <LaudosTabela
            laudos={laudos.data.laudos}
            ordenacao={ordenacao}
            busy={laudos.isPlaceholderData}
            onOrdenar={ordenar}
          />
          <Pagination label="Páginas de laudos" pagina={pagina} paginas={paginas} onChange={setPagina} />
        </>
      )}
    </div>
  );
}

const colunas: {
  ordem: OrdemLaudos | null;
  rotulo: string;
  className: string;
  cell: (laudo: Laudo) => ReactNode;
  /** See `DataTableColumn.fold`: a line under the name, so the table fits a laptop. */
  fold?: boolean;
}[] = [
  {
    ordem: 'nome',
    rotulo: 'Nome',
    className: 'min-w-40 font-medium',
    cell: (laudo) => (
      <Link to={laudoHref(laudo.id)} className="text-brand-700 hover:underline">
        {laudo.nome}
      </Link>
    ),
  },
  {
    ordem: 'codigo',
    rotulo: 'Código',
    // A code is usually short (NR13-2026-001) and stays on one line; a long one without spaces
    // wraps instead of widening the table past the screen.
    className: 'min-w-32 text-slate-700 [overflow-wrap:anywhere]',
    cell: (laudo) => laudo.codigo,
  },
  {
    ordem: 'cliente',
    rotulo: 'Cliente',
    className: 'min-w-40 text-slate-700 [overflow-wrap:anywhere]',
    cell: (laudo) => laudo.cliente,
  },
  { ordem: null, rotulo: 'Tipo', fold: true, className: 'text-slate-700', cell: (laudo) => laudo.tipo },
  {
    ordem: 'vencimento',
    rotulo: 'Vencimento',
    className: 'whitespace-nowrap text-slate-700',
    cell: (laudo) => (
      <>
        {laudo.dataVencimento ? formatDateBR(laudo.dataVencimento) : '—'}
        <br />
        <DescricaoVencimento vencimento={laudo.vencimento} className="text-xs" />
      </>
    ),
  },
  {
    ordem: null,
    rotulo: 'Situação',
    className: '',
    cell: (laudo) => <VencimentoBadge status={laudo.vencimento.status} />,
  },
  {
    ordem: 'criadoEm',
    rotulo: 'Criado em',
    className: 'whitespace-nowrap text-slate-700',
    cell: (laudo) => formatDateTime(laudo.criadoEm),
  },
];

function LaudosTabela({
  laudos,
  ordenacao,
  busy,
  onOrdenar,
}: {
  laudos: Laudo[];
  ordenacao: Ordenacao;
  busy: boolean;
  onOrdenar: (ordem: OrdemLaudos) => void;
}) {
  const columns = colunas.map(({ ordem, rotulo, className, cell, fold }, indice): DataTableColumn<Laudo> => {
    const ativa = ordem !== null && ordenacao.ordem === ordem;
    return {
      id: rotulo,
      rowHeader: indice === 0,
      className,
      cell,
      fold,
      sort: ativa ? (ordenacao.direcao === 'asc' ? 'ascending' : 'descending') : undefined,
      header: ordem ? (
        <button
          type="button"
          onClick={() => onOrdenar(ordem)}
          className="inline-flex items-center gap-1 rounded hover:text-brand-700"
        >
          {rotulo}
          <span aria-hidden="true" className="text-xs text-slate-500">
            {ativa ? (ordenacao.direcao === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      ) : (
        rotulo
      ),
    };
  });
  return (
    <DataTable
      caption="Laudos (clique no título de uma coluna para ordenar)"
      columns={columns}
      rows={laudos}
      rowKey={(laudo) => laudo.id}
      busy={busy}
    />
  );
}
