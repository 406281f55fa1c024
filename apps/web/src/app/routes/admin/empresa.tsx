import { useParams } from 'react-router';
import { EmpresaPagina } from '../../../features/empresas/components/empresa-pagina';
import { usePlanos } from '../../../features/planos/api/list-planos';

/** /admin/empresas/:id: one company; its edit form offers the plans, which come from their feature. */
export function AdminEmpresaPage() {
  const { id = '' } = useParams();
  const planos = usePlanos();
  const opcoes = (planos.data ?? []).map(({ id: planoId, nome }) => ({ id: planoId, nome }));
  return <EmpresaPagina key={id} id={id} planos={opcoes} />;
}
