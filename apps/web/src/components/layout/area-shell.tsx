import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '../ui/logo';
import { MAIN_CONTENT_ID } from './skip-link';

export type AreaNavItem = { to: string; label: string; end?: boolean };

type AreaShellProps = {
  /** Names the area's navigation, e.g. "Área do cliente". */
  areaLabel: string;
  homeHref: string;
  navItems: readonly AreaNavItem[];
  /** Shown at the right of the header (the account links). */
  actions?: ReactNode;
  children: ReactNode;
};

/** Frame shared by the signed-in areas: header, area navigation and main content. */
export function AreaShell({ areaLabel, homeHref, navItems, actions, children }: AreaShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        {/* One row on a phone too: the logo gives way (min-w-0) before the account links wrap. */}
        <div className="mx-auto flex max-w-7xl flex-nowrap items-center justify-between gap-x-3 px-4 py-3">
          <div className="flex min-w-0 items-center gap-3 overflow-hidden">
            <Link to={homeHref} className="min-w-0 rounded-md">
              <Logo />
            </Link>
            {/* On a phone the navigation below already names the area. */}
            <span className="hidden rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 sm:inline">
              {areaLabel}
            </span>
          </div>
          <div className="shrink-0">{actions}</div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row">
        <nav
          aria-label={areaLabel}
          className="border-b border-slate-200 bg-white md:w-60 md:border-r md:border-b-0"
        >
          {/*
            On a phone every destination shows, wrapped over as many rows as it takes (a sideways
            strip hid its last items off-screen with no hint); from 768 px on, a sidebar.
          */}
          <ul className="flex flex-wrap gap-1 px-2 py-2 md:flex-col md:flex-nowrap md:px-3 md:py-6">
            {navItems.map((item) => (
              <li key={item.to} className="flex-auto md:flex-none">
                <NavLink
                  to={item.to}
                  end={item.end ?? false}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-center text-sm font-medium md:text-left ${
                      isActive
                        ? 'bg-brand-50 text-brand-800'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
