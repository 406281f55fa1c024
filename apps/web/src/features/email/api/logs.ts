import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asArray, asEnum, asNullableString, asNumber, asRecord, asString } from '../../../lib/parse';
import { notificacoesKey } from './keys';
import { type TipoNotificacao, tiposNotificacao } from './regras';

export type StatusLog = 'pending' | 'sent' | 'failed';
export const statusLog: readonly StatusLog[] = ['pending', 'sent', 'failed'];

/** One reminder the scheduler queued (GET /api/admin/notificacoes/logs). */
export type NotificacaoLog = {
  id: string;
  laudoId: string | null;
  ruleName: string | null;
  /** Days left on the scheduled date: > 0 before expiry, <= 0 after. */
  daysBefore: number | null;
  recipientEmail: string;
  recipientName: string | null;
  laudoCode: string | null;
  laudoName: string | null;
  status: StatusLog;
  errorMessage: string | null;
  notificationType: TipoNotificacao;
  scheduledDate: string | null;
  sentAt: string | null;
  createdAt: string;
};

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

export type LogsPagina = { logs: NotificacaoLog[]; total: number; pagina: number; porPagina: number };

function parseLog(value: unknown, path: string): NotificacaoLog {
  const log = asRecord(value, path);
  return {
    id: asString(log.id, `${path}.id`),
    laudoId: asNullableString(log.laudoId, `${path}.laudoId`),
    ruleName: asNullableString(log.ruleName, `${path}.ruleName`),
    daysBefore:
      log.daysBefore === null || log.daysBefore === undefined
        ? null
        : asNumber(log.daysBefore, `${path}.daysBefore`),
    recipientEmail: asString(log.recipientEmail, `${path}.recipientEmail`),
    recipientName: asNullableString(log.recipientName, `${path}.recipientName`),
    laudoCode: asNullableString(log.laudoCode, `${path}.laudoCode`),
    laudoName: asNullableString(log.laudoName, `${path}.laudoName`),
    status: asEnum(log.status, `${path}.status`, statusLog),
    errorMessage: asNullableString(log.errorMessage, `${path}.errorMessage`),
    notificationType: asEnum(log.notificationType, `${path}.notificationType`, tiposNotificacao),
    scheduledDate: asNullableString(log.scheduledDate, `${path}.scheduledDate`),
    sentAt: asNullableString(log.sentAt, `${path}.sentAt`),
    createdAt: asString(log.createdAt, `${path}.createdAt`),
  };
}

export function parseLogsPagina(data: unknown): LogsPagina {
  const body = asRecord(data, 'resposta');
  return {
    logs: asArray(body.logs, 'logs', parseLog),
    total: asNumber(body.total, 'total'),
    pagina: asNumber(body.pagina, 'pagina'),
    porPagina: asNumber(body.porPagina, 'porPagina'),
  };
}

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
    queryFn: ({ signal }) =>
      apiFetch(`/admin/notificacoes/logs?${params}`, { signal, parse: parseLogsPagina }),
    placeholderData: (previous) => previous,
  });
}

export function useLogsNotificacao(filtro: LogsFiltro) {
  return useQuery(logsQueryOptions(filtro));
}
