import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { AuthCard, linkClass } from '../../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';

/** Opened from the password-recovery e-mail: {origin}/reset-password?token=... */
export function ResetPasswordPage() {
  useDocumentTitle('Redefinir senha');
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';

  return (
    <AuthCard
      title="Redefinir senha"
      description={token ? 'Escolha a nova senha da sua conta.' : undefined}
      footer={
        <Link to={paths.login} className={linkClass}>
          Voltar para o login
        </Link>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="space-y-4">
          <p className="text-slate-700">
            Este endereço não traz o código de redefinição. Abra o link exatamente como chegou no e-mail ou
            peça um novo.
          </p>
          <Link to={paths.forgotPassword} className={`${buttonClass('primary', 'lg')} w-full`}>
            Pedir um novo link
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
