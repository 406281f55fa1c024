import { formatarCnpj } from '@laudos/domain';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { OrEmpty } from '../../../components/ui/empty-value';
import { adminEmpresaHref } from '../../../lib/paths';
import type { Empresa } from '../api/empresa';
import { textoDoUso } from './uso-do-plano';

/** One page of companies: each name opens its page. */
export function EmpresasTabela({ empresas, busy }: { empresas: Empresa[]; busy: boolean }) {
  const colunas: DataTableColumn<Empresa>[] = [
    {
      header: 'Empresa',
      rowHeader: true,
      className: 'min-w-48 font-normal [overflow-wrap:anywhere]',
      cell: (empresa) => (
        <>
          <Link to={adminEmpresaHref(empresa.id)} className="font-semibold text-brand-700 hover:underline">
            {empresa.nomeFantasia}
          </Link>
          {empresa.razaoSocial !== empresa.nomeFantasia ? (
            <span className="mt-0.5 block text-xs text-slate-600">{empresa.razaoSocial}</span>
          ) : null}
        </>
      ),
    },
    {
      header: 'CNPJ',
      className: 'whitespace-nowrap text-slate-700',
      cell: (empresa) => <OrEmpty value={empresa.cnpj}>{formatarCnpj(empresa.cnpj ?? '')}</OrEmpty>,
    },
    {
      header: 'Plano',
      className: 'whitespace-nowrap text-slate-700',
      cell: (empresa) => empresa.plano?.nome ?? <span className="text-slate-500">Sem plano</span>,
    },
    {
      header: 'Usuários',
      className: 'whitespace-nowrap text-slate-700',
      cell: (empresa) => textoDoUso(empresa.usuarios),
    },
    {
      header: 'Laudos',
      className: 'whitespace-nowrap text-slate-700',
      cell: (empresa) => textoDoUso(empresa.laudos),
    },
    {
      header: 'Situação',
      cell: (empresa) =>
        empresa.ativo ? <Badge tone="success">Ativa</Badge> : <Badge tone="danger">Inativa</Badge>,
    },
  ];
  return (
    <DataTable
      caption="Empresas"
      columns={colunas}
      rows={empresas}
      rowKey={(empresa) => empresa.id}
      busy={busy}
    />
  );
}
