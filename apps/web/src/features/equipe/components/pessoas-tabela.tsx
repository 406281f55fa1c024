import { Badge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn, EmailText } from '../../../components/ui/data-table';
import { RowMenu, type RowMenuItem } from '../../../components/ui/row-menu';
import { Switch } from '../../../components/ui/switch';
import { rotuloDoPapel } from '../../../lib/papel';
import type { Pessoa } from '../api/equipe';

/** What a gestor asked to do with a person from the list. */
export type AcaoPessoa =
  | { tipo: 'papel'; pessoa: Pessoa }
  | { tipo: 'desativar'; pessoa: Pessoa }
  | { tipo: 'reativar'; pessoa: Pessoa };

type PessoasTabelaProps = {
  pessoas: readonly Pessoa[];
  /** The signed-in person. */
  usuarioId: string;
  /** A gestor changes anyone; a member only their own reminders. */
  gestor: boolean;
  /** The person whose change is on its way (their switch waits). */
  alterandoId: string | null;
  onLembretes: (pessoa: Pessoa) => void;
  onAcao: (acao: AcaoPessoa) => void;
};

/** The company's people: role, active, "Recebe lembretes"; a gestor's actions in each row's menu. */
export function PessoasTabela({
  pessoas,
  usuarioId,
  gestor,
  alterandoId,
  onLembretes,
  onAcao,
}: PessoasTabelaProps) {
  const colunas: DataTableColumn<Pessoa>[] = [
    {
      header: 'Nome',
      rowHeader: true,
      className: 'min-w-36 font-medium text-slate-900',
      cell: (pessoa) => (
        <>
          {pessoa.nome}
          {pessoa.id === usuarioId ? <span className="ml-1 font-normal text-slate-600">(você)</span> : null}
        </>
      ),
    },
    {
      header: 'E-mail',
      className: 'text-slate-700',
      cell: (pessoa) => <EmailText email={pessoa.email} />,
    },
    {
      header: 'Papel',
      className: 'whitespace-nowrap text-slate-700',
      cell: (pessoa) => rotuloDoPapel[pessoa.papel],
    },
    {
      header: 'Situação',
      cell: (pessoa) =>
        pessoa.ativo ? <Badge tone="success">Ativo</Badge> : <Badge tone="danger">Inativo</Badge>,
    },
    {
      header: 'Recebe lembretes',
      className: 'whitespace-nowrap',
      cell: (pessoa) =>
        gestor || pessoa.id === usuarioId ? (
          <Switch
            checked={pessoa.receberLembretes}
            disabled={alterandoId === pessoa.id}
            onToggle={() => onLembretes(pessoa)}
            label="Receber"
            detail={`lembretes: ${pessoa.nome}`}
          />
        ) : (
          <span className="text-slate-700">{pessoa.receberLembretes ? 'Sim' : 'Não'}</span>
        ),
    },
  ];
  if (gestor) {
    colunas.push({
      header: 'Ações',
      cell: (pessoa) => <AcoesDaPessoa pessoa={pessoa} propria={pessoa.id === usuarioId} onAcao={onAcao} />,
    });
  }
  return (
    <DataTable caption="Pessoas da empresa" columns={colunas} rows={pessoas} rowKey={(pessoa) => pessoa.id} />
  );
}

function AcoesDaPessoa({
  pessoa,
  propria,
  onAcao,
}: {
  pessoa: Pessoa;
  propria: boolean;
  onAcao: (acao: AcaoPessoa) => void;
}) {
  const itens: RowMenuItem[] = [
    {
      label: pessoa.papel === 'gestor' ? 'Tornar membro' : 'Tornar gestor',
      onSelect: () => onAcao({ tipo: 'papel', pessoa }),
    },
  ];
  // Deactivating oneself would end one's own session: another gestor does it.
  if (!propria) {
    itens.push(
      pessoa.ativo
        ? { label: 'Desativar', danger: true, onSelect: () => onAcao({ tipo: 'desativar', pessoa }) }
        : { label: 'Reativar', onSelect: () => onAcao({ tipo: 'reativar', pessoa }) },
    );
  }
  return <RowMenu label={`Ações para ${pessoa.nome}`} items={itens} />;
}
