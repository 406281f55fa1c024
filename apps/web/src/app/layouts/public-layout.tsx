import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/layout/skip-link';
import { SiteFooter } from '../../features/marketing/components/site-footer';
import { SiteHeader } from '../../features/marketing/components/site-header';

/** Header, main and footer of the public site: the server renders it, and the app's guest pages use it. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
