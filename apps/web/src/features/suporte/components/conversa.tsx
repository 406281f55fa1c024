import { responderChamadoEntrada } from '@laudos/domain/api';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { SkeletonText } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime } from '../../../lib/format';
import { errorMessage, errorsFromSchema } from '../../../lib/validation';
import { baixarAnexo, type Lado, useConversa, useMudarSituacao, useResponder } from '../api/suporte';
import { ACEITA_ANEXO, Prioritario, StatusDoChamado, tempoDesde } from './comum';

/**
 * A request's thread (client or firm): the messages, oldest first, with their files; a reply with
 * an optional file; close and reopen.
 */
export function Conversa({ lado, id, voltar }: { lado: Lado; id: string; voltar: string }) {
  const conversa = useConversa(lado, id);
  const situacao = useMudarSituacao(lado, id);
  const { showToast } = useToast();
  if (conversa.isPending) return <SkeletonText lines={4} label="Carregando o chamado" />;
  if (conversa.isError) return <ErrorNotice error={conversa.error} onRetry={() => void conversa.refetch()} />;
  const { chamado, mensagens } = conversa.data;
  const fechado = chamado.status === 'fechado';
  const mudar = (acao: 'fechar' | 'reabrir') =>
    situacao.mutate(acao, {
      onSuccess: () =>
        showToast({ type: 'success', title: acao === 'fechar' ? 'Chamado fechado.' : 'Chamado reaberto.' }),
      onError: (error) => showToast({ type: 'error', title: errorMessage(error) }),
    });
  return (
    <div className="min-w-0 space-y-4">
      <Link to={voltar} className="text-sm font-medium text-brand-700 underline">
        Voltar para os chamados
      </Link>
      <header className="space-y-2">
        <h2 className="text-xl font-semibold break-words text-slate-900">{chamado.assunto}</h2>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <StatusDoChamado status={chamado.status} />
          {chamado.prioritario ? <Prioritario /> : null}
          <span>
            {lado === 'admin' ? `${chamado.empresa} · ` : ''}aberto {tempoDesde(chamado.criadoEm)}
            {chamado.autor ? ` por ${chamado.autor}` : ''}
          </span>
        </div>
        {chamado.laudo ? (
          <p className="text-sm text-slate-700">
            Laudo: {chamado.laudo.nome} ({chamado.laudo.codigo})
          </p>
        ) : null}
      </header>
      <ol className="space-y-3" aria-label="Mensagens">
        {mensagens.map((m) => (
          <li
            key={m.id}
            className={`min-w-0 rounded-xl p-4 ring-1 ${m.daFirma ? 'bg-brand-50 ring-brand-200' : 'bg-white ring-slate-200'}`}
          >
            <p className="text-sm font-medium text-slate-900">
              {m.daFirma ? `${m.autor ?? 'Firma'} (suporte)` : (m.autor ?? 'Cliente')}{' '}
              <span className="font-normal text-slate-600">· {formatDateTime(m.criadoEm)}</span>
            </p>
            <p className="mt-2 text-base break-words whitespace-pre-wrap text-slate-800">{m.corpo}</p>
            {m.anexo ? (
              <button
                type="button"
                className="mt-2 text-sm font-medium break-all text-brand-700 underline"
                onClick={() =>
                  baixarAnexo(lado, chamado.id, m).catch((error) =>
                    showToast({ type: 'error', title: errorMessage(error) }),
                  )
                }
              >
                Baixar anexo: {m.anexo.nome}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {fechado ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <p className="text-sm text-slate-700">Este chamado está fechado.</p>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={situacao.isPending}
            onClick={() => mudar('reabrir')}
          >
            Reabrir chamado
          </button>
        </div>
      ) : (
        <>
          <Resposta lado={lado} id={chamado.id} />
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={situacao.isPending}
            onClick={() => mudar('fechar')}
          >
            Fechar chamado
          </button>
        </>
      )}
    </div>
  );
}

function Resposta({ lado, id }: { lado: Lado; id: string }) {
  const responder = useResponder(lado, id);
  const { showToast } = useToast();
  const [mensagem, setMensagem] = useState('');
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erro, setErro] = useState<string | undefined>();
  const [chave, setChave] = useState(0);

  function enviar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const erros = errorsFromSchema<'mensagem'>(responderChamadoEntrada, { mensagem });
    setErro(erros.mensagem);
    if (erros.mensagem) return;
    responder.mutate(
      { mensagem, arquivo },
      {
        onSuccess: () => {
          setMensagem('');
          setArquivo(null);
          setChave((k) => k + 1);
          showToast({ type: 'success', title: 'Resposta enviada.' });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={enviar} className="space-y-3" aria-label="Responder">
      {responder.isError ? <FormAlert>{errorMessage(responder.error)}</FormAlert> : null}
      <TextAreaField
        label="Sua resposta"
        rows={4}
        value={mensagem}
        error={erro}
        onChange={(e) => setMensagem(e.target.value)}
      />
      <TextField
        key={chave}
        id={`anexo-resposta-${id}`}
        label="Anexo: PDF ou imagem"
        optional
        type="file"
        accept={ACEITA_ANEXO}
        onChange={(e) => setArquivo(e.target.files?.[0] ?? null)}
      />
      <button type="submit" className={buttonClass('primary')} disabled={responder.isPending}>
        {responder.isPending ? 'Enviando…' : 'Enviar resposta'}
      </button>
    </form>
  );
}
