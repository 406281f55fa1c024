import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AuthProvider, useAuth } from '../features/auth';
import { paths } from '../lib/paths';

/*
 * Spec section 2, "Guard behaviour". These layout routes are loaded on demand with the pages they
 * guard, so the public site never downloads the session code nor asks the server who is signed in.
 */

export const AUTH_CHECKING_MESSAGE = 'Verificando autenticação...';

/** Wraps every route that needs to know the session. */
export function WithAuth() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

/** /login, /register, /forgot-password, /reset-password. */
export function GuestOnly() {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <AuthChecking />;
  if (user) {
    if (user.primeiro_acesso) return <Redirect to={paths.changePassword} />;
    // Back to the page that sent them to sign in, if any.
    return <Redirect to={returnPath(location.state) ?? paths.dashboard} />;
  }
  return <Outlet />;
}

/** Every signed-in route. On the first access only /change-password is open. */
export function RequireUser() {
  const { status, user, signedOutOnPurpose } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <AuthChecking />;
  if (!user) {
    const state: ReturnState | undefined = signedOutOnPurpose ? undefined : { from: location };
    return <Redirect to={paths.login} state={state} />;
  }
  if (user.primeiro_acesso && location.pathname !== paths.changePassword) {
    return <Redirect to={paths.changePassword} />;
  }
  return <Outlet />;
}

/** The /admin routes (inside RequireUser). */
export function RequireAdmin() {
  const { user } = useAuth();
  if (user?.tipo !== 'admin') return <Redirect to={paths.dashboard} />;
  return <Outlet />;
}

/**
 * Replaces the current entry with `to`. React Router's <Navigate> does the same, but it would add its
 * path-resolution code to the vendor chunk every page downloads; these targets are absolute paths.
 */
function Redirect({ to, state }: { to: string; state?: ReturnState | undefined }) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the state goes with the first redirect only
  useEffect(() => {
    void navigate(to, { replace: true, state });
  }, [navigate, to]);
  return null;
}

function AuthChecking() {
  return (
    <div role="status" className="flex min-h-[50vh] flex-1 items-center justify-center px-4 py-16">
      <p className="flex items-center gap-3 text-slate-700">
        <span
          aria-hidden="true"
          className="size-5 rounded-full border-2 border-brand-200 border-t-brand-700 motion-safe:animate-spin"
        />
        {AUTH_CHECKING_MESSAGE}
      </p>
    </div>
  );
}

type ReturnState = { from: { pathname: string; search: string; hash: string } };

const notAReturnPath = new Set<string>([
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.changePassword,
]);

function returnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search, hash } = from as Partial<ReturnState['from']>;
  // Only a path of this app (never //other-host), and never back to a sign-in page.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  if (notAReturnPath.has(pathname)) return null;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}
