import { useState } from 'react';
import { NavLink } from 'react-router';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { useAuth } from '../auth-context';

/** "Minha conta" and "Sair", in the header of the signed-in areas. */
export function AccountMenu() {
  const { user, signOut } = useAuth();
  const { showToast } = useToast();
  const [leaving, setLeaving] = useState(false);

  async function onSignOut() {
    setLeaving(true);
    try {
      // The guards then take the user to /login.
      await signOut();
    } catch (error) {
      setLeaving(false);
      showToast({
        type: 'error',
        title: 'Não foi possível sair',
        message: error instanceof Error ? error.message : undefined,
      });
    }
  }

  return (
    <div className="flex items-center gap-2">
      {user ? (
        <span className="hidden max-w-48 truncate text-sm text-slate-700 lg:inline" title={user.email}>
          {user.nome}
        </span>
      ) : null}
      <NavLink
        to={paths.conta}
        className={({ isActive }) =>
          `${buttonClass('ghost', 'sm')} ${isActive ? 'bg-brand-50 text-brand-800' : ''}`
        }
      >
        Minha conta
      </NavLink>
      <button type="button" onClick={onSignOut} disabled={leaving} className={buttonClass('secondary', 'sm')}>
        Sair
      </button>
    </div>
  );
}
