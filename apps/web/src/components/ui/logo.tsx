import { useSiteInfo } from '../../lib/site-info';

/** The company's mark (its logo from the settings, or ours) and name. */
export function Logo() {
  const { companyName, logo } = useSiteInfo();
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      {logo ? (
        <img src={logo} alt="" width={32} height={32} className="size-8 shrink-0 object-contain" />
      ) : (
        <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
          <rect width="32" height="32" rx="7" className="fill-brand-700" />
          <path d="M10 7h8l5 5v13H10z" fill="#fff" />
          <path
            d="M13 18l3 3 5-6"
            fill="none"
            className="stroke-brand-500"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      )}
      {companyName}
    </span>
  );
}
