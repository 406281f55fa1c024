import { useEffect, useState } from 'react';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlert } from '../../../components/ui/form-alert';
import { Pagination } from '../../../components/ui/pagination';
import { plural } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { errorMessage } from '../../../lib/validation';
import { useUsuarios } from '../api/list-usuarios';
import { useAlterarUsuario, useSincronizarUsuarios } from '../api/mutations';
import type { Usuario } from '../api/usuario';
import { type AcaoUsuario, UsuarioAcoes } from './usuario-acoes';
import type { PlanoOpcao } from './usuario-form-dialog';
import { type FiltrosUsuarios, UsuariosFiltros } from './usuarios-filtros';
import { UsuariosTabela } from './usuarios-tabela';

const POR_PAGINA = 20;

type UsuariosAdminProps = {
  /** For the plan filter and the user form (the plans live in their own feature). */
  planos: readonly PlanoOpcao[];
  /** The signed-in admin, who may not deactivate or delete their own account. */
  currentUserId: string;
};

/** The "Usuários" tab of /admin: the heading's actions, the filters, one page of users, the dialogs. */
export function UsuariosAdmin({ planos, currentUserId }: UsuariosAdminProps) {
  const { showToast } = useToast();
  const [filtros, setFiltros] = useState<FiltrosUsuarios>({ busca: '', tipo: '', ativo: '', planoId: '' });
  const [pagina, setPagina] = useState(1);
  const [acao, setAcao] = useState<AcaoUsuario | null>(null);
  const buscaAtiva = useDebouncedValue(filtros.busca, 300);
  const { tipo, ativo, planoId } = filtros;

  // A new search or filter starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the filters changing, by design
  useEffect(() => setPagina(1), [buscaAtiva, tipo, ativo, planoId]);

  const usuarios = useUsuarios({ ...filtros, busca: buscaAtiva, pagina, porPagina: POR_PAGINA });
  const revelando = useRevealDelay(usuarios.isPending);
  const reativacao = useAlterarUsuario();

  const total = usuarios.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));
  // After deleting the last user of the last page, step back to a page that exists.
  useEffect(() => {
    if (usuarios.data && pagina > paginas) setPagina(paginas);
  }, [usuarios.data, pagina, paginas]);

  function reativar(usuario: Usuario) {
    reativacao.mutate(
      { id: usuario.id, ativo: true },
      {
        onSuccess: () => showToast({ type: 'success', title: `${usuario.nome} foi reativado.` }),
        onError: (error) =>
          showToast({ type: 'error', title: 'Não foi possível reativar', message: errorMessage(error) }),
      },
    );
  }

  const semFiltro = !buscaAtiva.trim() && !tipo && !ativo && !planoId;

  return (
    <div className="space-y-5">
      <UsuariosCabecalho onNovo={() => setAcao({ tipo: 'novo' })} />

      <UsuariosFiltros
        filtros={filtros}
        planos={planos}
        onChange={(alteracao) => setFiltros((atuais) => ({ ...atuais, ...alteracao }))}
      />

      {usuarios.isPending || revelando ? (
        <SkeletonTable rows={5} columns={5} label="Carregando usuários..." />
      ) : usuarios.isError ? (
        <ErrorNotice error={usuarios.error} onRetry={() => void usuarios.refetch()} />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {total === 0
              ? semFiltro
                ? 'Nenhum usuário cadastrado.'
                : 'Nenhum usuário encontrado com esses filtros.'
              : `${plural(total, 'usuário encontrado', 'usuários encontrados')}.`}
          </p>
          <UsuariosTabela
            usuarios={usuarios.data.usuarios}
            currentUserId={currentUserId}
            busy={usuarios.isPlaceholderData}
            onAcao={setAcao}
            onReativar={reativar}
          />
          <Pagination label="Páginas de usuários" pagina={pagina} paginas={paginas} onChange={setPagina} />
        </>
      )}

      <UsuarioAcoes acao={acao} planos={planos} onClose={() => setAcao(null)} />
    </div>
  );
}

/** The tab's heading, "Sincronizar usuários" with its outcome, and "Novo usuário". */
function UsuariosCabecalho({ onNovo }: { onNovo: () => void }) {
  const sincronizar = useSincronizarUsuarios();
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-xl font-semibold text-slate-900">Usuários</h2>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button
            type="button"
            onClick={() => sincronizar.mutate()}
            disabled={sincronizar.isPending}
            className={buttonClass('secondary')}
          >
            {sincronizar.isPending ? 'Sincronizando...' : 'Sincronizar usuários'}
          </button>
          <button type="button" onClick={onNovo} className={buttonClass('primary')}>
            Novo usuário
          </button>
        </div>
      </div>

      {sincronizar.isSuccess ? (
        <FormAlert tone="success">
          <p>
            Sincronização concluída:{' '}
            {plural(sincronizar.data.perfisCriados, 'perfil criado', 'perfis criados')}.
          </p>
          {sincronizar.data.contasSemPerfil.length > 0 ? (
            <p className="mt-1">Contas ainda sem perfil: {sincronizar.data.contasSemPerfil.join(', ')}.</p>
          ) : null}
        </FormAlert>
      ) : null}
      {sincronizar.isError ? <FormAlert>{errorMessage(sincronizar.error)}</FormAlert> : null}
    </>
  );
}
