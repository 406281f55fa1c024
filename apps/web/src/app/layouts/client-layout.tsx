import { Outlet } from 'react-router';
import { AreaShell } from '../../components/layout/area-shell';
import { useAuth } from '../../features/auth';
import { EmailSuppressedBanner } from '../../features/auth/components/email-suppressed-banner';
import { EmailVerificationBanner } from '../../features/auth/components/email-verification-banner';
import { paths } from '../../lib/paths';
import { AcoesDoCabecalho } from './acoes-do-cabecalho';
import { clientNavItemsFor } from './area-nav';

/**
 * An admin signs in to /dashboard too; without this link the admin area was reachable only by typing
 * /admin or through "Minha conta". (An admin belongs to no client company.)
 */
const clientNavItemsForAdmin = [...clientNavItemsFor(null), { to: paths.admin, label: 'Administração' }];

export function ClientLayout() {
  const { user } = useAuth();
  return (
    <AreaShell
      areaLabel="Área do cliente"
      homeHref={paths.dashboard}
      navItems={user?.tipo === 'admin' ? clientNavItemsForAdmin : clientNavItemsFor(user)}
      actions={<AcoesDoCabecalho admin={user?.tipo === 'admin'} />}
    >
      <EmailSuppressedBanner />
      <EmailVerificationBanner />
      <Outlet />
    </AreaShell>
  );
}
