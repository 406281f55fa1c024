import { Link } from 'react-router';
import { AuthCard, linkClass } from '../../../features/auth/components/auth-card';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';

export function RegisterPage() {
  useDocumentTitle('Criar conta');
  return (
    <AuthCard
      title="Criar conta"
      description="Acompanhe seus laudos e receba avisos antes de cada vencimento."
      footer={
        <>
          Já tem conta?{' '}
          <Link to={paths.login} className={linkClass}>
            Entrar
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
