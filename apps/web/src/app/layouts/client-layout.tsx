import { Outlet } from 'react-router';
import { AreaShell } from '../../components/layout/area-shell';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { paths } from '../paths';
import { clientNavItems } from './area-nav';

export function ClientLayout() {
  return (
    <AreaShell
      areaLabel="Área do cliente"
      homeHref={paths.dashboard}
      navItems={clientNavItems}
      actions={<AccountMenu />}
    >
      <Outlet />
    </AreaShell>
  );
}
