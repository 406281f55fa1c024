import { useMutation } from '@tanstack/react-query';
import { buttonClass } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/validation';
import { reenviarConfirmacao } from '../api/account';
import { useAuth } from '../auth-context';

/**
 * Shown to a client whose e-mail is not proven yet: until they follow the link mailed at sign-up, the
 * laudos addressed to that e-mail stay hidden (anyone can type someone else's address), so the
 * banner says so and offers a new link.
 */
export function EmailVerificationBanner() {
  const { user } = useAuth();
  const reenviar = useMutation({ mutationFn: reenviarConfirmacao });
  if (user?.tipo !== 'cliente' || user.email_verificado) return null;
  return (
    <section
      aria-labelledby="confirmar-email-titulo"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h2 id="confirmar-email-titulo" className="font-semibold">
        Confirme seu e-mail
      </h2>
      <p className="mt-1 break-words">
        Enviamos um link para <strong className="break-all">{user.email}</strong>. Até você abri-lo, os laudos
        enviados a esse e-mail não aparecem aqui e não é possível cadastrar laudos.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={reenviar.isPending}
          onClick={() => reenviar.mutate()}
        >
          {reenviar.isPending ? 'Enviando...' : 'Reenviar link'}
        </button>
        <p role="status" className="min-h-5">
          {reenviar.isSuccess ? 'Link reenviado. Confira sua caixa de entrada e o spam.' : null}
          {reenviar.isError ? <span className="text-red-800">{errorMessage(reenviar.error)}</span> : null}
        </p>
      </div>
    </section>
  );
}
