import { formatDateBR } from '@laudos/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SkeletonText, useRevealDelay } from '../../../components/loading';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/validation';
import {
  type RespostaAberta,
  type RespostaConfirmada,
  responderLembrete,
  useResposta,
} from '../api/resposta';

type Registrada = RespostaConfirmada['registrada'];

/**
 * /lembrete/:token, opened from a reminder's button without signing in: "Solicitar renovação" asks
 * for a preferred period, a contact and a note; "Já estou providenciando" is recorded on opening.
 * A link already used shows the same confirmation; a bad or dead link says what to do.
 */
export function ResponderLembrete({ token }: { token: string }) {
  const resposta = useResposta(token);
  const revelando = useRevealDelay(resposta.isPending);

  if (resposta.isPending || revelando) return <SkeletonText lines={3} label="Carregando o lembrete..." />;
  if (resposta.isError) {
    if (resposta.error instanceof ApiError && [404, 410].includes(resposta.error.status))
      return <FormAlert>{resposta.error.message}</FormAlert>;
    return <ErrorNotice error={resposta.error} onRetry={() => void resposta.refetch()} />;
  }
  const aberta = resposta.data;
  return (
    <div className="space-y-6">
      <p className="text-slate-700">
        Laudo <strong className="text-slate-900">{aberta.laudo.nome}</strong> (código {aberta.laudo.codigo}),
        vencimento em <strong className="text-slate-900">{formatDateBR(aberta.laudo.dataVencimento)}</strong>.
      </p>
      {aberta.registrada ? (
        <Confirmacao registrada={aberta.registrada} />
      ) : aberta.tipo === 'ciente' ? (
        <Ciente token={token} />
      ) : (
        <SolicitarForm token={token} aberta={aberta} />
      )}
    </div>
  );
}

function Confirmacao({ registrada }: { registrada: Registrada }) {
  const quando = formatDate(registrada.em);
  return (
    <div
      role="status"
      className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
    >
      {registrada.tipo === 'solicitacao' ? (
        <>
          <p className="font-semibold">
            Renovação solicitada em {quando} por <span className="break-all">{registrada.por}</span>.
          </p>
          <p>Nossa equipe vai entrar em contato para combinar a nova inspeção.</p>
        </>
      ) : (
        <>
          <p className="font-semibold">
            Ciente: providenciando (registrado em {quando} por{' '}
            <span className="break-all">{registrada.por}</span>).
          </p>
          <p>Obrigado por avisar.</p>
        </>
      )}
      <p>Os lembretes antes do vencimento deste laudo foram interrompidos.</p>
    </div>
  );
}

/** "Já estou providenciando": one click in the e-mail is the answer; the page records it on opening. */
function Ciente({ token }: { token: string }) {
  const enviar = useMutation({ mutationFn: () => responderLembrete({ token }) });
  const enviado = useRef(false);
  useEffect(() => {
    if (enviado.current) return;
    enviado.current = true;
    enviar.mutate();
  }, [enviar]);

  if (enviar.isSuccess) return <Confirmacao registrada={enviar.data.registrada} />;
  if (enviar.isError)
    return (
      <div className="space-y-4">
        <FormAlert>{errorMessage(enviar.error)}</FormAlert>
        <button
          type="button"
          onClick={() => enviar.mutate()}
          className={`${buttonClass('primary', 'lg')} w-full`}
        >
          Tentar de novo
        </button>
      </div>
    );
  return <SkeletonText lines={2} label="Registrando a sua resposta..." />;
}

function SolicitarForm({ token, aberta }: { token: string; aberta: RespostaAberta }) {
  const [periodo, setPeriodo] = useState('');
  const [contato, setContato] = useState('');
  const [observacao, setObservacao] = useState('');
  const enviar = useMutation({
    mutationFn: () =>
      responderLembrete({
        token,
        ...(periodo.trim() ? { periodo: periodo.trim() } : {}),
        ...(contato.trim() ? { contato: contato.trim() } : {}),
        ...(observacao.trim() ? { observacao: observacao.trim() } : {}),
      }),
  });

  if (enviar.isSuccess) return <Confirmacao registrada={enviar.data.registrada} />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    enviar.mutate();
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-slate-700">
        Conte quando prefere a nova inspeção e como falar com você. Todos os campos são opcionais: a nossa
        equipe recebe o pedido e entra em contato.
      </p>
      {enviar.error ? <FormAlert>{errorMessage(enviar.error)}</FormAlert> : null}
      <TextField
        label="Período preferido"
        name="periodo"
        optional
        maxLength={120}
        hint="Por exemplo: primeira quinzena do próximo mês, manhãs."
        value={periodo}
        onChange={(event) => setPeriodo(event.target.value)}
      />
      <TextField
        label="Contato"
        name="contato"
        optional
        maxLength={200}
        hint={`Telefone ou e-mail. Sem preencher, usamos ${aberta.destinatario}.`}
        value={contato}
        onChange={(event) => setContato(event.target.value)}
      />
      <TextAreaField
        label="Observação"
        name="observacao"
        optional
        rows={3}
        maxLength={2000}
        value={observacao}
        onChange={(event) => setObservacao(event.target.value)}
      />
      <button type="submit" disabled={enviar.isPending} className={`${buttonClass('primary', 'lg')} w-full`}>
        {enviar.isPending ? 'Enviando...' : 'Solicitar renovação'}
      </button>
    </form>
  );
}
