import { Link, useLocation } from 'react-router';
import { AuthCard, linkClass } from '../../../features/auth/components/auth-card';
import { LoginForm } from '../../../features/auth/components/login-form';
import { usePublicSettings } from '../../../features/settings/api/public-settings';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';

const SOCIAL_ERROR_MESSAGE = 'Não foi possível entrar com a conta Google ou Microsoft. Tente novamente.';

export function LoginPage() {
  useDocumentTitle('Entrar');
  const settings = usePublicSettings();
  // Better Auth comes back to /login?error=... when a social sign-in fails.
  const { search } = useLocation();
  const socialError = new URLSearchParams(search).has('error') ? SOCIAL_ERROR_MESSAGE : null;

  return (
    <AuthCard
      title="Entrar"
      description="Acesse a área do cliente para acompanhar seus laudos."
      footer={
        <>
          Ainda não tem conta?{' '}
          <Link to={paths.register} className={linkClass}>
            Criar conta
          </Link>
        </>
      }
    >
      <LoginForm
        socialProviders={settings.data?.login ?? { google: false, microsoft: false }}
        initialError={socialError}
      />
    </AuthCard>
  );
}
