import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useAuth } from '../../../features/auth';
import { confirmarEmail } from '../../../features/auth/api/account';
import { AuthCard, linkClass } from '../../../features/auth/components/auth-card';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { errorMessage } from '../../../lib/validation';

/** Opened from the sign-up e-mail: {origin}/confirmar-email?token=... */
export function ConfirmarEmailPage() {
  useDocumentTitle('Confirmar e-mail');
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const { status, user, refresh } = useAuth();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const confirmar = useMutation({ mutationFn: () => confirmarEmail(token) });
  const sent = useRef(false);
  const done = useRef(false);

  // The link is single use: post it once, even when React runs effects twice in development.
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirmar.mutate();
  }, [token, confirmar]);

  // Signed in (usually the same browser that signed up): straight to the laudos.
  useEffect(() => {
    if (!confirmar.isSuccess || status === 'loading' || !user || done.current) return;
    done.current = true;
    void refresh().then(() => {
      showToast({
        type: 'success',
        title: 'E-mail confirmado',
        message: 'Seus laudos já aparecem no painel.',
      });
      void navigate(paths.dashboard, { replace: true });
    });
  }, [confirmar.isSuccess, status, user, refresh, showToast, navigate]);

  return (
    <AuthCard
      title="Confirmar e-mail"
      footer={
        <Link to={paths.login} className={linkClass}>
          Ir para o login
        </Link>
      }
    >
      {!token ? (
        <p className="text-slate-700">
          Este endereço não traz o código de confirmação. Abra o link exatamente como chegou no e-mail; se ele
          expirou, entre na sua conta e use "Reenviar link".
        </p>
      ) : confirmar.isError ? (
        <div className="space-y-4">
          <FormAlert>{errorMessage(confirmar.error)}</FormAlert>
          <Link
            to={user ? paths.dashboard : paths.login}
            className={`${buttonClass('primary', 'lg')} w-full`}
          >
            {user ? 'Ir para o painel' : 'Entrar'}
          </Link>
        </div>
      ) : confirmar.isSuccess && status !== 'loading' && !user ? (
        <div className="space-y-4">
          <FormAlert tone="success">
            E-mail <strong className="break-all">{confirmar.data}</strong> confirmado. Entre para ver seus
            laudos.
          </FormAlert>
          <Link to={paths.login} className={`${buttonClass('primary', 'lg')} w-full`}>
            Entrar
          </Link>
        </div>
      ) : (
        <p role="status" className="text-slate-700">
          Confirmando seu e-mail...
        </p>
      )}
    </AuthCard>
  );
}
