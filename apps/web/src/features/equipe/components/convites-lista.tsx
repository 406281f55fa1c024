import { Badge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn, EmailText } from '../../../components/ui/data-table';
import { RowMenu } from '../../../components/ui/row-menu';
import { formatDate } from '../../../lib/format';
import { type Convite, rotuloDoPapel } from '../api/equipe';

/** The invitations not yet accepted: expired ones are marked and may be sent again. */
export function ConvitesLista({
  convites,
  onReenviar,
  onCancelar,
}: {
  convites: readonly Convite[];
  onReenviar: (convite: Convite) => void;
  onCancelar: (convite: Convite) => void;
}) {
  const colunas: DataTableColumn<Convite>[] = [
    {
      header: 'Convidado',
      rowHeader: true,
      className: 'min-w-40 font-medium text-slate-900',
      cell: (convite) => (
        <>
          <EmailText email={convite.email} />
          {convite.nome ? <span className="block font-normal text-slate-600">{convite.nome}</span> : null}
        </>
      ),
    },
    {
      header: 'Papel',
      className: 'whitespace-nowrap text-slate-700',
      cell: (convite) => rotuloDoPapel[convite.papel],
    },
    {
      header: 'Validade',
      className: 'whitespace-nowrap text-slate-700',
      cell: (convite) =>
        convite.expirado ? <Badge tone="warning">Expirado</Badge> : `Até ${formatDate(convite.expiraEm)}`,
    },
    {
      header: 'Ações',
      cell: (convite) => (
        <RowMenu
          label={`Ações para o convite de ${convite.email}`}
          items={[
            { label: 'Reenviar convite', onSelect: () => onReenviar(convite) },
            { label: 'Cancelar convite', danger: true, onSelect: () => onCancelar(convite) },
          ]}
        />
      ),
    },
  ];
  return (
    <DataTable
      caption="Convites pendentes"
      columns={colunas}
      rows={convites}
      rowKey={(convite) => convite.id}
      empty="Nenhum convite pendente."
    />
  );
}
