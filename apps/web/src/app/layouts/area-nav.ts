import type { AreaNavItem } from '../../components/layout/area-shell';
import type { Perfil } from '../../features/auth';
import { paths } from '../../lib/paths';

/** The navigation of each signed-in area; /conta shows the one of the user's own area. */
const clientNavItems: readonly AreaNavItem[] = [
  { to: paths.dashboard, label: 'Painel' },
  { to: paths.novoLaudo, label: 'Novo laudo' },
  { to: paths.vencimentos, label: 'Vencimentos' },
  { to: paths.equipamentos, label: 'Equipamentos' },
  { to: paths.documentos, label: 'Documentos' },
  { to: paths.notificacoes, label: 'Notificações' },
  { to: paths.suporte, label: 'Suporte' },
  { to: paths.renovacoes, label: 'Renovações' },
  { to: paths.preferencias, label: 'Preferências de notificação' },
];

const withCompany: readonly AreaNavItem[] = [
  ...clientNavItems,
  { to: paths.minhaEmpresa, label: 'Minha empresa' },
];

/** The client area's navigation; "Minha empresa" for someone who belongs to a company. */
export function clientNavItemsFor(user: Pick<Perfil, 'empresa_id'> | null): readonly AreaNavItem[] {
  return user?.empresa_id ? withCompany : clientNavItems;
}

export const adminNavItems: readonly AreaNavItem[] = [
  { to: paths.admin, label: 'Painel', end: true },
  { to: paths.equipamentos, label: 'Equipamentos' },
  { to: paths.adminBlog, label: 'Blog' },
  { to: paths.adminEmailNotifications, label: 'Notificações por e-mail' },
  { to: paths.adminEmailTemplates, label: 'Modelos de e-mail' },
  { to: paths.adminSuporte, label: 'Suporte' },
  { to: paths.adminRenovacoes, label: 'Renovações' },
  { to: paths.adminAuditoria, label: 'Auditoria' },
  { to: paths.preferencias, label: 'Preferências de notificação' },
];
