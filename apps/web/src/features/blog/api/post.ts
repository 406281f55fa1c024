import { asArray, asBoolean, asNullableString, asNumber, asRecord, asString } from '../../../lib/parse';

/** A post's cover image, with its size so the page reserves the space before it loads. */
export type Capa = { url: string; largura: number; altura: number };

/** A post in the admin's list (GET /api/admin/blog/posts). */
export type PostResumo = {
  id: string;
  slug: string;
  titulo: string;
  /** Also the page's meta description. */
  resumo: string;
  autorNome: string | null;
  publicado: boolean;
  /** ISO; null while it was never published. */
  publicadoEm: string | null;
  criadoEm: string;
  atualizadoEm: string;
  capa: Capa | null;
};

/** One post with its text (GET /api/admin/blog/posts/:id, and the answer of every change). */
export type Post = PostResumo & {
  /** Markdown, as the author wrote it. */
  conteudo: string;
  /** Rendered and sanitised by the server. */
  conteudoHtml: string;
};

export type StatusFiltro = 'todos' | 'publicados' | 'rascunhos';

export type PostsFiltro = { busca: string; status: StatusFiltro; pagina: number; porPagina: number };

export type PostsPagina = { posts: PostResumo[]; total: number; pagina: number; porPagina: number };

/** The limits the server checks; the form checks them first to answer sooner. */
export const LIMITES = { titulo: 160, resumo: 300, conteudo: 100_000, slug: 80, autorNome: 120 } as const;

/** Lowercase letters, digits and single hyphens between them. */
export const SLUG_VALIDO = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function parseCapa(value: unknown, path: string): Capa | null {
  if (value === null || value === undefined) return null;
  const capa = asRecord(value, path);
  return {
    url: asString(capa.url, `${path}.url`),
    largura: asNumber(capa.largura, `${path}.largura`),
    altura: asNumber(capa.altura, `${path}.altura`),
  };
}

export function parsePostResumo(value: unknown, path = 'post'): PostResumo {
  const post = asRecord(value, path);
  return {
    id: asString(post.id, `${path}.id`),
    slug: asString(post.slug, `${path}.slug`),
    titulo: asString(post.titulo, `${path}.titulo`),
    resumo: asString(post.resumo, `${path}.resumo`),
    autorNome: asNullableString(post.autorNome, `${path}.autorNome`),
    publicado: asBoolean(post.publicado, `${path}.publicado`),
    publicadoEm: asNullableString(post.publicadoEm, `${path}.publicadoEm`),
    criadoEm: asString(post.criadoEm, `${path}.criadoEm`),
    atualizadoEm: asString(post.atualizadoEm, `${path}.atualizadoEm`),
    capa: parseCapa(post.capa, `${path}.capa`),
  };
}

/** The post itself (the blog endpoints answer without an envelope). */
export function parsePost(data: unknown): Post {
  const post = asRecord(data, 'post');
  return {
    ...parsePostResumo(post),
    conteudo: asString(post.conteudo, 'post.conteudo'),
    conteudoHtml: asString(post.conteudoHtml, 'post.conteudoHtml'),
  };
}

export function parsePostsPagina(data: unknown): PostsPagina {
  const body = asRecord(data, 'resposta');
  return {
    posts: asArray(body.posts, 'posts', parsePostResumo),
    total: asNumber(body.total, 'total'),
    pagina: asNumber(body.pagina, 'pagina'),
    porPagina: asNumber(body.porPagina, 'porPagina'),
  };
}

/** Every admin query about the blog starts with this key, so one invalidation refreshes them all. */
export const blogKey = ['admin', 'blog'] as const;
export const postsKey = [...blogKey, 'posts'] as const;
export const postKey = (id: string) => [...blogKey, 'post', id] as const;

export function postPath(id: string): string {
  return `/admin/blog/posts/${encodeURIComponent(id)}`;
}
