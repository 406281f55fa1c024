import { Badge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn, EmailText } from '../../../components/ui/data-table';
import { OrEmpty } from '../../../components/ui/empty-value';
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
      className: 'whitespace-nowrap text-slate-700',
      cell: (usuario) => (usuario.tipo === 'admin' ? 'Administrador' : 'Cliente'),
    },
    {
      header: 'Empresa',
      className: 'min-w-40 text-slate-700',
      cell: (usuario) => (
        <OrEmpty value={usuario.empresa}>
          <span className="flex flex-wrap items-center gap-1.5">
            {usuario.empresa}
            {usuario.empresaConfirmada ? null : <Badge tone="warning">não confirmada</Badge>}
          </span>
        </OrEmpty>
      ),
    },
    {
      header: 'Plano',
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
  return (
    <div className="flex min-w-64 flex-wrap gap-1">
      <AcaoBotao label="Editar" nome={usuario.nome} onClick={() => onAcao({ tipo: 'editar', usuario })} />
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
