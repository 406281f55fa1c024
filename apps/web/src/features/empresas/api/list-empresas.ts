import { empresasPaginaWebSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { type EmpresasFiltro, empresasKey } from './empresa';

/** GET /api/admin/empresas: one page of companies, with their usage and the pending requests' count. */
export function listarEmpresas(filtro: EmpresasFiltro, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filtro.busca.trim()) params.set('busca', filtro.busca.trim());
  if (filtro.planoId) params.set('planoId', filtro.planoId);
  if (filtro.ativo) params.set('ativo', filtro.ativo);
  params.set('pagina', String(filtro.pagina));
  params.set('porPagina', String(filtro.porPagina));
  return apiFetch(`/admin/empresas?${params}`, {
    parse: parseWith(empresasPaginaWebSchema, 'resposta'),
    ...(signal ? { signal } : {}),
  });
}

export function empresasQueryOptions(filtro: EmpresasFiltro) {
  return queryOptions({
    queryKey: [...empresasKey, 'lista', filtro],
    queryFn: ({ signal }) => listarEmpresas(filtro, signal),
    // The table keeps the current page while the next one loads.
    placeholderData: (previous) => previous,
  });
}

export function useEmpresas(filtro: EmpresasFiltro) {
  return useQuery(empresasQueryOptions(filtro));
}
