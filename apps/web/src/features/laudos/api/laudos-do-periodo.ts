import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Laudo } from './laudo';
import { laudosKey } from './laudo';
import { listarLaudos } from './list-laudos';

/** The largest page GET /api/laudos gives (`porPagina` max in the shared filter schema). */
const POR_PAGINA = 100;
/** Pages asked at once after the first: enough to be quick, few enough not to crowd the server. */
const EM_PARALELO = 4;

export type FiltroDoPeriodo = { de: string; ate: string; busca: string; tipo: string };

/**
 * Every laudo due from `de` to `ate` (calendar days, inclusive), however many pages that takes:
 * a calendar must show every due date of the days it shows, not the first page of them.
 */
export async function listarLaudosDoPeriodo(filtro: FiltroDoPeriodo, signal?: AbortSignal): Promise<Laudo[]> {
  const base = {
    vencimentoDe: filtro.de,
    vencimentoAte: filtro.ate,
    busca: filtro.busca,
    tipo: filtro.tipo,
    ordem: 'vencimento' as const,
    direcao: 'asc' as const,
    porPagina: POR_PAGINA,
  };
  const primeira = await listarLaudos({ ...base, pagina: 1 }, signal);
  const laudos = [...primeira.laudos];
  const paginas = Math.ceil(primeira.total / primeira.porPagina);
  for (let inicio = 2; inicio <= paginas; inicio += EM_PARALELO) {
    const lote = Array.from({ length: Math.min(EM_PARALELO, paginas - inicio + 1) }, (_, i) =>
      listarLaudos({ ...base, pagina: inicio + i }, signal),
    );
    for (const pagina of await Promise.all(lote)) laudos.push(...pagina.laudos);
  }
  return laudos;
}

export function laudosDoPeriodoQueryOptions(filtro: FiltroDoPeriodo) {
  return queryOptions({
    queryKey: [...laudosKey, 'periodo', filtro],
    queryFn: ({ signal }) => listarLaudosDoPeriodo(filtro, signal),
    // The month on screen stays while the next one loads (no empty grid between months).
    placeholderData: (anterior) => anterior,
  });
}

export function useLaudosDoPeriodo(filtro: FiltroDoPeriodo) {
  return useQuery(laudosDoPeriodoQueryOptions(filtro));
}
