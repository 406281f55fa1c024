import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { paths, servicoPaths } from '../../../lib/paths';
import { useSiteInfo } from '../../../lib/site-info';

const footerLinks = [
  { to: servicoPaths.laudos, label: 'Serviços' },
  { to: paths.blog, label: 'Blog' },
  { to: paths.planos, label: 'Planos' },
  { to: paths.terms, label: 'Termos de uso' },
  { to: paths.privacy, label: 'Privacidade' },
] as const;

const linkClass = 'text-slate-700 underline-offset-4 hover:text-brand-800 hover:underline';

export function SiteFooter() {
  const { companyName, contact } = useSiteInfo();
  const year = new Date().getFullYear();
  const phoneHref = `tel:+${contact.phone.replace(/\D/g, '').replace(/^(?!55)/, '55')}`;
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-slate-700">Laudos técnicos, inspeções e controle de vencimentos.</p>
        </div>
        <nav aria-label="Rodapé">
          <h2 className="text-sm font-semibold text-slate-900">Navegação</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Contato</h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p>
              <a href={`mailto:${contact.email}`} className={`break-all ${linkClass}`}>
                {contact.email}
              </a>
            </p>
            <p>
              <a href={phoneHref} className={linkClass}>
                {contact.phone}
              </a>
            </p>
            <p className="text-slate-700">{contact.address}</p>
          </address>
        </div>
      </div>
      <p className="border-t border-slate-200 px-4 py-4 text-center text-sm text-slate-700">
        © {year} {companyName}. Todos os direitos reservados.
      </p>
    </footer>
  );
}
