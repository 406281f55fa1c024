import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAuth } from '../auth-context';

/**
 * Shown to a person whose address is on the suppression list (decision 036): their mail server
 * refused our messages for good (or they marked one as spam), so no e-mail goes to them — reminders,
 * password resets included — until the address is fixed or an admin removes it from the list.
 */
export function EmailSuppressedBanner() {
  const { user } = useAuth();
  if (!user?.email_suprimido) return null;
  return (
    <section
      aria-labelledby="email-suprimido-titulo"
      className="mb-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-950"
    >
      <h2 id="email-suprimido-titulo" className="font-semibold">
        Seus e-mails não estão chegando
      </h2>
      <p className="mt-1 break-words">
        Não conseguimos entregar e-mails para <strong className="break-all">{user.email}</strong>: o servidor
        de e-mail recusou nossas mensagens (endereço inexistente ou mensagem marcada como spam), e paramos de
        enviá-las, inclusive lembretes de vencimento. Verifique o endereço ou{' '}
        {user.tipo === 'cliente' ? (
          <Link to={paths.suporte} className="font-medium underline">
            fale conosco
          </Link>
        ) : (
          'fale conosco'
        )}
        .
      </p>
    </section>
  );
}
