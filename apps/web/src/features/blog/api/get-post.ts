import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parsePost, postKey, postPath } from './post';

/** GET /api/admin/blog/posts/:id: the post with its Markdown, for the editor. */
export function buscarPost(id: string, signal?: AbortSignal) {
  return apiFetch(postPath(id), { parse: parsePost, ...(signal ? { signal } : {}) });
}

export function postQueryOptions(id: string) {
  return queryOptions({
    queryKey: postKey(id),
    queryFn: ({ signal }) => buscarPost(id, signal),
  });
}

/** The post being edited; nothing is asked while the editor holds a new, unsaved post (null). */
export function usePost(id: string | null) {
  return useQuery({ ...postQueryOptions(id ?? ''), enabled: id !== null });
}
