import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { AuthProvider, useAuth } from '../../../features/auth';
import { BlogAdmin } from '../../../features/blog/components/blog-admin';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { errorMessage } from '../../../lib/validation';
import { AUTH_CHECKING_MESSAGE } from '../../guards';

/**
 * /blog-admin and /blog-admin-panel. The spec keeps them outside the route guards, so the page
 * reads the session itself: an admin gets the same editor as /admin/blog; anyone else a way to sign
 * in. What it shows is a courtesy only: the server refuses every blog change from a non-admin.
 */
export function BlogAdminPage() {
  useDocumentTitle('Administração do blog');
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Administração do blog</h1>
      <div className="mt-6">
        <AuthProvider>
          <ConteudoConformeSessao />
        </AuthProvider>
      </div>
    </div>
  );
}

function ConteudoConformeSessao() {
  const { status, user } = useAuth();
  if (status === 'loading') {
    return (
      <p role="status" className="text-slate-700">
        {AUTH_CHECKING_MESSAGE}
      </p>
    );
  }
  if (!user) return <EntrarParaContinuar />;
  if (user.tipo !== 'admin') return <SomenteAdministradores />;
  if (user.primeiro_acesso) {
    return (
      <Aviso titulo="Troque a senha temporária primeiro">
        <p>Antes de gerenciar o blog, defina a sua senha.</p>
        <Link to={paths.changePassword} className={`${buttonClass('primary')} mt-4`}>
          Alterar senha
        </Link>
      </Aviso>
    );
  }
  return <BlogAdmin autorPadrao={user.nome} />;
}

function EntrarParaContinuar() {
  const location = useLocation();
  return (
    <Aviso titulo="Entre para gerenciar o blog">
      <p>A administração do blog é só para administradores. Entre com a sua conta de administrador.</p>
      {/* The sign-in page sends the admin back here afterwards. */}
      <Link to={paths.login} state={{ from: location }} className={`${buttonClass('primary')} mt-4`}>
        Entrar
      </Link>
    </Aviso>
  );
}

function SomenteAdministradores() {
  const { signOut } = useAuth();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();

  async function entrarComOutraConta() {
    try {
      await signOut();
      void navigate(paths.login, { state: { from: location } });
    } catch (error) {
      showToast({ type: 'error', title: 'Não foi possível sair', message: errorMessage(error) });
    }
  }

  return (
    <Aviso titulo="Acesso somente para administradores">
      <p>
        A sua conta não tem permissão para gerenciar o blog. Para continuar, entre com uma conta de
        administrador.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <button type="button" onClick={() => void entrarComOutraConta()} className={buttonClass('primary')}>
          Entrar com outra conta
        </button>
        <Link to={paths.dashboard} className={buttonClass('secondary')}>
          Ir para o painel
        </Link>
      </div>
    </Aviso>
  );
}

function Aviso({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="blog-admin-aviso"
      className="max-w-2xl rounded-xl border border-brand-200 bg-brand-50 p-5 text-slate-800"
    >
      <h2 id="blog-admin-aviso" className="text-lg font-semibold text-slate-900">
        {titulo}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}
