import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
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

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-xl font-semibold text-slate-900">Planos</h2>
        <button type="button" onClick={() => setEditando('novo')} className={buttonClass('primary')}>
          Novo plano
        </button>
      </div>

      {planos.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Carregando planos...
        </p>
      ) : planos.isError ? (
        <ErrorNotice error={planos.error} onRetry={() => void planos.refetch()} />
      ) : planos.data.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum plano cadastrado.</p>
      ) : (
        // relative: keeps the screen-reader-only texts inside the scrolling box (see the users table).
        <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Planos, do mais barato ao mais caro</caption>
            <thead className="bg-slate-50">
              <tr>
                {['Plano', 'Preço', 'Limites', 'Recursos', 'Usuários', 'Situação', 'Ações'].map((coluna) => (
                  <th
                    key={coluna}
                    scope="col"
                    className="px-3 py-2.5 text-left font-semibold whitespace-nowrap text-slate-900"
                  >
                    {coluna}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {planos.data.map((plano) => (
                <tr key={plano.id}>
                  <th scope="row" className="min-w-48 px-3 py-3 text-left align-top font-normal">
                    <span className="flex flex-wrap items-center gap-1.5 font-semibold text-slate-900">
                      {plano.nome}
                      {plano.padrao ? <Badge tone="brand">Padrão</Badge> : null}
                    </span>
                    {plano.descricao ? (
                      <span className="mt-1 block text-slate-600">{plano.descricao}</span>
                    ) : null}
                  </th>
                  <td className="px-3 py-3 align-top font-medium whitespace-nowrap text-slate-900">
                    {formatBRL(plano.preco)}
                  </td>
                  <td className="px-3 py-3 align-top whitespace-nowrap text-slate-700">
                    {plural(plano.maxLaudos, 'laudo', 'laudos')}
                    <br />
                    {plural(plano.maxUsuarios, 'usuário', 'usuários')}
                  </td>
                  <td className="min-w-56 px-3 py-3 align-top">
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
                  </td>
                  <td className="px-3 py-3 align-top whitespace-nowrap">
                    <span className="block text-slate-900">{plano.usuarios.toLocaleString('pt-BR')}</span>
                    <button
                      type="button"
                      onClick={() => setVendoUsuarios(plano)}
                      className="mt-1 text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
                    >
                      Ver usuários <span className="sr-only">do plano {plano.nome}</span>
                    </button>
                  </td>
                  <td className="px-3 py-3 align-top">
                    <Switch
                      checked={plano.ativo}
                      disabled={alterar.isPending && alterar.variables?.id === plano.id}
                      onToggle={() => alternarAtivo(plano)}
                      label="Ativo"
                      detail={`plano ${plano.nome}`}
                    />
                  </td>
                  <td className="px-3 py-3 align-top">
                    <button
                      type="button"
                      onClick={() => setEditando(plano)}
                      className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                    >
                      Editar <span className="sr-only">plano {plano.nome}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
