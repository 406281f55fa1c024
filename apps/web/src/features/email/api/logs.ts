import {
  type NotificacaoLog,
  notificacoesRespostaWeb,
  type StatusLog,
  statusLog,
  type TipoNotificacao,
} from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { notificacoesKey } from './keys';

export type { NotificacaoLog, StatusLog };
export { statusLog };

export type LogsFiltro = {
  status: '' | StatusLog;
  tipo: '' | TipoNotificacao;
  busca: string;
  /** 'YYYY-MM-DD' on the scheduled date, or ''. */
  de: string;
  ate: string;
  pagina: number;
  porPagina: number;
};

const lerLogsPagina = parseWith(notificacoesRespostaWeb.logsPagina, 'resposta');

export function logsQueryOptions(filtro: LogsFiltro) {
  const params = new URLSearchParams();
  if (filtro.status) params.set('status', filtro.status);
  if (filtro.tipo) params.set('tipo', filtro.tipo);
  if (filtro.busca.trim()) params.set('busca', filtro.busca.trim());
  if (filtro.de) params.set('de', filtro.de);
  if (filtro.ate) params.set('ate', filtro.ate);
  params.set('pagina', String(filtro.pagina));
  params.set('porPagina', String(filtro.porPagina));
  return queryOptions({
    queryKey: [...notificacoesKey, 'logs', filtro],
    queryFn: ({ signal }) => apiFetch(`/admin/notificacoes/logs?${params}`, { signal, parse: lerLogsPagina }),
    placeholderData: (previous) => previous,
  });
}

export function useLogsNotificacao(filtro: LogsFiltro) {
  return useQuery(logsQueryOptions(filtro));
}
