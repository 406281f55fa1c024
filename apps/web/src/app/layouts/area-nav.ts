import type { AreaNavItem } from '../../components/layout/area-shell';
import { paths } from '../../lib/paths';

/** The navigation of each signed-in area; /conta shows the one of the user's own area. */
export const clientNavItems: readonly AreaNavItem[] = [
  { to: paths.dashboard, label: 'Painel' },
  { to: paths.novoLaudo, label: 'Novo laudo' },
  { to: paths.vencimentos, label: 'Vencimentos' },
  { to: paths.documentos, label: 'Documentos' },
  { to: paths.notificacoes, label: 'Notificações' },
];

export const adminNavItems: readonly AreaNavItem[] = [
  { to: paths.admin, label: 'Painel', end: true },
  { to: paths.adminBlog, label: 'Blog' },
  { to: paths.adminEmailNotifications, label: 'Notificações por e-mail' },
  { to: paths.adminEmailTemplates, label: 'Modelos de e-mail' },
];
