import { Outlet } from 'react-router';
import { AreaShell } from '../../components/layout/area-shell';
import { paths } from '../paths';

const navItems = [
  { to: paths.admin, label: 'Painel', end: true },
  { to: paths.adminBlog, label: 'Blog' },
  { to: paths.adminEmailNotifications, label: 'Notificações por e-mail' },
  { to: paths.adminEmailTemplates, label: 'Modelos de e-mail' },
] as const;

export function AdminLayout() {
  return (
    <AreaShell areaLabel="Administração" homeHref={paths.admin} navItems={navItems}>
      <Outlet />
    </AreaShell>
  );
}
