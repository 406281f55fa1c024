import { formatDateBR } from '@laudos/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
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

/** The "Laudos" tab of /admin: every client's laudos, filtered, sorted and paged by the server. */
export function LaudosAdmin() {
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
    status,
    tipo,
    vencimentoDe,
    vencimentoAte,
    ...ordenacao,
    pagina,
    porPagina: POR_PAGINA,
  });
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
        <Link to={paths.novoLaudo} className={buttonClass('primary')}>
          Novo laudo
        </Link>
      </div>

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

      {laudos.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Carregando laudos...
        </p>
      ) : laudos.isError ? (
        <ErrorNotice error={laudos.error} onRetry={() => void laudos.refetch()} />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {total === 0
              ? 'Nenhum laudo encontrado.'
              : `${plural(total, 'laudo encontrado', 'laudos encontrados')}.`}
          </p>
          {laudos.data.laudos.length > 0 ? (
            <LaudosTabela
              laudos={laudos.data.laudos}
              ordenacao={ordenacao}
              busy={laudos.isPlaceholderData}
              onOrdenar={ordenar}
            />
          ) : null}
          <Pagination label="Páginas de laudos" pagina={pagina} paginas={paginas} onChange={setPagina} />
        </>
      )}
    </div>
  );
}

const colunas: { ordem: OrdemLaudos | null; rotulo: string }[] = [
  { ordem: 'nome', rotulo: 'Nome' },
  { ordem: 'codigo', rotulo: 'Código' },
  { ordem: 'cliente', rotulo: 'Cliente' },
  { ordem: null, rotulo: 'Tipo' },
  { ordem: 'vencimento', rotulo: 'Vencimento' },
  { ordem: null, rotulo: 'Situação' },
  { ordem: 'criadoEm', rotulo: 'Criado em' },
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
  const th = 'px-3 py-2.5 text-left font-semibold text-slate-900 whitespace-nowrap';
  const td = 'px-3 py-3 align-top';
  return (
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table aria-busy={busy || undefined} className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Laudos (clique no título de uma coluna para ordenar)</caption>
        <thead className="bg-slate-50">
          <tr>
            {colunas.map((coluna) => {
              const ativa = coluna.ordem !== null && ordenacao.ordem === coluna.ordem;
              const sentido = ordenacao.direcao === 'asc' ? 'ascending' : 'descending';
              return (
                <th key={coluna.rotulo} scope="col" className={th} aria-sort={ativa ? sentido : undefined}>
                  {coluna.ordem ? (
                    <button
                      type="button"
                      onClick={() => coluna.ordem && onOrdenar(coluna.ordem)}
                      className="inline-flex items-center gap-1 rounded hover:text-brand-700"
                    >
                      {coluna.rotulo}
                      <span aria-hidden="true" className="text-xs text-slate-500">
                        {ativa ? (ordenacao.direcao === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    coluna.rotulo
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-200 ${busy ? 'opacity-60' : ''}`}>
          {laudos.map((laudo) => (
            <tr key={laudo.id}>
              <th scope="row" className={`${td} min-w-48 text-left font-medium`}>
                <Link to={laudoHref(laudo.id)} className="text-brand-700 hover:underline">
                  {laudo.nome}
                </Link>
              </th>
              <td className={`${td} whitespace-nowrap text-slate-700`}>{laudo.codigo}</td>
              <td className={`${td} min-w-40 text-slate-700`}>{laudo.cliente}</td>
              <td className={`${td} whitespace-nowrap text-slate-700`}>{laudo.tipo}</td>
              <td className={`${td} whitespace-nowrap text-slate-700`}>
                {laudo.dataVencimento ? formatDateBR(laudo.dataVencimento) : '—'}
                <br />
                <DescricaoVencimento vencimento={laudo.vencimento} className="text-xs" />
              </td>
              <td className={td}>
                <VencimentoBadge status={laudo.vencimento.status} />
              </td>
              <td className={`${td} whitespace-nowrap text-slate-700`}>{formatDateTime(laudo.criadoEm)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
