import { Badge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn, EmailText } from '../../../components/ui/data-table';
import { OrEmpty } from '../../../components/ui/empty-value';
import { RowMenu, type RowMenuItem } from '../../../components/ui/row-menu';
import type { Usuario } from '../api/usuario';
import type { AcaoUsuario } from './usuario-acoes';

type UsuariosTabelaProps = {
  usuarios: Usuario[];
  /** The signed-in admin, who may not deactivate or delete their own account. */
  currentUserId: string;
  busy: boolean;
  onAcao: (acao: AcaoUsuario) => void;
  onReativar: (usuario: Usuario) => void;
};

/** The users of one page, with a row of actions each. */
export function UsuariosTabela({ usuarios, currentUserId, busy, onAcao, onReativar }: UsuariosTabelaProps) {
  const colunas: DataTableColumn<Usuario>[] = [
    {
      header: 'Nome',
      rowHeader: true,
      className: 'min-w-40 font-medium text-slate-900',
      cell: (usuario) => (
        <>
          {usuario.nome}
          {usuario.id === currentUserId ? (
            <span className="ml-1 font-normal text-slate-600">(você)</span>
          ) : null}
        </>
      ),
    },
    {
      header: 'E-mail',
      className: 'text-slate-700',
      cell: (usuario) => <EmailText email={usuario.email} />,
    },
    {
      header: 'Tipo',
      fold: true,
      className: 'whitespace-nowrap text-slate-700',
      cell: (usuario) => (usuario.tipo === 'admin' ? 'Administrador' : 'Cliente'),
    },
    {
      header: 'Empresa',
      className: 'min-w-40 text-slate-700',
      cell: (usuario) => (
        <OrEmpty value={usuario.empresa}>
          {usuario.empresa}
          {usuario.papel ? (
            <span className="block text-xs text-slate-600">
              {usuario.papel === 'gestor' ? 'Gestor' : 'Membro'}
            </span>
          ) : null}
        </OrEmpty>
      ),
    },
    {
      header: 'Plano',
      fold: true,
      className: 'whitespace-nowrap text-slate-700',
      cell: (usuario) => usuario.plano?.nome ?? <span className="text-slate-500">Sem plano</span>,
    },
    {
      header: 'Situação',
      cell: (usuario) => (
        <span className="flex flex-wrap gap-1.5">
          {usuario.ativo ? <Badge tone="success">Ativo</Badge> : <Badge tone="danger">Inativo</Badge>}
          {usuario.primeiroAcesso ? <Badge tone="warning">Primeiro acesso pendente</Badge> : null}
        </span>
      ),
    },
    {
      header: 'Ações',
      cell: (usuario) => (
        <AcoesDoUsuario
          usuario={usuario}
          self={usuario.id === currentUserId}
          onAcao={onAcao}
          onReativar={onReativar}
        />
      ),
    },
  ];
  return (
    <DataTable
      caption="Usuários"
      columns={colunas}
      rows={usuarios}
      rowKey={(usuario) => usuario.id}
      busy={busy}
    />
  );
}

/** Editar, Desativar or Reativar, Gerar senha temporária and Excluir, in the row's menu. */
function AcoesDoUsuario({
  usuario,
  self,
  onAcao,
  onReativar,
}: {
  usuario: Usuario;
  self: boolean;
  onAcao: (acao: AcaoUsuario) => void;
  onReativar: (usuario: Usuario) => void;
}) {
  const itens: RowMenuItem[] = [{ label: 'Editar', onSelect: () => onAcao({ tipo: 'editar', usuario }) }];
  // Deactivating or deleting oneself is refused by the server: not offered.
  if (!self) {
    itens.push(
      usuario.ativo
        ? { label: 'Desativar', onSelect: () => onAcao({ tipo: 'desativar', usuario }) }
        : { label: 'Reativar', onSelect: () => onReativar(usuario) },
    );
  }
  itens.push({ label: 'Gerar senha temporária', onSelect: () => onAcao({ tipo: 'senha', usuario }) });
  if (!self)
    itens.push({ label: 'Excluir', danger: true, onSelect: () => onAcao({ tipo: 'excluir', usuario }) });
  return <RowMenu label={`Ações para ${usuario.nome}`} items={itens} />;
}
