import { useState } from 'react';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Switch } from '../../../components/ui/switch';
import { formatBRL, plural } from '../../../lib/format';
import { errorMessage } from '../../../lib/validation';
import { usePlanos } from '../api/list-planos';
import { useAlterarPlano } from '../api/mutations';
import { type Plano, recursosDoPlano } from '../api/plano';
import { PlanoFormDialog } from './plano-form-dialog';
import { PlanoUsuariosDialog } from './plano-usuarios-dialog';

/** The "Planos" tab of /admin. */
export function PlanosAdmin() {
  const planos = usePlanos();
  const revelando = useRevealDelay(planos.isPending);
  const alterar = useAlterarPlano();
  const { showToast } = useToast();
  const [editando, setEditando] = useState<Plano | 'novo' | null>(null);
  const [vendoUsuarios, setVendoUsuarios] = useState<Plano | null>(null);

  function alternarAtivo(plano: Plano) {
    alterar.mutate(
      { id: plano.id, ativo: !plano.ativo },
      {
        onSuccess: (saved) =>
          showToast({
            type: 'success',
            title: saved.ativo ? `Plano ${saved.nome} ativado.` : `Plano ${saved.nome} desativado.`,
          }),
        onError: (error) =>
          showToast({
            type: 'error',
            title: 'Não foi possível alterar o plano',
            message: errorMessage(error),
          }),
      },
    );
  }

  const colunas: DataTableColumn<Plano>[] = [
    {
      header: 'Plano',
      rowHeader: true,
      className: 'min-w-48 font-normal',
      cell: (plano) => (
        <>
          <span className="flex flex-wrap items-center gap-1.5 font-semibold text-slate-900">
            {plano.nome}
            {plano.padrao ? <Badge tone="brand">Padrão</Badge> : null}
          </span>
          {plano.descricao ? <span className="mt-1 block text-slate-600">{plano.descricao}</span> : null}
        </>
      ),
    },
    {
      header: 'Preço',
      className: 'font-medium whitespace-nowrap text-slate-900',
      cell: (plano) => formatBRL(plano.preco),
    },
    {
      header: 'Limites',
      className: 'whitespace-nowrap text-slate-700',
      cell: (plano) => (
        <>
          {plural(plano.maxLaudos, 'laudo', 'laudos')}
          <br />
          {plural(plano.maxUsuarios, 'usuário', 'usuários')}
        </>
      ),
    },
    {
      header: 'Recursos',
      className: 'min-w-56',
      cell: (plano) => (
        <ul className="flex flex-wrap gap-1" aria-label={`Recursos do plano ${plano.nome}`}>
          {recursosDoPlano.map(([key, label]) => (
            <li key={key}>
              {plano[key] ? (
                <Badge tone="success">{label}</Badge>
              ) : (
                <span className="inline-flex rounded-full px-2 py-0.5 text-xs text-slate-500 line-through">
                  <span className="sr-only">Sem</span> {label}
                </span>
              )}
            </li>
          ))}
        </ul>
      ),
    },
    {
      header: 'Usuários',
      className: 'whitespace-nowrap',
      cell: (plano) => (
        <>
          <span className="block text-slate-900">{plano.usuarios.toLocaleString('pt-BR')}</span>
          <button
            type="button"
            onClick={() => setVendoUsuarios(plano)}
            className="mt-1 text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            Ver usuários <span className="sr-only">do plano {plano.nome}</span>
          </button>
        </>
      ),
    },
    {
      header: 'Situação',
      cell: (plano) => (
        <Switch
          checked={plano.ativo}
          disabled={alterar.isPending && alterar.variables?.id === plano.id}
          onToggle={() => alternarAtivo(plano)}
          label="Ativo"
          detail={`plano ${plano.nome}`}
        />
      ),
    },
    {
      header: 'Ações',
      cell: (plano) => (
        <button
          type="button"
          onClick={() => setEditando(plano)}
          className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          Editar <span className="sr-only">plano {plano.nome}</span>
        </button>
      ),
    },
  ];

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-xl font-semibold text-slate-900">Planos</h2>
        <button type="button" onClick={() => setEditando('novo')} className={buttonClass('primary')}>
          Novo plano
        </button>
      </div>

      {planos.isPending || revelando ? (
        <SkeletonTable rows={3} columns={5} label="Carregando planos..." />
      ) : planos.isError ? (
        <ErrorNotice error={planos.error} onRetry={() => void planos.refetch()} />
      ) : (
        <DataTable
          caption="Planos, do mais barato ao mais caro"
          columns={colunas}
          rows={planos.data}
          rowKey={(plano) => plano.id}
          empty="Nenhum plano cadastrado."
        />
      )}

      <PlanoFormDialog
        open={editando !== null}
        plano={editando === 'novo' ? null : editando}
        onClose={() => setEditando(null)}
      />
      <PlanoUsuariosDialog plano={vendoUsuarios} onClose={() => setVendoUsuarios(null)} />
    </div>
  );
}
