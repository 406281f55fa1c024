import { Outlet } from 'react-router';
import { AreaShell } from '../../components/layout/area-shell';
import { useAuth } from '../../features/auth';
import { EmailSuppressedBanner } from '../../features/auth/components/email-suppressed-banner';
import { EmailVerificationBanner } from '../../features/auth/components/email-verification-banner';
import { paths } from '../../lib/paths';
import { AcoesDoCabecalho } from './acoes-do-cabecalho';
import { adminNavItems, clientNavItemsFor } from './area-nav';

/** /conta belongs to both areas: it keeps the frame and navigation of the user's own area. */
export function AccountLayout() {
  const { user } = useAuth();
  const admin = user?.tipo === 'admin';
  return (
    <AreaShell
      areaLabel={admin ? 'Administração' : 'Área do cliente'}
      homeHref={admin ? paths.admin : paths.dashboard}
      navItems={admin ? adminNavItems : clientNavItemsFor(user)}
      actions={<AcoesDoCabecalho admin={admin} />}
    >
      <EmailSuppressedBanner />
      <EmailVerificationBanner />
      <Outlet />
    </AreaShell>
  );
}
