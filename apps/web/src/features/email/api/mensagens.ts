import { type MensagemDeEmail, respostasDeEmailWeb, type StatusDeEmail } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { emailKey } from './keys';

/** One e-mail in the outbox or already sent (GET /api/admin/email/mensagens). */
export type Mensagem = MensagemDeEmail;

export type MensagensFiltro = {
  status: '' | StatusDeEmail;
  busca: string;
  pagina: number;
  porPagina: number;
};

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
      apiFetch(`/admin/email/mensagens?${params}`, {
        signal,
        parse: parseWith(respostasDeEmailWeb.paginaDeMensagens),
      }),
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
        parse: parseWith(respostasDeEmailWeb.mensagemComConteudo),
      }),
  });
}

/** One message with its stored content (null when it left through SMTP/SES). */
export function useMensagem(id: string) {
  return useQuery(mensagemQueryOptions(id));
}
