import { auditoriaNaWeb, type EntradaDeAuditoria, type FiltroDeAuditoria } from '@laudos/domain/api';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type { EntradaDeAuditoria, FiltroDeAuditoria };

/** The audit log (issue 22, decision 046): the admin's list, one entry, the CSV, a laudo's history. */
const auditoriaKey = ['auditoria'] as const;
export const ENTRADAS_POR_PAGINA = 50;

const parsePagina = parseWith(auditoriaNaWeb.pagina, 'resposta');
const parseEntrada = parseWith(auditoriaNaWeb.umaEntrada, 'resposta');
const parseHistorico = parseWith(auditoriaNaWeb.historico, 'resposta');

/** The filters as a query string (empty ones left out). */
export function consultaDeAuditoria(filtros: FiltroDeAuditoria, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filtros, ...extra })) if (v) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** GET /api/admin/auditoria, page after page ("Carregar mais"), by the server's cursor. */
export function useRegistroDeAuditoria(filtros: FiltroDeAuditoria) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...auditoriaKey, 'lista', filtros],
      queryFn: ({ pageParam, signal }) =>
        apiFetch(
          `/admin/auditoria${consultaDeAuditoria(filtros, {
            limite: String(ENTRADAS_POR_PAGINA),
            ...(pageParam ? { cursor: pageParam } : {}),
          })}`,
          { parse: parsePagina, signal },
        ),
      initialPageParam: '',
      getNextPageParam: (ultima) => ultima.proximoCursor ?? undefined,
    }),
  );
}

/** GET /api/admin/auditoria/:id. */
export function useEntradaDeAuditoria(id: string | null) {
  return useQuery({
    queryKey: [...auditoriaKey, 'entrada', id],
    queryFn: ({ signal }) =>
      apiFetch(`/admin/auditoria/${encodeURIComponent(id ?? '')}`, { parse: parseEntrada, signal }),
    enabled: Boolean(id),
  });
}

/** The CSV's address with the same filters (a plain download link: the browser sends the cookie). */
export function enderecoDoCsv(filtros: FiltroDeAuditoria): string {
  return `/api/admin/auditoria/exportar${consultaDeAuditoria(filtros)}`;
}

/** GET /api/laudos/:id/historico, page after page ("Carregar mais"), once the section is opened. */
export function useHistoricoDoLaudo(laudoId: string, aberto: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...auditoriaKey, 'historico', laudoId],
      queryFn: ({ pageParam, signal }) =>
        apiFetch(
          `/laudos/${encodeURIComponent(laudoId)}/historico${consultaDeAuditoria(
            {},
            { limite: String(ENTRADAS_POR_PAGINA), ...(pageParam ? { cursor: pageParam } : {}) },
          )}`,
          { parse: parseHistorico, signal },
        ),
      initialPageParam: '',
      getNextPageParam: (ultima) => ultima.proximoCursor ?? undefined,
      enabled: aberto,
    }),
  );
}
