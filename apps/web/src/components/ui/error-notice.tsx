import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { buttonClass } from './button';

const FALLBACK_MESSAGE = 'Não foi possível carregar os dados. Tente novamente.';

/** A failed load, with the server's message and a way to try again. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE;
  // The server refuses admin work until the admin turns on two-factor, when the settings say so.
  const needsTwoFactor = error instanceof ApiError && error.code === 'DOIS_FATORES_OBRIGATORIO';
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p>{message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {needsTwoFactor ? (
          <Link to={paths.conta} className={buttonClass('primary', 'sm')}>
            Ir para Minha conta
          </Link>
        ) : null}
        {onRetry && !needsTwoFactor ? (
          <button type="button" onClick={onRetry} className={buttonClass('secondary', 'sm')}>
            Tentar novamente
          </button>
        ) : null}
      </div>
    </div>
  );
}
