import type { Convite } from '@laudos/domain/api';
import { formatDateTime } from '../../lib/format';
import { rotuloDoPapel } from '../../lib/papel';
import { Badge } from '../ui/badge';
import { DataTable, type DataTableColumn, EmailText } from '../ui/data-table';
import { RowMenu } from '../ui/row-menu';

/**
 * The invitations not yet accepted, on the gestor's "Minha empresa" and the admin's company page:
 * each link is valid for 7 days; an expired one is marked and may be sent again.
 */
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
      className: 'min-w-44 font-normal',
      cell: (convite) => (
        <>
          <span className="block font-medium text-slate-900">
            <EmailText email={convite.email} />
          </span>
          {convite.nome ? <span className="block text-slate-600">{convite.nome}</span> : null}
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
      className: 'text-slate-700',
      cell: (convite) =>
        convite.expirado ? (
          <Badge tone="warning">Expirado</Badge>
        ) : (
          <span className="whitespace-nowrap">até {formatDateTime(convite.expiraEm)}</span>
        ),
    },
    {
      header: 'Enviado em',
      className: 'whitespace-nowrap text-slate-700',
      cell: (convite) => formatDateTime(convite.criadoEm),
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
