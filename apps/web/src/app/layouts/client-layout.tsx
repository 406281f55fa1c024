import { Outlet } from 'react-router';
import { AreaShell } from '../../components/layout/area-shell';
import { paths } from '../paths';

const navItems = [
  { to: paths.dashboard, label: 'Painel' },
  { to: paths.novoLaudo, label: 'Novo laudo' },
  { to: paths.vencimentos, label: 'Vencimentos' },
  { to: paths.documentos, label: 'Documentos' },
  { to: paths.notificacoes, label: 'Notificações' },
] as const;

export function ClientLayout() {
  return (
    <AreaShell areaLabel="Área do cliente" homeHref={paths.dashboard} navItems={navItems}>
      <Outlet />
    </AreaShell>
  );
}
