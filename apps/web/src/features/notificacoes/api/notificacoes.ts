import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { type StatusEmail, statusEmail } from '../../../lib/email-labels';
import { asArray, asEnum, asNullableString, asNumber, asRecord, asString } from '../../../lib/parse';

/** An e-mail sent about one of the user's laudos (GET /api/notificacoes). */
export type Notificacao = {
  id: string;
  /** ISO instant. */
  data: string;
  laudoId: string | null;
  laudoNome: string | null;
  laudoCodigo: string | null;
  /** The template type, e.g. 'vencimento_30', 'vencido_0', 'relatorio_mensal'. */
  tipo: string;
  assunto: string;
  status: StatusEmail;
  destinatario: string;
};

export type NotificacoesPagina = { itens: Notificacao[]; total: number; pagina: number; porPagina: number };

function parseNotificacao(value: unknown, path: string): Notificacao {
  const item = asRecord(value, path);
  return {
    id: asString(item.id, `${path}.id`),
    data: asString(item.data, `${path}.data`),
    laudoId: asNullableString(item.laudoId, `${path}.laudoId`),
    laudoNome: asNullableString(item.laudoNome, `${path}.laudoNome`),
    laudoCodigo: asNullableString(item.laudoCodigo, `${path}.laudoCodigo`),
    tipo: asString(item.tipo, `${path}.tipo`),
    assunto: asString(item.assunto, `${path}.assunto`),
    status: asEnum(item.status, `${path}.status`, statusEmail),
    destinatario: asString(item.destinatario, `${path}.destinatario`),
  };
}

export function parseNotificacoesPagina(data: unknown): NotificacoesPagina {
  const body = asRecord(data, 'resposta');
  const itens = asArray(body.itens, 'itens', parseNotificacao);
  return {
    // Newest first, whatever order arrives.
    itens: itens.sort((a, b) => Date.parse(b.data) - Date.parse(a.data)),
    total: asNumber(body.total, 'total'),
    pagina: asNumber(body.pagina, 'pagina'),
    porPagina: asNumber(body.porPagina, 'porPagina'),
  };
}

export function notificacoesQueryOptions(pagina: number, porPagina: number) {
  return queryOptions({
    queryKey: ['notificacoes', { pagina, porPagina }],
    queryFn: ({ signal }) =>
      apiFetch(
        `/notificacoes?${new URLSearchParams({ pagina: String(pagina), porPagina: String(porPagina) })}`,
        {
          signal,
          parse: parseNotificacoesPagina,
        },
      ),
    placeholderData: (previous) => previous,
  });
}

/** The e-mails sent about the signed-in user's laudos, one page at a time. */
export function useNotificacoes(pagina: number, porPagina: number) {
  return useQuery(notificacoesQueryOptions(pagina, porPagina));
}
