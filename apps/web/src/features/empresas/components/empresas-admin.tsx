import { useEffect, useState } from 'react';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { plural } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { EmpresasFiltro } from '../api/empresa';
import { useEmpresas } from '../api/list-empresas';
import type { PlanoOpcao } from './empresa-form';
import { EmpresasTabela } from './empresas-tabela';
import { NovaEmpresaDialog } from './nova-empresa-dialog';
import { PEDIDOS_ID, PedidosAcesso } from './pedidos-acesso';

const POR_PAGINA = 20;

type Filtros = Pick<EmpresasFiltro, 'busca' | 'planoId' | 'ativo'>;

/**
 * The "Empresas" tab of /admin: the requests to join waiting for an answer, then the companies
 * (search, plan, state, one page at a time) and "Nova empresa".
 */
export function EmpresasAdmin({ planos }: { planos: readonly PlanoOpcao[] }) {
  const [filtros, setFiltros] = useState<Filtros>({ busca: '', planoId: '', ativo: '' });
  const [pagina, setPagina] = useState(1);
  const [criando, setCriando] = useState(false);
  const buscaAtiva = useDebouncedValue(filtros.busca, 300);
  const { planoId, ativo } = filtros;

  // A new search or filter starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the filters changing, by design
  useEffect(() => setPagina(1), [buscaAtiva, planoId, ativo]);

  const empresas = useEmpresas({ ...filtros, busca: buscaAtiva, pagina, porPagina: POR_PAGINA });
  const revelando = useRevealDelay(empresas.isPending);
  const total = empresas.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));
  const pendentes = empresas.data?.pedidosPendentes ?? 0;
  const semFiltro = !buscaAtiva.trim() && !planoId && !ativo;

  function alterar(alteracao: Partial<Filtros>) {
    setFiltros((atuais) => ({ ...atuais, ...alteracao }));
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-xl font-semibold text-slate-900">Empresas</h2>
          {pendentes > 0 ? (
            <a href={`#${PEDIDOS_ID}`} className="rounded-full">
              <Badge tone="warning">
                {plural(pendentes, 'pedido de acesso pendente', 'pedidos de acesso pendentes')}
              </Badge>
            </a>
          ) : null}
        </div>
        <button type="button" onClick={() => setCriando(true)} className={buttonClass('primary')}>
          Nova empresa
        </button>
      </div>

      <PedidosAcesso planos={planos} />

      <search className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Buscar"
          type="search"
          name="busca"
          placeholder="Nome, razão social ou CNPJ"
          value={filtros.busca}
          onChange={(event) => alterar({ busca: event.target.value })}
        />
        <SelectField
          label="Plano"
          name="filtroPlano"
          value={filtros.planoId}
          onChange={(event) => alterar({ planoId: event.target.value })}
        >
          <option value="">Todos</option>
          {planos.map((plano) => (
            <option key={plano.id} value={plano.id}>
              {plano.nome}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Situação"
          name="filtroSituacao"
          value={filtros.ativo}
          onChange={(event) => alterar({ ativo: event.target.value as Filtros['ativo'] })}
        >
          <option value="">Todas</option>
          <option value="true">Ativas</option>
          <option value="false">Inativas</option>
        </SelectField>
      </search>

      {empresas.isPending || revelando ? (
        <SkeletonTable rows={5} columns={6} label="Carregando empresas..." />
      ) : empresas.isError ? (
        <ErrorNotice error={empresas.error} onRetry={() => void empresas.refetch()} />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {total === 0
              ? semFiltro
                ? 'Nenhuma empresa cadastrada.'
                : 'Nenhuma empresa encontrada com esses filtros.'
              : `${plural(total, 'empresa encontrada', 'empresas encontradas')}.`}
          </p>
          <EmpresasTabela empresas={empresas.data.empresas} busy={empresas.isPlaceholderData} />
          <Pagination label="Páginas de empresas" pagina={pagina} paginas={paginas} onChange={setPagina} />
        </>
      )}

      <NovaEmpresaDialog open={criando} planos={planos} onClose={() => setCriando(false)} />
    </div>
  );
}
