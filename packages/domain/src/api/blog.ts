import { z } from 'zod';
import { entrada } from './entrada.ts';

// The blog's API: what the admin's editor sends, and the posts the public pages and the editor read.

/** A post's address: lowercase letters, digits and single hyphens between them. */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 80;

/** Any 8-4-4-4-12 hex string: what PostgreSQL takes as a uuid (a post is found by id or by slug). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const pareceUuid = (value: string) => UUID_RE.test(value);

/** The limits of a post's fields, checked by the server and, to answer sooner, by the editor. */
export const LIMITES_DO_POST = {
  titulo: 160,
  resumo: 300,
  conteudo: 100_000,
  slug: SLUG_MAX,
  autorNome: 120,
} as const;

/** The pt-BR texts of the post's rules: the first one broken is what the admin reads. */
export const MENSAGENS_DO_POST = {
  titulo: 'Informe o título do post.',
  tituloLongo: 'O título deve ter no máximo 160 caracteres.',
  resumo: 'Informe o resumo do post.',
  resumoLongo: 'O resumo deve ter no máximo 300 caracteres.',
  conteudo: 'Escreva o conteúdo do post.',
  conteudoLongo: 'O conteúdo deve ter no máximo 100.000 caracteres.',
  slug: 'O slug deve ter apenas letras minúsculas, números e hífens.',
  slugLongo: `O slug deve ter no máximo ${SLUG_MAX} caracteres.`,
  slugUuid: 'O slug não pode ter o formato de um identificador (UUID).',
  autorNome: 'Informe o nome do autor (até 120 caracteres).',
  publicadoEm: 'Data de publicação inválida: use o formato ISO 8601 (ex.: 2026-05-01T12:00:00Z).',
  publicado: 'Indique se o post está publicado (verdadeiro ou falso).',
} as const;
const MSG = MENSAGENS_DO_POST;

const conteudo = z
  .string({ error: MSG.conteudo })
  .max(LIMITES_DO_POST.conteudo, MSG.conteudoLongo)
  .refine((s) => s.trim() !== '', MSG.conteudo);

export const postSlugSchema = z
  .string({ error: MSG.slug })
  .trim()
  .max(SLUG_MAX, MSG.slugLongo)
  .regex(SLUG_RE, MSG.slug)
  .refine((s) => !pareceUuid(s), MSG.slugUuid);

/** The body of POST and PUT /api/admin/blog/posts[/:id]. */
export const postInputSchema = entrada({
  titulo: z
    .string({ error: MSG.titulo })
    .trim()
    .min(1, MSG.titulo)
    .max(LIMITES_DO_POST.titulo, MSG.tituloLongo),
  resumo: z
    .string({ error: MSG.resumo })
    .trim()
    .min(1, MSG.resumo)
    .max(LIMITES_DO_POST.resumo, MSG.resumoLongo),
  conteudo,
  slug: postSlugSchema.optional(),
  autorNome: z
    .string({ error: MSG.autorNome })
    .trim()
    .min(1, MSG.autorNome)
    .max(LIMITES_DO_POST.autorNome, MSG.autorNome)
    .optional(),
  publicado: z.boolean({ error: MSG.publicado }).optional(),
  publicadoEm: z.iso
    .datetime({ offset: true, error: MSG.publicadoEm })
    // The pattern allows years PostgreSQL or the drivers cannot take (0000; past 9999 once the
    // offset is applied): those are bad input, not a 500.
    .refine((s) => {
      const ano = new Date(s).getUTCFullYear();
      return ano >= 1000 && ano <= 9999;
    }, MSG.publicadoEm)
    .optional(),
});
export type PostInput = z.input<typeof postInputSchema>;

/** The body of POST /api/admin/blog/preview. */
export const previewInputSchema = entrada({
  conteudo: z.string({ error: MSG.conteudo }).max(LIMITES_DO_POST.conteudo, MSG.conteudoLongo),
});

/** A post's cover image, with its size so the page reserves the space before it loads. */
const capaSchema = z.object({ url: z.string(), largura: z.number(), altura: z.number() }).nullable();
export type Capa = NonNullable<z.infer<typeof capaSchema>>;

/** A published post in a list (GET /api/blog/posts). */
export const postResumoSchema = z.object({
  id: z.string(),
  slug: z.string(),
  titulo: z.string(),
  /** Also the page's meta description. */
  resumo: z.string(),
  autorNome: z.string(),
  publicadoEm: z.string(),
  atualizadoEm: z.string(),
  capa: capaSchema,
});

/** A published post (GET /api/blog/posts/:idOuSlug). */
export const postPublicoSchema = postResumoSchema.extend({ conteudoHtml: z.string() });

/** A post in the admin's list (GET /api/admin/blog/posts). */
export const postAdminResumoSchema = postResumoSchema.extend({
  /** ISO; null while it was never published. */
  publicadoEm: z.string().nullable(),
  publicado: z.boolean(),
  criadoEm: z.string(),
});
export type PostAdminResumo = z.infer<typeof postAdminResumoSchema>;

/** One post with its Markdown and its rendered HTML (the editor, and the answer of every change). */
export const postAdminSchema = postAdminResumoSchema.extend({
  conteudo: z.string(),
  conteudoHtml: z.string(),
});
export type PostAdmin = z.infer<typeof postAdminSchema>;

/** A page of posts. */
export const paginaDePosts = <T extends z.ZodType>(post: T) =>
  z.object({ posts: z.array(post), total: z.number(), pagina: z.number(), porPagina: z.number() });

export const postsAdminPaginaSchema = paginaDePosts(postAdminResumoSchema);
export type PostsAdminPagina = z.infer<typeof postsAdminPaginaSchema>;

export const previewSchema = z.object({ html: z.string() });
