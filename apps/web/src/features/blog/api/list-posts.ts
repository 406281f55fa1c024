import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { type PostsFiltro, parsePostsPagina, postsKey } from './post';

/** GET /api/admin/blog/posts: drafts and published posts, newest first. */
export function listarPosts(filtro: PostsFiltro, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filtro.busca.trim()) params.set('busca', filtro.busca.trim());
  params.set('status', filtro.status);
  params.set('pagina', String(filtro.pagina));
  params.set('porPagina', String(filtro.porPagina));
  return apiFetch(`/admin/blog/posts?${params}`, {
    parse: parsePostsPagina,
    ...(signal ? { signal } : {}),
  });
}

export function postsQueryOptions(filtro: PostsFiltro) {
  return queryOptions({
    queryKey: [...postsKey, filtro],
    queryFn: ({ signal }) => listarPosts(filtro, signal),
    // The table keeps the current page while the next one loads.
    placeholderData: (previous) => previous,
  });
}

export function usePosts(filtro: PostsFiltro) {
  return useQuery(postsQueryOptions(filtro));
}
