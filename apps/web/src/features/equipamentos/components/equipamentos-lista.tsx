import { formatDateBR } from '@laudos/domain';
import { NOMES_DOS_TIPOS, TIPOS_DE_EQUIPAMENTO } from '@laudos/domain/api';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmpresaCombobox, type EmpresaEscolhida } from '../../../components/empresa-combobox';
import { SkeletonTable } from '../../../components/loading';
import { buttonClass } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField, TextField } from '../../../components/ui/field';
import { equipamentoHref, paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { EquipamentoResumo, Situacao } from '../api/equipamento';
import { useEquipamentos } from '../api/list-equipamentos';
import { NOMES_DAS_SITUACOES, SituacaoBadge } from './situacao-badge';

const CATEGORIAS = ['I', 'II', 'III', 'IV', 'V', 'A', 'B'] as const;

/**
 * The NR-13 equipment: a client's company's, or every company's for an admin (with a company
 * filter). A row is a card below 768 px (DataTable), so a phone never scrolls sideways.
 */
export function EquipamentosLista({ admin }: { admin: boolean }) {
  // The filters live in the address, so a reload, the back button or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const filtro = (chave: string) => params.get(chave) ?? '';
  const tipo = filtro('tipo');
  const categoria = filtro('categoria');
  const situacao = filtro('situacao') as Situacao | '';
  const vencimentoAte = filtro('vencimentoAte');
  const empresaId = admin ? filtro('empresa') : '';
  const empresa: EmpresaEscolhida | null = empresaId
    ? { id: empresaId, nome: params.get('empresaNome') ?? '' }
    : null;
  const [busca, setBusca] = useState(filtro('busca'));
  const buscaAtiva = useDebouncedValue(busca, 300);
  const mudar = (valores: Record<string, string>) =>
    setParams(
      (atual) => {
        const proximo = new URLSearchParams(atual);
        for (const [chave, valor] of Object.entries(valores))
          if (valor) proximo.set(chave, valor);
          else proximo.delete(chave);
        return proximo;
      },
      { replace: true },
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search is written
  useEffect(() => {
    if (buscaAtiva.trim() !== (params.get('busca') ?? '')) mudar({ busca: buscaAtiva.trim() });
  }, [buscaAtiva]);
  const filtrado = Boolean(busca || tipo || categoria || situacao || vencimentoAte || empresa);
  const consulta = useEquipamentos({
    busca: buscaAtiva,
    tipo,
    categoria,
    situacao,
    vencimentoAte,
    ...(empresa ? { empresaId: empresa.id } : {}),
  });

  return (
    <div className="space-y-6">
      <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {admin ? (
          <div className="sm:col-span-2 lg:col-span-5">
            <EmpresaCombobox
              optional
              selecionada={empresa}
              onSelecionar={(e) => mudar({ empresa: e?.id ?? '', empresaNome: e?.nome ?? '' })}
            />
          </div>
        ) : null}
        <TextField
          label="Buscar"
          type="search"
          name="busca"
          placeholder="TAG, descrição ou local"
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
        />
        <SelectField label="Tipo" name="tipo" value={tipo} onChange={(e) => mudar({ tipo: e.target.value })}>
          <option value="">Todos</option>
          {TIPOS_DE_EQUIPAMENTO.map((t) => (
            <option key={t} value={t}>
              {NOMES_DOS_TIPOS[t]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Categoria"
          name="categoria"
          value={categoria}
          onChange={(e) => mudar({ categoria: e.target.value })}
        >
          <option value="">Todas</option>
          {CATEGORIAS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Situação"
          name="situacao"
          value={situacao}
          onChange={(e) => mudar({ situacao: e.target.value })}
        >
          <option value="">Todas</option>
          {(Object.keys(NOMES_DAS_SITUACOES) as Situacao[]).map((s) => (
            <option key={s} value={s}>
              {NOMES_DAS_SITUACOES[s]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Vence até"
          type="date"
          name="vencimentoAte"
          value={vencimentoAte}
          onChange={(e) => mudar({ vencimentoAte: e.target.value })}
        />
      </search>

      {consulta.isPending ? (
        <SkeletonTable />
      ) : consulta.isError ? (
        <ErrorNotice error={consulta.error} onRetry={() => void consulta.refetch()} />
      ) : consulta.data.length === 0 ? (
        <div className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">
            {filtrado
              ? 'Nenhum equipamento encontrado com estes filtros.'
              : 'Nenhum equipamento cadastrado ainda.'}
          </p>
          <Link to={paths.novoEquipamento} className={`${buttonClass('primary')} mt-4`}>
            Cadastrar equipamento
          </Link>
        </div>
      ) : (
        <DataTable<EquipamentoResumo>
          caption="Equipamentos NR-13"
          rows={consulta.data}
          rowKey={(e) => e.id}
          busy={consulta.isPlaceholderData}
          columns={[
            {
              header: 'TAG',
              rowHeader: true,
              cell: (e) => (
                <Link
                  to={equipamentoHref(e.id)}
                  className="font-semibold break-words text-brand-700 hover:underline"
                >
                  {e.tag}
                </Link>
              ),
            },
            { header: 'Tipo', cell: (e) => NOMES_DOS_TIPOS[e.tipo] },
            ...(admin ? [{ header: 'Empresa', cell: (e: EquipamentoResumo) => e.empresaNome }] : []),
            {
              header: 'Descrição / local',
              className: '[overflow-wrap:anywhere]',
              cell: (e) => [e.descricao, e.localizacao].filter(Boolean).join(' — ') || '—',
            },
            { header: 'Categoria', cell: (e) => e.categoria ?? '—' },
            {
              header: 'Próximo vencimento',
              className: 'whitespace-nowrap',
              cell: (e) => (e.proximaData ? formatDateBR(e.proximaData) : '—'),
            },
            { header: 'Situação', cell: (e) => <SituacaoBadge situacao={e.situacao} /> },
          ]}
        />
      )}
    </div>
  );
}
