import {
  type PostAdmin,
  type PostAdminResumo,
  postAdminSchema,
  postsAdminPaginaSchema,
} from '@laudos/domain/api';
import { parseWith } from '../../../lib/parse';

/** A post in the admin's list (GET /api/admin/blog/posts). */
export type PostResumo = PostAdminResumo;

/** One post with its text (GET /api/admin/blog/posts/:id, and the answer of every change). */
export type Post = PostAdmin;

export type StatusFiltro = 'todos' | 'publicados' | 'rascunhos';

export type PostsFiltro = { busca: string; status: StatusFiltro; pagina: number; porPagina: number };

/** The post itself (the blog endpoints answer without an envelope). */
export const parsePost = parseWith(postAdminSchema, 'post');

export const parsePostsPagina = parseWith(postsAdminPaginaSchema, 'posts');

/** Every admin query about the blog starts with this key, so one invalidation refreshes them all. */
export const blogKey = ['admin', 'blog'] as const;
export const postsKey = [...blogKey, 'posts'] as const;
export const postKey = (id: string) => [...blogKey, 'post', id] as const;

export function postPath(id: string): string {
  return `/admin/blog/posts/${encodeURIComponent(id)}`;
}
