import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { AuthCard, linkClass } from '../../../features/auth/components/auth-card';
import { LoginForm } from '../../../features/auth/components/login-form';
import { usePublicSettings } from '../../../features/settings/api/public-settings';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';

const SOCIAL_ERROR_MESSAGE = 'Não foi possível entrar com a conta Google ou Microsoft. Tente novamente.';

/** What a page that sends the person here may pass in the navigation state (e.g. /convite/:token). */
export type LoginState = { email?: string; aviso?: string };

function loginState(state: unknown): LoginState {
  if (typeof state !== 'object' || state === null) return {};
  const { email, aviso } = state as Record<string, unknown>;
  return {
    ...(typeof email === 'string' ? { email } : {}),
    ...(typeof aviso === 'string' ? { aviso } : {}),
  };
}

export function LoginPage() {
  useDocumentTitle('Entrar');
  const settings = usePublicSettings();
  // Better Auth comes back to /login?error=... when a social sign-in fails.
  const { search, state } = useLocation();
  const socialError = new URLSearchParams(search).has('error') ? SOCIAL_ERROR_MESSAGE : null;
  // After accepting an invitation: the new account's e-mail filled in, and a word of success.
  const { email, aviso } = loginState(state);

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
      {aviso ? (
        <div className="mb-4">
          <FormAlert tone="success">{aviso}</FormAlert>
        </div>
      ) : null}
      <LoginForm
        socialProviders={settings.data?.login ?? { google: false, microsoft: false }}
        initialError={socialError}
        initialEmail={email ?? ''}
      />
    </AuthCard>
  );
}
