import { Link } from 'react-router';
import { AuthCard, linkClass } from '../../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';

export function ForgotPasswordPage() {
  useDocumentTitle('Recuperar senha');
  return (
    <AuthCard
      title="Recuperar senha"
      description="Enviaremos um link para você criar uma nova senha."
      footer={
        <>
          Lembrou a senha?{' '}
          <Link to={paths.login} className={linkClass}>
            Entrar
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
