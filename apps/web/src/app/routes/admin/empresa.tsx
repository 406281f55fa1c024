import { useParams } from 'react-router';
import { ChavesApiSecao } from '../../../features/chaves-api/components/chaves-api-secao';
import { EmpresaPagina } from '../../../features/empresas/components/empresa-pagina';
import { MarcaSecao } from '../../../features/marca/components/marca-secao';
import { usePlanos } from '../../../features/planos/api/list-planos';

/**
 * /admin/empresas/:id: one company; its edit form offers the plans, which come from their feature,
 * and its branding (features/marca) and API keys (features/chaves-api) follow its invitations.
 */
export function AdminEmpresaPage() {
  const { id = '' } = useParams();
  const planos = usePlanos();
  const opcoes = (planos.data ?? []).map(({ id: planoId, nome }) => ({ id: planoId, nome }));
  const comApi = new Set((planos.data ?? []).filter((p) => p.apiAccess).map((p) => p.id));
  const comMarca = new Set((planos.data ?? []).filter((p) => p.customBranding).map((p) => p.id));
  return (
    <EmpresaPagina
      key={id}
      id={id}
      planos={opcoes}
      extra={(empresa) => (
        <>
          <MarcaSecao
            dono={{ tipo: 'admin', empresaId: empresa.id }}
            incluido={Boolean(empresa.plano && comMarca.has(empresa.plano.id))}
            podeAlterar
          />
          <ChavesApiSecao
            dono={{ tipo: 'admin', empresaId: empresa.id }}
            incluido={Boolean(empresa.plano && comApi.has(empresa.plano.id))}
          />
        </>
      )}
    />
  );
}
