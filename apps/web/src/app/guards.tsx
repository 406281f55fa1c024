import { Outlet } from 'react-router';

// Layout routes that group the route table by who may see it. They render their children for now.

/** /login, /register, /forgot-password, /reset-password. */
export function GuestOnly() {
  // The guard (signed-in user → /dashboard) comes with the accounts work.
  return <Outlet />;
}

/** Every signed-in route. */
export function RequireUser() {
  // The guard (no session → /login, first access → /change-password) comes with the accounts work.
  return <Outlet />;
}

/** The /admin routes. */
export function RequireAdmin() {
  // The guard (not an admin → /dashboard) comes with the accounts work.
  return <Outlet />;
}
