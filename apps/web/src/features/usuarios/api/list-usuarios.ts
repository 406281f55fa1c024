import { usuariosPaginaWebSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { type UsuariosFiltro, usuariosKey } from './usuario';

export function listarUsuarios(filtro: UsuariosFiltro, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filtro.busca.trim()) params.set('busca', filtro.busca.trim());
  if (filtro.tipo) params.set('tipo', filtro.tipo);
  if (filtro.ativo) params.set('ativo', filtro.ativo);
  if (filtro.planoId) params.set('planoId', filtro.planoId);
  params.set('pagina', String(filtro.pagina));
  params.set('porPagina', String(filtro.porPagina));
  return apiFetch(`/admin/usuarios?${params}`, {
    parse: parseWith(usuariosPaginaWebSchema, 'resposta'),
    ...(signal ? { signal } : {}),
  });
}

export function usuariosQueryOptions(filtro: UsuariosFiltro) {
  return queryOptions({
    queryKey: [...usuariosKey, 'lista', filtro],
    queryFn: ({ signal }) => listarUsuarios(filtro, signal),
    // The table keeps the current page while the next one loads.
    placeholderData: (previous) => previous,
  });
}

export function useUsuarios(filtro: UsuariosFiltro) {
  return useQuery(usuariosQueryOptions(filtro));
}
