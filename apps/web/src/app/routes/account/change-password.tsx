import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast';
import { FormAlert } from '../../../components/ui/form-alert';
import { useAuth } from '../../../features/auth';
import { AuthCard, linkClass } from '../../../features/auth/components/auth-card';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { errorMessage } from '../../../lib/validation';

export const FIRST_ACCESS_NOTICE = 'Por segurança, troque a senha temporária antes de continuar.';

/** Also the first access: the only page open until the temporary password is replaced. */
export function ChangePasswordPage() {
  useDocumentTitle('Alterar senha');
  const { user, refresh, signOut } = useAuth();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const firstAccess = user?.primeiro_acesso ?? false;

  async function onChanged() {
    showToast({ type: 'success', title: 'Senha alterada' });
    // The guards must see primeiro_acesso false before /dashboard opens.
    await refresh().catch(() => null);
    navigate(paths.dashboard, { replace: true });
  }

  async function onSignOut() {
    try {
      await signOut();
    } catch (error) {
      showToast({ type: 'error', title: 'Não foi possível sair', message: errorMessage(error) });
    }
  }

  return (
    <AuthCard
      title="Alterar senha"
      footer={
        firstAccess ? (
          <>
            Não é você?{' '}
            <button type="button" onClick={onSignOut} className={linkClass}>
              Sair
            </button>
          </>
        ) : (
          <Link to={paths.conta} className={linkClass}>
            Voltar para Minha conta
          </Link>
        )
      }
    >
      {firstAccess ? (
        <div className="mb-5">
          <FormAlert tone="info">{FIRST_ACCESS_NOTICE}</FormAlert>
        </div>
      ) : null}
      <ChangePasswordForm onSuccess={onChanged} firstAccess={firstAccess} />
    </AuthCard>
  );
}
