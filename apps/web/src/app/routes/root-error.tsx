import { MAIN_CONTENT_ID } from '../../components/layout/skip-link';
import { buttonClass } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';

/**
 * Last resort when a page fails to render or its code fails to load (e.g. after a deploy replaced
 * the chunks). A full reload fetches the current build.
 */
export function RootErrorBoundary() {
  useDocumentTitle('Algo deu errado');
  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Algo deu errado</h1>
      <p className="mt-4 text-slate-700">
        Não foi possível carregar esta página. Verifique sua conexão e tente novamente.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className={buttonClass('primary')}>
          Recarregar página
        </button>
        {/* A plain link, so the way home does not depend on the app state that just failed. */}
        <a href={paths.home} className={buttonClass('secondary')}>
          Voltar ao início
        </a>
      </div>
    </main>
  );
}
