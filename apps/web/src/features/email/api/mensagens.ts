import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { type StatusEmail, statusEmail } from '../../../lib/email-labels';
import {
  asArray,
  asBoolean,
  asEnum,
  asNullableString,
  asNumber,
  asRecord,
  asString,
} from '../../../lib/parse';
import { emailKey } from './keys';

/** One e-mail in the outbox or already sent (GET /api/admin/email/mensagens). */
export type Mensagem = {
  id: string;
  recipientEmail: string;
  recipientName: string | null;
  subject: string;
  templateType: string | null;
  provider: string;
  status: StatusEmail;
  errorMessage: string | null;
  attempts: number;
  sentAt: string | null;
  createdAt: string;
  laudoId: string | null;
  /** The rendered message is stored (outbox/sandbox). */
  temConteudo: boolean;
};

export type ConteudoMensagem = {
  from: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
};

export type MensagensFiltro = { status: '' | StatusEmail; busca: string; pagina: number; porPagina: number };

export type MensagensPagina = { mensagens: Mensagem[]; total: number; pagina: number; porPagina: number };

function parseMensagem(value: unknown, path = 'mensagem'): Mensagem {
  const mensagem = asRecord(value, path);
  return {
    id: asString(mensagem.id, `${path}.id`),
    recipientEmail: asString(mensagem.recipientEmail, `${path}.recipientEmail`),
    recipientName: asNullableString(mensagem.recipientName, `${path}.recipientName`),
    subject: asString(mensagem.subject, `${path}.subject`),
    templateType: asNullableString(mensagem.templateType, `${path}.templateType`),
    provider: asString(mensagem.provider, `${path}.provider`),
    status: asEnum(mensagem.status, `${path}.status`, statusEmail),
    errorMessage: asNullableString(mensagem.errorMessage, `${path}.errorMessage`),
    attempts: asNumber(mensagem.attempts, `${path}.attempts`),
    sentAt: asNullableString(mensagem.sentAt, `${path}.sentAt`),
    createdAt: asString(mensagem.createdAt, `${path}.createdAt`),
    laudoId: asNullableString(mensagem.laudoId, `${path}.laudoId`),
    temConteudo: asBoolean(mensagem.temConteudo, `${path}.temConteudo`),
  };
}

function parseConteudo(value: unknown, path = 'conteudo'): ConteudoMensagem | null {
  if (value === null || value === undefined) return null;
  const conteudo = asRecord(value, path);
  return {
    from: asString(conteudo.from, `${path}.from`),
    replyTo: asNullableString(conteudo.replyTo, `${path}.replyTo`),
    subject: asString(conteudo.subject, `${path}.subject`),
    html: asString(conteudo.html, `${path}.html`),
    text: asString(conteudo.text, `${path}.text`),
  };
}

export function parseMensagensPagina(data: unknown): MensagensPagina {
  const body = asRecord(data, 'resposta');
  return {
    mensagens: asArray(body.mensagens, 'mensagens', parseMensagem),
    total: asNumber(body.total, 'total'),
    pagina: asNumber(body.pagina, 'pagina'),
    porPagina: asNumber(body.porPagina, 'porPagina'),
  };
}

const mensagensKey = [...emailKey, 'mensagens'] as const;

export function mensagensQueryOptions(filtro: MensagensFiltro) {
  const params = new URLSearchParams();
  if (filtro.status) params.set('status', filtro.status);
  if (filtro.busca.trim()) params.set('busca', filtro.busca.trim());
  params.set('pagina', String(filtro.pagina));
  params.set('porPagina', String(filtro.porPagina));
  return queryOptions({
    queryKey: [...mensagensKey, 'lista', filtro],
    queryFn: ({ signal }) =>
      apiFetch(`/admin/email/mensagens?${params}`, { signal, parse: parseMensagensPagina }),
    placeholderData: (previous) => previous,
  });
}

export function useMensagens(filtro: MensagensFiltro) {
  return useQuery(mensagensQueryOptions(filtro));
}

export function mensagemQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...mensagensKey, id],
    queryFn: ({ signal }) =>
      apiFetch(`/admin/email/mensagens/${encodeURIComponent(id)}`, {
        signal,
        parse: (data: unknown) => {
          const body = asRecord(data, 'resposta');
          return {
            mensagem: parseMensagem(body.mensagem),
            conteudo: parseConteudo(body.conteudo),
          };
        },
      }),
  });
}

/** One message with its stored content (null when it left through SMTP/SES). */
export function useMensagem(id: string) {
  return useQuery(mensagemQueryOptions(id));
}
