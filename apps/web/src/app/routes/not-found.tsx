import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  useDocumentTitle('Página não encontrada');
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <p className="text-sm font-semibold text-brand-700">Erro 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Página não encontrada
      </h1>
      <p className="mt-4 text-slate-700">O endereço acessado não existe ou foi removido.</p>
      <div className="mt-8">
        <Link to={paths.home} className={buttonClass('primary')}>
          Voltar ao início
        </Link>
      </div>
    </div>
  );
}
