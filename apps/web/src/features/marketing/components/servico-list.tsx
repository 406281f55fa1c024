import { Link } from 'react-router';
import { servicos } from '../servicos';

/** Cards linking to each service page; the whole card is clickable, the link text is the name. */
export function ServicoList({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {servicos.map((servico) => (
        <li
          key={servico.key}
          className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md"
        >
          <Heading className="font-semibold text-slate-900">
            <Link to={servico.path} className="after:absolute after:inset-0 focus-visible:outline-none">
              {servico.nome}
            </Link>
          </Heading>
          <p className="mt-2 text-sm text-slate-700">{servico.resumo}</p>
          <span aria-hidden="true" className="mt-4 inline-block text-sm font-semibold text-brand-700">
            Saiba mais →
          </span>
        </li>
      ))}
    </ul>
  );
}
