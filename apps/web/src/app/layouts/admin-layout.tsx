import { Outlet } from 'react-router';
import { AreaShell } from '../../components/layout/area-shell';
import { EmailSuppressedBanner } from '../../features/auth/components/email-suppressed-banner';
import { paths } from '../../lib/paths';
import { AcoesDoCabecalho } from './acoes-do-cabecalho';
import { adminNavItems } from './area-nav';

export function AdminLayout() {
  return (
    <AreaShell
      areaLabel="Administração"
      homeHref={paths.admin}
      navItems={adminNavItems}
      actions={<AcoesDoCabecalho admin={true} />}
    >
      <EmailSuppressedBanner />
      <Outlet />
    </AreaShell>
  );
}
