import { type Notificacao, type NotificacoesPagina, notificacoesRespostaWeb } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type { Notificacao };

const lerPagina = parseWith(notificacoesRespostaWeb.notificacoesPagina, 'resposta');

/** GET /api/notificacoes, newest first whatever order arrives. */
function lerNotificacoesPagina(data: unknown): NotificacoesPagina {
  const pagina = lerPagina(data);
  return { ...pagina, itens: pagina.itens.sort((a, b) => Date.parse(b.data) - Date.parse(a.data)) };
}

export function notificacoesQueryOptions(pagina: number, porPagina: number) {
  return queryOptions({
    queryKey: ['notificacoes', { pagina, porPagina }],
    queryFn: ({ signal }) =>
      apiFetch(
        `/notificacoes?${new URLSearchParams({ pagina: String(pagina), porPagina: String(porPagina) })}`,
        {
          signal,
          parse: lerNotificacoesPagina,
        },
      ),
    placeholderData: (previous) => previous,
  });
}

/** The e-mails sent about the signed-in user's laudos, one page at a time. */
export function useNotificacoes(pagina: number, porPagina: number) {
  return useQuery(notificacoesQueryOptions(pagina, porPagina));
}
