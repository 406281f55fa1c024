import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asBoolean, asEnum, asNumber, asRecord, asString } from '../../../lib/parse';
import { emailKey, notificacoesKey } from './keys';

/** How e-mails leave (GET /api/admin/email/status). */
export type StatusServicoEmail = {
  mode: 'sandbox' | 'production';
  provider: 'outbox' | 'smtp' | 'amazon-ses';
  configured: boolean;
  transport: 'outbox' | 'smtp' | 'ses';
  from: string;
  ratePerSecond: number;
};

export type EstatisticasEmail = {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  byProvider: Record<string, number>;
};

export type ResultadoLimpeza = {
  /** ISO: what was older than this was removed. */
  corte: string;
  removidos: { emailLogs: number; outbox: number; notificationLogs: number };
};

export function parseStatusServico(data: unknown): StatusServicoEmail {
  const body = asRecord(data, 'status');
  return {
    mode: asEnum(body.mode, 'mode', ['sandbox', 'production'] as const),
    provider: asEnum(body.provider, 'provider', ['outbox', 'smtp', 'amazon-ses'] as const),
    configured: asBoolean(body.configured, 'configured'),
    transport: asEnum(body.transport, 'transport', ['outbox', 'smtp', 'ses'] as const),
    from: asString(body.from, 'from'),
    ratePerSecond: asNumber(body.ratePerSecond, 'ratePerSecond'),
  };
}

export function parseEstatisticas(data: unknown): EstatisticasEmail {
  const body = asRecord(data, 'estatisticas');
  const porProvedor = asRecord(body.byProvider ?? {}, 'byProvider');
  return {
    total: asNumber(body.total, 'total'),
    sent: asNumber(body.sent, 'sent'),
    failed: asNumber(body.failed, 'failed'),
    pending: asNumber(body.pending, 'pending'),
    byProvider: Object.fromEntries(
      Object.entries(porProvedor).map(([provedor, total]) => [
        provedor,
        asNumber(total, `byProvider.${provedor}`),
      ]),
    ),
  };
}

export const statusServicoQueryOptions = queryOptions({
  queryKey: [...emailKey, 'status'],
  queryFn: ({ signal }) => apiFetch('/admin/email/status', { signal, parse: parseStatusServico }),
});

export const estatisticasQueryOptions = queryOptions({
  queryKey: [...emailKey, 'estatisticas'],
  queryFn: ({ signal }) => apiFetch('/admin/email/estatisticas', { signal, parse: parseEstatisticas }),
});

export function useStatusServicoEmail() {
  return useQuery(statusServicoQueryOptions);
}

export function useEstatisticasEmail() {
  return useQuery(estatisticasQueryOptions);
}

/** POST /api/admin/email/limpar-logs: removes the logs older than `dias` days. */
export function limparLogs(dias: number): Promise<ResultadoLimpeza> {
  return apiFetch('/admin/email/limpar-logs', {
    method: 'POST',
    body: { dias },
    parse: (data: unknown) => {
      const body = asRecord(data, 'resposta');
      const removidos = asRecord(body.removidos, 'removidos');
      return {
        corte: asString(body.corte, 'corte'),
        removidos: {
          emailLogs: asNumber(removidos.emailLogs, 'removidos.emailLogs'),
          outbox: asNumber(removidos.outbox, 'removidos.outbox'),
          notificationLogs: asNumber(removidos.notificationLogs, 'removidos.notificationLogs'),
        },
      };
    },
  });
}

export function useLimparLogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: limparLogs,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailKey }),
        queryClient.invalidateQueries({ queryKey: notificacoesKey }),
      ]),
  });
}
