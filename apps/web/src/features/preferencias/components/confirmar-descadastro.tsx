import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SkeletonText, useRevealDelay } from '../../../components/loading';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { errorMessage } from '../../../lib/validation';
import { descadastrar, useDescadastro } from '../api/preferencias';

/**
 * /descadastro/:token, opened from an e-mail's footer without signing in: says what the link turns
 * off and asks to confirm. Opening changes nothing (mail scanners open links); the button does.
 */
export function ConfirmarDescadastro({ token }: { token: string }) {
  const link = useDescadastro(token);
  const revelando = useRevealDelay(link.isPending);
  const enviar = useMutation({ mutationFn: () => descadastrar(token) });

  if (link.isPending || revelando) return <SkeletonText lines={3} label="Carregando o link..." />;
  if (link.isError) {
    if (link.error instanceof ApiError && link.error.status === 404)
      return <FormAlert>{link.error.message}</FormAlert>;
    return <ErrorNotice error={link.error} onRetry={() => void link.refetch()} />;
  }
  const dados = enviar.data ?? link.data;
  const rotulo = dados.rotulo.toLowerCase();
  const preferencias = (
    <p className="text-sm text-slate-700">
      Você pode mudar isso quando quiser em{' '}
      <Link to={paths.preferencias} className="font-medium text-brand-800 underline">
        Preferências de notificação
      </Link>{' '}
      (é preciso entrar na sua conta).
    </p>
  );
  if (dados.descadastrado)
    return (
      <div className="space-y-4">
        <div
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        >
          <p className="font-semibold">
            Pronto: você não receberá mais {rotulo} por e-mail em{' '}
            <span className="break-all">{dados.email}</span>.
          </p>
          {dados.obrigatorio ? (
            <p className="mt-2">
              Atenção: a empresa de inspeção tornou este aviso obrigatório, então ele continuará sendo enviado
              enquanto essa regra valer.
            </p>
          ) : null}
        </div>
        {preferencias}
      </div>
    );
  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        Você não receberá mais <strong className="text-slate-900">{rotulo}</strong> por e-mail em{' '}
        <span className="break-all">{dados.email}</span>. Os demais e-mails continuam.
      </p>
      {dados.obrigatorio ? (
        <p className="text-sm text-amber-800">
          Este aviso é obrigatório pela empresa de inspeção: ele continuará sendo enviado mesmo assim.
        </p>
      ) : null}
      {enviar.error ? <FormAlert>{errorMessage(enviar.error)}</FormAlert> : null}
      <button
        type="button"
        onClick={() => enviar.mutate()}
        disabled={enviar.isPending}
        className={`${buttonClass('primary', 'lg')} w-full`}
      >
        Confirmar descadastro
      </button>
      {preferencias}
    </div>
  );
}
