import { descreverPeriodo } from '@laudos/domain';
import { NOMES_DOS_EXAMES_DOS_TIPOS } from '@laudos/domain/api';
import { useState } from 'react';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/validation';
import { type TipoLaudoAdmin, useAlterarTipoDeLaudo, useTiposLaudoAdmin } from '../api/tipos-laudo-admin';
import { TipoLaudoFormDialog } from './tipo-laudo-form-dialog';

/**
 * The "Tipos de laudo" tab of /admin (decision 049): the list the laudos' types come from, each with
 * its default period and the NR-13 exam it stands for.
 */
export function TiposLaudoAdmin() {
  const tipos = useTiposLaudoAdmin();
  const revelando = useRevealDelay(tipos.isPending);
  const alterar = useAlterarTipoDeLaudo();
  const { showToast } = useToast();
  const [editando, setEditando] = useState<TipoLaudoAdmin | 'novo' | null>(null);

  function alternarAtivo(tipo: TipoLaudoAdmin) {
    alterar.mutate(
      { nome: tipo.nome, ativo: !tipo.ativo },
      {
        onSuccess: (salvo) =>
          showToast({
            type: 'success',
            title: salvo.ativo ? `Tipo ${salvo.nome} ativado.` : `Tipo ${salvo.nome} desativado.`,
          }),
        onError: (error) =>
          showToast({
            type: 'error',
            title: 'Não foi possível alterar o tipo',
            message: errorMessage(error),
          }),
      },
    );
  }

  const colunas: DataTableColumn<TipoLaudoAdmin>[] = [
    {
      header: 'Tipo',
      rowHeader: true,
      className: 'min-w-48 font-normal',
      cell: (tipo) => (
        <>
          <span className="block font-semibold text-slate-900">{tipo.nome}</span>
          {tipo.descricao ? <span className="mt-1 block text-slate-600">{tipo.descricao}</span> : null}
        </>
      ),
    },
    {
      header: 'Período padrão',
      className: 'whitespace-nowrap text-slate-700',
      cell: (tipo) =>
        tipo.periodoMeses ? (
          descreverPeriodo(tipo.periodoMeses)
        ) : (
          <span className="text-slate-500">Data digitada</span>
        ),
    },
    {
      header: 'Exame NR-13',
      className: 'text-slate-700',
      cell: (tipo) =>
        tipo.exame ? NOMES_DOS_EXAMES_DOS_TIPOS[tipo.exame] : <span className="text-slate-500">Nenhum</span>,
    },
    { header: 'Ordem', className: 'text-slate-700', cell: (tipo) => tipo.ordem },
    {
      header: 'Situação',
      cell: (tipo) => (
        <Switch
          checked={tipo.ativo}
          disabled={alterar.isPending && alterar.variables?.nome === tipo.nome}
          onToggle={() => alternarAtivo(tipo)}
          label="Ativo"
          detail={`tipo ${tipo.nome}`}
        />
      ),
    },
    {
      header: 'Ações',
      cell: (tipo) => (
        <button
          type="button"
          onClick={() => setEditando(tipo)}
          className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          Editar <span className="sr-only">tipo {tipo.nome}</span>
        </button>
      ),
    },
  ];

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Tipos de laudo</h2>
          <p className="mt-1 text-sm text-slate-600">
            Um período padrão sugere o vencimento dos laudos novos; um exame NR-13 vinculado dá o tipo aos
            laudos que o cadastro de equipamentos cria.
          </p>
        </div>
        <button type="button" onClick={() => setEditando('novo')} className={buttonClass('primary')}>
          Novo tipo
        </button>
      </div>

      {tipos.isPending || revelando ? (
        <SkeletonTable rows={4} columns={5} label="Carregando tipos de laudo..." />
      ) : tipos.isError ? (
        <ErrorNotice error={tipos.error} onRetry={() => void tipos.refetch()} />
      ) : (
        <DataTable
          caption="Tipos de laudo, na ordem em que aparecem"
          columns={colunas}
          rows={tipos.data}
          rowKey={(tipo) => tipo.nome}
          empty="Nenhum tipo cadastrado."
        />
      )}

      <TipoLaudoFormDialog
        open={editando !== null}
        tipo={editando === 'novo' ? null : editando}
        onClose={() => setEditando(null)}
      />
    </div>
  );
}
