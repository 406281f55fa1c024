import { Link, NavLink } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { paths, servicoPaths } from '../../../lib/paths';

const navItems = [
  { to: servicoPaths.laudos, label: 'Serviços' },
  { to: paths.blog, label: 'Blog' },
  { to: paths.planos, label: 'Planos' },
] as const;

/**
 * Rendered on the server for the public pages and by the app for sign-in and sign-up: the menu
 * button works through `enhanceMenuButtons` (menu.ts), not React state, so it needs no hydration.
 */
export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <Link to={paths.home} className="rounded-md">
          <Logo />
        </Link>
        <button
          type="button"
          data-menu-toggle=""
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded="false"
          aria-controls="menu-principal"
        >
          <span className="sr-only">Abrir menu</span>
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
          </svg>
        </button>
        <nav
          id="menu-principal"
          data-menu=""
          aria-label="Principal"
          className="hidden w-full md:block md:w-auto"
        >
          <ul className="flex flex-col gap-1 pb-2 md:flex-row md:items-center md:gap-2 md:pb-0">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm font-medium ${
                      isActive ? 'text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="md:ml-2">
              <Link to={paths.login} className={`${buttonClass('primary')} w-full md:w-auto`}>
                Área do cliente
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
