import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useAuth } from '../../../features/auth';
import { Conversa } from '../../../features/suporte/components/conversa';
import { SuporteCliente } from '../../../features/suporte/components/suporte-cliente';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';

function Pagina({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Suporte</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/**
 * /suporte (issue 18): the company's support requests when the plan includes support by e-mail or
 * priority support; the firm's contact details otherwise (and for a client with no company).
 */
export function SuportePage() {
  useDocumentTitle('Suporte');
  const { user } = useAuth();
  if (user?.tipo === 'admin')
    return (
      <Pagina>
        <Link to={paths.adminSuporte} className={buttonClass('secondary')}>
          Abrir a caixa de entrada do suporte
        </Link>
      </Pagina>
    );
  const plano = user?.plano;
  const incluido = Boolean(user?.empresa_id && (plano?.emailSupport || plano?.prioritySupport));
  return (
    <Pagina>
      <SuporteCliente incluido={incluido} prioritario={Boolean(plano?.prioritySupport)} />
    </Pagina>
  );
}

/** /suporte/:id: one request's thread. */
export function SuporteChamadoPage() {
  useDocumentTitle('Suporte');
  const { id = '' } = useParams();
  return (
    <Pagina>
      <Conversa key={id} lado="cliente" id={id} voltar={paths.suporte} />
    </Pagina>
  );
}
