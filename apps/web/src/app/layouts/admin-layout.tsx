import { Outlet } from 'react-router';
import { AreaShell } from '../../components/layout/area-shell';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { paths } from '../../lib/paths';
import { adminNavItems } from './area-nav';

export function AdminLayout() {
  return (
    <AreaShell
      areaLabel="Administração"
      homeHref={paths.admin}
      navItems={adminNavItems}
      actions={<AccountMenu />}
    >
      <Outlet />
    </AreaShell>
  );
}
