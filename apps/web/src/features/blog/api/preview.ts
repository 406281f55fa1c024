import { previewSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { blogKey } from './post';

/**
 * POST /api/admin/blog/preview: the Markdown rendered and sanitised by the server, exactly as the
 * site will show it. A query, not a mutation: the same text is not rendered twice, and only the
 * answer for the text on screen counts.
 */
const lerPreview = parseWith(previewSchema, 'preview');

export function previewQueryOptions(conteudo: string) {
  return queryOptions({
    queryKey: [...blogKey, 'preview', conteudo],
    queryFn: ({ signal }) =>
      apiFetch('/admin/blog/preview', {
        method: 'POST',
        body: { conteudo },
        signal,
        parse: (data: unknown) => lerPreview(data).html,
      }),
    // A 400 (too long) is the author's to fix: asking again would not change it.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

export function usePreviewPost(conteudo: string, enabled: boolean) {
  return useQuery({ ...previewQueryOptions(conteudo), enabled });
}
