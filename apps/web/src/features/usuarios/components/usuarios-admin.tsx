import { useEffect, useState } from 'react';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Pagination } from '../../../components/ui/pagination';
import { plural } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { errorMessage } from '../../../lib/validation';
import { useUsuarios } from '../api/list-usuarios';
import {
  useAlterarUsuario,
  useExcluirUsuario,
  useGerarSenhaTemporaria,
  useSincronizarUsuarios,
} from '../api/mutations';
import type { Usuario, UsuariosFiltro } from '../api/usuario';
import { type PlanoOpcao, UsuarioFormDialog } from './usuario-form-dialog';

const POR_PAGINA = 20;

type Acao =
  | { tipo: 'novo' }
  | { tipo: 'editar'; usuario: Usuario }
  | { tipo: 'desativar'; usuario: Usuario }
  | { tipo: 'senha'; usuario: Usuario }
  | { tipo: 'excluir'; usuario: Usuario };

type UsuariosAdminProps = {
  /** For the plan filter and the user form (the plans live in their own feature). */
  planos: readonly PlanoOpcao[];
  /** The signed-in admin, who may not deactivate or delete their own account. */
  currentUserId: string;
};

/** The "Usuários" tab of /admin. */
export function UsuariosAdmin({ planos, currentUserId }: UsuariosAdminProps) {
  const { showToast } = useToast();
  const [busca, setBusca] = useState('');
  const [tipo, setTipo] = useState<UsuariosFiltro['tipo']>('');
  const [ativo, setAtivo] = useState<UsuariosFiltro['ativo']>('');
  const [planoId, setPlanoId] = useState('');
  const [pagina, setPagina] = useState(1);
  const [acao, setAcao] = useState<Acao | null>(null);
  const buscaAtiva = useDebouncedValue(busca, 300);

  // A new search or filter starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the filters changing, by design
  useEffect(() => setPagina(1), [buscaAtiva, tipo, ativo, planoId]);

  const filtro: UsuariosFiltro = { busca: buscaAtiva, tipo, ativo, planoId, pagina, porPagina: POR_PAGINA };
  const usuarios = useUsuarios(filtro);
  const alterar = useAlterarUsuario();
  const excluir = useExcluirUsuario();
  const senha = useGerarSenhaTemporaria();
  const sincronizar = useSincronizarUsuarios();

  const total = usuarios.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));
  // After deleting the last user of the last page, step back to a page that exists.
  useEffect(() => {
    if (usuarios.data && pagina > paginas) setPagina(paginas);
  }, [usuarios.data, pagina, paginas]);

  function fecharAcao() {
    setAcao(null);
    alterar.reset();
    excluir.reset();
    senha.reset();
  }

  function reativar(usuario: Usuario) {
    alterar.mutate(
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
          <button type="button" onClick={() => setAcao({ tipo: 'novo' })} className={buttonClass('primary')}>
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

      <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Buscar"
          type="search"
          name="busca"
          placeholder="Nome, e-mail ou empresa"
          value={busca}
          onChange={(event) => setBusca(event.target.value)}
        />
        <SelectField
          label="Tipo"
          name="filtroTipo"
          value={tipo}
          onChange={(event) => setTipo(event.target.value as UsuariosFiltro['tipo'])}
        >
          <option value="">Todos</option>
          <option value="cliente">Clientes</option>
          <option value="admin">Administradores</option>
        </SelectField>
        <SelectField
          label="Situação"
          name="filtroSituacao"
          value={ativo}
          onChange={(event) => setAtivo(event.target.value as UsuariosFiltro['ativo'])}
        >
          <option value="">Todas</option>
          <option value="true">Ativos</option>
          <option value="false">Inativos</option>
        </SelectField>
        <SelectField
          label="Plano"
          name="filtroPlano"
          value={planoId}
          onChange={(event) => setPlanoId(event.target.value)}
        >
          <option value="">Todos</option>
          {planos.map((plano) => (
            <option key={plano.id} value={plano.id}>
              {plano.nome}
            </option>
          ))}
        </SelectField>
      </search>

      {usuarios.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Carregando usuários...
        </p>
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
          {usuarios.data.usuarios.length > 0 ? (
            <UsuariosTabela
              usuarios={usuarios.data.usuarios}
              currentUserId={currentUserId}
              busy={usuarios.isPlaceholderData}
              onAcao={setAcao}
              onReativar={reativar}
            />
          ) : null}
          <Pagination label="Páginas de usuários" pagina={pagina} paginas={paginas} onChange={setPagina} />
        </>
      )}

      <UsuarioFormDialog
        open={acao?.tipo === 'novo' || acao?.tipo === 'editar'}
        usuario={acao?.tipo === 'editar' ? acao.usuario : null}
        planos={planos}
        onClose={fecharAcao}
      />

      <ConfirmDialog
        open={acao?.tipo === 'excluir'}
        title={acao?.tipo === 'excluir' ? `Excluir ${acao.usuario.nome}?` : ''}
        confirmLabel="Excluir usuário"
        pending={excluir.isPending}
        error={excluir.error ? errorMessage(excluir.error) : null}
        onClose={fecharAcao}
        onConfirm={() => {
          if (acao?.tipo !== 'excluir') return;
          const { usuario } = acao;
          excluir.mutate(usuario.id, {
            onSuccess: () => {
              showToast({ type: 'success', title: `${usuario.nome} foi excluído.` });
              fecharAcao();
            },
          });
        }}
      >
        {acao?.tipo === 'excluir' ? (
          <p>
            A conta de <strong>{acao.usuario.nome}</strong> ({acao.usuario.email}) será excluída, junto com
            todos os laudos e arquivos dela. Esta ação não pode ser desfeita.
          </p>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={acao?.tipo === 'senha'}
        title={acao?.tipo === 'senha' ? `Gerar senha temporária para ${acao.usuario.nome}?` : ''}
        confirmLabel="Gerar e enviar"
        tone="primary"
        pending={senha.isPending}
        error={senha.error ? errorMessage(senha.error) : null}
        onClose={fecharAcao}
        onConfirm={() => {
          if (acao?.tipo !== 'senha') return;
          const { usuario } = acao;
          senha.mutate(usuario.id, {
            onSuccess: () => {
              showToast({ type: 'success', title: `Senha temporária enviada para ${usuario.email}.` });
              fecharAcao();
            },
          });
        }}
      >
        {acao?.tipo === 'senha' ? (
          <p>
            Uma nova senha temporária será enviada para {acao.usuario.email}. A senha atual deixa de valer, e{' '}
            {acao.usuario.nome} terá de trocá-la no próximo acesso.
          </p>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={acao?.tipo === 'desativar'}
        title={acao?.tipo === 'desativar' ? `Desativar ${acao.usuario.nome}?` : ''}
        confirmLabel="Desativar"
        pending={alterar.isPending}
        error={alterar.error ? errorMessage(alterar.error) : null}
        onClose={fecharAcao}
        onConfirm={() => {
          if (acao?.tipo !== 'desativar') return;
          const { usuario } = acao;
          alterar.mutate(
            { id: usuario.id, ativo: false },
            {
              onSuccess: () => {
                showToast({ type: 'success', title: `${usuario.nome} foi desativado.` });
                fecharAcao();
              },
            },
          );
        }}
      >
        {acao?.tipo === 'desativar' ? (
          <p>
            {acao.usuario.nome} será desconectado de todos os dispositivos e não poderá entrar até ser
            reativado. Os laudos e arquivos são mantidos.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

function UsuariosTabela({
  usuarios,
  currentUserId,
  busy,
  onAcao,
  onReativar,
}: {
  usuarios: Usuario[];
  currentUserId: string;
  busy: boolean;
  onAcao: (acao: Acao) => void;
  onReativar: (usuario: Usuario) => void;
}) {
  const th = 'px-3 py-2.5 text-left font-semibold text-slate-900 whitespace-nowrap';
  const td = 'px-3 py-3 align-top';
  // relative: the screen-reader-only texts inside are absolutely positioned; they must scroll with
  // the table instead of widening the page on a phone.
  return (
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table aria-busy={busy || undefined} className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Usuários</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              Nome
            </th>
            <th scope="col" className={th}>
              E-mail
            </th>
            <th scope="col" className={th}>
              Tipo
            </th>
            <th scope="col" className={th}>
              Empresa
            </th>
            <th scope="col" className={th}>
              Plano
            </th>
            <th scope="col" className={th}>
              Situação
            </th>
            <th scope="col" className={th}>
              Ações
            </th>
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-200 ${busy ? 'opacity-60' : ''}`}>
          {usuarios.map((usuario) => {
            const self = usuario.id === currentUserId;
            return (
              <tr key={usuario.id}>
                <th scope="row" className={`${td} min-w-40 text-left font-medium text-slate-900`}>
                  {usuario.nome}
                  {self ? <span className="ml-1 font-normal text-slate-600">(você)</span> : null}
                </th>
                <td className={`${td} whitespace-nowrap text-slate-700`}>{usuario.email}</td>
                <td className={`${td} whitespace-nowrap text-slate-700`}>
                  {usuario.tipo === 'admin' ? 'Administrador' : 'Cliente'}
                </td>
                <td className={`${td} min-w-40 text-slate-700`}>
                  {usuario.empresa ? (
                    <span className="flex flex-wrap items-center gap-1.5">
                      {usuario.empresa}
                      {usuario.empresaConfirmada ? null : <Badge tone="warning">não confirmada</Badge>}
                    </span>
                  ) : (
                    <span className="text-slate-500">Não informada</span>
                  )}
                </td>
                <td className={`${td} whitespace-nowrap text-slate-700`}>
                  {usuario.plano?.nome ?? <span className="text-slate-500">Sem plano</span>}
                </td>
                <td className={td}>
                  <span className="flex flex-wrap gap-1.5">
                    {usuario.ativo ? (
                      <Badge tone="success">Ativo</Badge>
                    ) : (
                      <Badge tone="danger">Inativo</Badge>
                    )}
                    {usuario.primeiroAcesso ? <Badge tone="warning">Primeiro acesso pendente</Badge> : null}
                  </span>
                </td>
                <td className={td}>
                  <div className="flex min-w-64 flex-wrap gap-1">
                    <AcaoBotao
                      label="Editar"
                      nome={usuario.nome}
                      onClick={() => onAcao({ tipo: 'editar', usuario })}
                    />
                    {/* Deactivating or deleting oneself is refused by the server: not offered. */}
                    {self ? null : usuario.ativo ? (
                      <AcaoBotao
                        label="Desativar"
                        nome={usuario.nome}
                        onClick={() => onAcao({ tipo: 'desativar', usuario })}
                      />
                    ) : (
                      <AcaoBotao label="Reativar" nome={usuario.nome} onClick={() => onReativar(usuario)} />
                    )}
                    <AcaoBotao
                      label="Gerar senha temporária"
                      nome={usuario.nome}
                      onClick={() => onAcao({ tipo: 'senha', usuario })}
                    />
                    {self ? null : (
                      <AcaoBotao
                        label="Excluir"
                        nome={usuario.nome}
                        danger
                        onClick={() => onAcao({ tipo: 'excluir', usuario })}
                      />
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A row action whose accessible name says whom it acts on ("Excluir Maria Souza"). */
function AcaoBotao({
  label,
  nome,
  danger = false,
  onClick,
}: {
  label: string;
  nome: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap ${
        danger ? 'text-red-700 hover:bg-red-50' : 'text-brand-700 hover:bg-brand-50'
      }`}
    >
      {label} <span className="sr-only">{nome}</span>
    </button>
  );
}
