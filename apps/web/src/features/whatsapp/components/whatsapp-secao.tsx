import { type FormEvent, useState } from 'react';
import { SkeletonText } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { errorMessage, errorsFromRequest } from '../../../lib/validation';
import { useAtivarWhatsapp, useDesativarWhatsapp, useMeuWhatsapp } from '../api/whatsapp';

/** "+5511988887777" → "+55 11 98888-7777" (Brazilian numbers; others as stored). */
function numeroLegivel(e164: string): string {
  const m = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return m ? `+55 ${m[1]} ${m[2]}-${m[3]}` : e164;
}

/** The server's refusals that belong to a field, shown under it. */
function errosDoServidor(err: unknown): { numero?: string; consentimento?: string } {
  if (err instanceof ApiError && err.code === 'WHATSAPP_NUMERO_INVALIDO') return { numero: err.message };
  if (err instanceof ApiError && err.code === 'WHATSAPP_SEM_CONSENTIMENTO')
    return { consentimento: err.message };
  return errorsFromRequest(err);
}

/**
 * "WhatsApp" on the account page (decision 037): the person's number and consent (LGPD) to
 * receive the reminders by WhatsApp, and "Desativar". Offered only when the server is configured,
 * the firm's switch is on and the company's plan has the feature; otherwise it says why.
 */
export function WhatsappSecao() {
  const estado = useMeuWhatsapp();
  const ativar = useAtivarWhatsapp();
  const desativar = useDesativarWhatsapp();
  const { showToast } = useToast();
  const [numero, setNumero] = useState('');
  const [aceite, setAceite] = useState(false);
  const [erros, setErros] = useState<{ numero?: string; consentimento?: string }>({});

  if (estado.isPending) return <SkeletonText lines={2} label="Carregando o WhatsApp..." />;
  if (estado.isError) return <ErrorNotice error={estado.error} onRetry={() => void estado.refetch()} />;
  const e = estado.data;

  if (e.ativo && e.numero)
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Os avisos de vencimento vão também para o WhatsApp{' '}
          <strong className="whitespace-nowrap">{numeroLegivel(e.numero)}</strong>
          {e.consentidoEm ? `, autorizado em ${formatDateTime(e.consentidoEm)}` : ''}.
        </p>
        {!e.disponivel && e.motivo ? <FormAlert tone="info">{e.motivo}</FormAlert> : null}
        {desativar.isError ? <FormAlert>{errorMessage(desativar.error)}</FormAlert> : null}
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={desativar.isPending}
          onClick={() =>
            desativar.mutate(undefined, {
              onSuccess: () => showToast({ type: 'success', title: 'WhatsApp desativado' }),
            })
          }
        >
          Desativar
        </button>
      </div>
    );

  if (!e.disponivel) return <p className="text-sm text-slate-700">{e.motivo}</p>;

  const enviar = (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const novos = {
      ...(numero.trim() ? {} : { numero: 'Informe o número do WhatsApp com DDD.' }),
      ...(aceite ? {} : { consentimento: 'Marque a caixa para autorizar as mensagens.' }),
    };
    setErros(novos);
    if (Object.keys(novos).length > 0) return;
    ativar.mutate(
      { numero, consentimento: aceite },
      {
        onSuccess: () => {
          setNumero('');
          setAceite(false);
          showToast({ type: 'success', title: 'WhatsApp ativado' });
        },
        onError: (err) => setErros(errosDoServidor(err)),
      },
    );
  };

  return (
    <form className="space-y-4" noValidate onSubmit={enviar}>
      <TextField
        label="Número do WhatsApp"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="(11) 98888-7777"
        hint="Celular com DDD. Para números de fora do Brasil, comece com + e o código do país."
        value={numero}
        error={erros.numero}
        onChange={(ev) => setNumero(ev.target.value)}
      />
      <CheckboxField
        label={e.texto}
        checked={aceite}
        error={erros.consentimento}
        onChange={(ev) => setAceite(ev.target.checked)}
      />
      {ativar.isError && Object.keys(errosDoServidor(ativar.error)).length === 0 ? (
        <FormAlert>{errorMessage(ativar.error)}</FormAlert>
      ) : null}
      <button type="submit" className={buttonClass('primary')} disabled={ativar.isPending}>
        Ativar WhatsApp
      </button>
    </form>
  );
}
