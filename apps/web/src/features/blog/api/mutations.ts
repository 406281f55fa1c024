import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { type Post, parsePost, postKey, postPath, postsKey } from './post';

/* The admin's changes to posts. Each answers with the post as it is now; the lists are refreshed. */

export type DadosPost = {
  titulo: string;
  resumo: string;
  /** Markdown. */
  conteudo: string;
  /** Omitted: derived from the title on creation, kept as it is on update. */
  slug?: string;
  autorNome?: string;
  publicado?: boolean;
};

/** POST /api/admin/blog/posts → 201 post. 409 SLUG_EM_USO when the slug is taken. */
export function criarPost(dados: DadosPost): Promise<Post> {
  return apiFetch('/admin/blog/posts', { method: 'POST', body: dados, parse: parsePost });
}

/** PUT /api/admin/blog/posts/:id with the whole post. */
export function alterarPost({ id, ...dados }: DadosPost & { id: string }): Promise<Post> {
  return apiFetch(postPath(id), { method: 'PUT', body: dados, parse: parsePost });
}

export function publicarPost(id: string): Promise<Post> {
  return apiFetch(`${postPath(id)}/publicar`, { method: 'POST', parse: parsePost });
}

/** Back to draft: the post leaves the site. */
export function despublicarPost(id: string): Promise<Post> {
  return apiFetch(`${postPath(id)}/despublicar`, { method: 'POST', parse: parsePost });
}

/** DELETE /api/admin/blog/posts/:id → 204; the cover goes with it. */
export async function excluirPost(id: string): Promise<void> {
  await apiFetch(postPath(id), { method: 'DELETE' });
}

/** DELETE /api/admin/blog/posts/:id/capa → post without a cover. */
export function removerCapa(id: string): Promise<Post> {
  return apiFetch(`${postPath(id)}/capa`, { method: 'DELETE', parse: parsePost });
}

function usePostMutation<TInput>(mutationFn: (input: TInput) => Promise<Post>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (post) => {
      // The answer is the post as it is now: show it at once, then refresh the lists.
      queryClient.setQueryData(postKey(post.id), post);
      return queryClient.invalidateQueries({ queryKey: postsKey });
    },
  });
}

export const useCriarPost = () => usePostMutation(criarPost);
export const useAlterarPost = () => usePostMutation(alterarPost);
export const usePublicarPost = () => usePostMutation(publicarPost);
export const useDespublicarPost = () => usePostMutation(despublicarPost);
export const useRemoverCapa = () => usePostMutation(removerCapa);

export function useExcluirPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirPost,
    onSuccess: (_resultado, id) => {
      queryClient.removeQueries({ queryKey: postKey(id) });
      return queryClient.invalidateQueries({ queryKey: postsKey });
    },
  });
}
