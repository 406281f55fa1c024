import { AccountMenu } from '../../features/auth/components/account-menu';
import { Sino } from '../../features/avisos/components/sino';
import { paths } from '../../lib/paths';

/** The header's right side in the signed-in areas: the bell (decision 032), then the account links. */
export function AcoesDoCabecalho({ admin }: { admin: boolean }) {
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <Sino todosHref={admin ? paths.adminAvisos : paths.avisos} />
      <AccountMenu />
    </div>
  );
}
