import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../lib/paths';

/** Only seen when the app was served for a public page (the server renders those): a setup error. */
export function ServerPageUnavailable() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Página indisponível</h1>
      <p className="mt-4 text-slate-700">
        Esta página é gerada pelo servidor do Laudos, que não respondeu por ela. Tente novamente em instantes.
      </p>
      <div className="mt-8">
        <Link to={paths.login} className={buttonClass('primary')}>
          Ir para a área do cliente
        </Link>
      </div>
    </div>
  );
}
