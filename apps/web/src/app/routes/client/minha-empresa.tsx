import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useAuth } from '../../../features/auth';
import { ChavesApiSecao } from '../../../features/chaves-api/components/chaves-api-secao';
import { MinhaEmpresa } from '../../../features/equipe/components/minha-empresa';
import { PedidoEmpresaCard } from '../../../features/equipe/components/pedido-empresa-card';
import { MarcaSecao } from '../../../features/marca/components/marca-secao';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';

/**
 * /minha-empresa. In the navigation only for a client with a company; typed by anyone else, it
 * says why there is nothing to show (and a client may ask to join their company from here too).
 */
export function MinhaEmpresaPage() {
  useDocumentTitle('Minha empresa');
  const { user, refresh } = useAuth();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Minha empresa</h1>
      {user?.empresa_id && user.empresa ? <p className="mt-2 text-slate-700">{user.empresa}</p> : null}
      <div className="mt-6">
        {!user ? null : user.empresa_id ? (
          <div className="space-y-8">
            <MinhaEmpresa usuarioId={user.id} onPropriaContaAlterada={() => void refresh()} />
            {/* The company's branding: the gestor changes it, a membro sees it. */}
            <MarcaSecao
              dono={{ tipo: 'empresa' }}
              incluido={Boolean(user.plano?.customBranding)}
              podeAlterar={user.papel === 'gestor'}
            />
            {/* Only the gestor manages the company's API keys (members see nothing of them). */}
            {user.papel === 'gestor' ? (
              <ChavesApiSecao dono={{ tipo: 'empresa' }} incluido={Boolean(user.plano?.apiAccess)} />
            ) : null}
          </div>
        ) : user.tipo === 'admin' ? (
          <div className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <p className="text-slate-700">
              Administradores não fazem parte de uma empresa cliente: as empresas, as equipes e os convites
              ficam na Administração.
            </p>
            <Link to={paths.admin} className={buttonClass('secondary')}>
              Ir para a Administração
            </Link>
          </div>
        ) : (
          <PedidoEmpresaCard pedido={user.pedido_empresa} onEnviado={refresh} />
        )}
      </div>
    </div>
  );
}
