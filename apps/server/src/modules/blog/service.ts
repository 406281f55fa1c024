import { createHash } from 'node:crypto';
import type { CapaDoPost, PostPublico, PostResumo } from '@laudos/domain';
import { pareceUuid, SLUG_MAX, SLUG_RE } from '@laudos/domain/api';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containsPattern } from '../../db/like.ts';
import { blogPosts } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';
import { renderMarkdown } from './markdown.ts';
import { comSufixo, slugDoTitulo } from './slug.ts';

// The public shapes are the domain's: the web's server renderer reads them (packages/domain/src/site.ts).
export type { PostPublico, PostResumo } from '@laudos/domain';

export interface PostAdminResumo extends Omit<PostResumo, 'publicadoEm'> {
  publicadoEm: string | null;
  publicado: boolean;
  criadoEm: string;
}

export interface PostAdmin extends PostAdminResumo {
  conteudo: string;
  conteudoHtml: string;
}

export interface Pagina<T> {
  posts: T[];
  total: number;
  pagina: number;
  porPagina: number;
}

export const postNaoEncontrado = () => erro('postNaoEncontrado');
export const slugEmUso = () => erro('slugEmUso');

type PostRow = typeof blogPosts.$inferSelect;

/** Changes whenever the stored cover does (each upload gets a new key). */
function versaoDaCapa(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}

function capaDe(row: PostRow): CapaDoPost | null {
  if (!row.capaKey || row.capaLargura === null || row.capaAltura === null) return null;
  return {
    url: `/api/blog/posts/${row.id}/capa?v=${versaoDaCapa(row.capaKey)}`,
    largura: row.capaLargura,
    altura: row.capaAltura,
  };
}

function toResumo(row: PostRow): PostResumo {
  return {
    id: row.id,
    slug: row.slug,
    titulo: row.titulo,
    resumo: row.resumo,
    autorNome: row.autorNome,
    // A published row always has a date (check constraint); the fallback only satisfies the type.
    publicadoEm: (row.publicadoEm ?? row.atualizadoEm).toISOString(),
    atualizadoEm: row.atualizadoEm.toISOString(),
    capa: capaDe(row),
  };
}

function toAdminResumo(row: PostRow): PostAdminResumo {
  return {
    ...toResumo(row),
    publicadoEm: row.publicadoEm?.toISOString() ?? null,
    publicado: row.publicado,
    criadoEm: row.criadoEm.toISOString(),
  };
}

function toAdmin(row: PostRow): PostAdmin {
  return { ...toAdminResumo(row), conteudo: row.conteudo, conteudoHtml: renderMarkdown(row.conteudo) };
}

const publicados = eq(blogPosts.publicado, true);
const maisNovosPrimeiro = [sql`${blogPosts.publicadoEm} desc nulls last`, desc(blogPosts.id)];

async function contar(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(blogPosts).where(where);
  return row?.total ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Public reads (also called directly by the web rendering)
// ---------------------------------------------------------------------------------------------

/** Published posts, newest first (publication date, then id), one page at a time. */
export async function listarPostsPublicados(
  db: DbOrTx,
  { pagina, porPagina }: { pagina: number; porPagina: number },
): Promise<Pagina<PostResumo>> {
  const total = await contar(db, publicados);
  const rows = await db
    .select()
    .from(blogPosts)
    .where(publicados)
    .orderBy(...maisNovosPrimeiro)
    .limit(porPagina)
    .offset((pagina - 1) * porPagina);
  return { posts: rows.map(toResumo), total, pagina, porPagina };
}

/** A published post by its id or its slug; null for a draft, an unknown or a malformed address. */
export async function buscarPostPublicado(db: DbOrTx, idOuSlug: string): Promise<PostPublico | null> {
  const chave = idOuSlug.trim().toLowerCase();
  let porChave: SQL;
  if (pareceUuid(chave)) porChave = eq(blogPosts.id, chave);
  else if (chave.length <= SLUG_MAX && SLUG_RE.test(chave)) porChave = eq(blogPosts.slug, chave);
  else return null;
  const [row] = await db.select().from(blogPosts).where(and(publicados, porChave)).limit(1);
  return row ? { ...toResumo(row), conteudoHtml: renderMarkdown(row.conteudo) } : null;
}

/** Every published post's address and last change, for sitemap.xml. */
export async function listarPostsParaSitemap(db: DbOrTx): Promise<{ slug: string; atualizadoEm: string }[]> {
  const rows = await db
    .select({ slug: blogPosts.slug, atualizadoEm: blogPosts.atualizadoEm })
    .from(blogPosts)
    .where(publicados)
    .orderBy(...maisNovosPrimeiro);
  return rows.map((r) => ({ slug: r.slug, atualizadoEm: r.atualizadoEm.toISOString() }));
}

/** The newest published posts for the RSS feed. */
export async function listarPostsParaRss(db: DbOrTx, limite = 20) {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(publicados)
    .orderBy(...maisNovosPrimeiro)
    .limit(limite);
  return rows.map(toResumo);
}

/** A post's cover key (null without one) and whether the public may see it; null: no such post. */
export async function capaParaServir(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ key: blogPosts.capaKey, publicado: blogPosts.publicado })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export interface FiltroPostsAdmin {
  busca?: string | undefined;
  status: 'todos' | 'publicados' | 'rascunhos';
  pagina: number;
  porPagina: number;
}

/** Every post (drafts too), most recently changed first, searchable by title, summary and slug. */
export async function listarPostsAdmin(db: DbOrTx, f: FiltroPostsAdmin): Promise<Pagina<PostAdminResumo>> {
  const conditions: SQL[] = [];
  if (f.status === 'publicados') conditions.push(eq(blogPosts.publicado, true));
  if (f.status === 'rascunhos') conditions.push(eq(blogPosts.publicado, false));
  if (f.busca?.trim()) {
    const like = containsPattern(f.busca);
    conditions.push(
      or(
        sql`lower(${blogPosts.titulo}) like ${like}`,
        sql`lower(${blogPosts.resumo}) like ${like}`,
        sql`lower(${blogPosts.slug}) like ${like}`,
      )!,
    );
  }
  const where = and(...conditions);
  const total = await contar(db, where);
  const rows = await db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.atualizadoEm), desc(blogPosts.id))
    .limit(f.porPagina)
    .offset((f.pagina - 1) * f.porPagina);
  return { posts: rows.map(toAdminResumo), total, pagina: f.pagina, porPagina: f.porPagina };
}

async function linhaDoPost(db: DbOrTx, id: string): Promise<PostRow> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!row) throw postNaoEncontrado();
  return row;
}

/** 404 unless the post exists (before taking an upload for it). */
export async function assertPostExiste(db: DbOrTx, id: string): Promise<void> {
  const [row] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!row) throw postNaoEncontrado();
}

export async function buscarPostAdmin(db: DbOrTx, id: string): Promise<PostAdmin> {
  return toAdmin(await linhaDoPost(db, id));
}

/** The first of `base`, `base-2`, `base-3`… no post uses yet. */
async function slugLivre(db: DbOrTx, base: string): Promise<string> {
  for (let inicio = 1; ; inicio += 50) {
    const candidatos = Array.from({ length: 50 }, (_, i) =>
      inicio + i === 1 ? base : comSufixo(base, `-${inicio + i}`),
    );
    const usados = new Set(
      (
        await db.select({ slug: blogPosts.slug }).from(blogPosts).where(inArray(blogPosts.slug, candidatos))
      ).map((r) => r.slug),
    );
    const livre = candidatos.find((c) => !usados.has(c));
    if (livre) return livre;
  }
}

export interface PostInput {
  titulo: string;
  resumo: string;
  conteudo: string;
  slug?: string | undefined;
  autorNome?: string | undefined;
  publicado?: boolean | undefined;
  /** ISO 8601 date-time. */
  publicadoEm?: string | undefined;
}

/**
 * Creates a post. Without a slug one is derived from the title (with -2, -3… when taken); a
 * slug the admin chose that is taken is a 409. A post created published gets its date now,
 * unless one is given.
 */
export async function criarPost(
  db: DbOrTx,
  autor: { id: string; nome: string },
  input: PostInput,
): Promise<PostAdmin> {
  const publicado = input.publicado ?? false;
  const publicadoEm = input.publicadoEm ? new Date(input.publicadoEm) : publicado ? new Date() : null;
  // Two posts with the same title created at once may pick the same free slug: try again.
  for (let tentativa = 1; ; tentativa++) {
    const slug = input.slug ?? (await slugLivre(db, slugDoTitulo(input.titulo)));
    try {
      const [row] = await db
        .insert(blogPosts)
        .values({
          slug,
          titulo: input.titulo,
          resumo: input.resumo,
          conteudo: input.conteudo,
          autorId: autor.id,
          autorNome: input.autorNome ?? autor.nome,
          publicado,
          publicadoEm,
        })
        .returning();
      return toAdmin(row!);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (input.slug !== undefined || tentativa >= 5) throw slugEmUso();
    }
  }
}

/**
 * Replaces the post's text. An omitted slug, author name or publication state is kept; the
 * publication date is kept too unless a new one is given (or the post is published for the
 * first time, which dates it now).
 */
export async function atualizarPost(db: DbOrTx, id: string, input: PostInput): Promise<PostAdmin> {
  const atual = await linhaDoPost(db, id);
  const publicado = input.publicado ?? atual.publicado;
  const publicadoEm = input.publicadoEm
    ? new Date(input.publicadoEm)
    : (atual.publicadoEm ?? (publicado ? new Date() : null));
  try {
    const [row] = await db
      .update(blogPosts)
      .set({
        titulo: input.titulo,
        resumo: input.resumo,
        conteudo: input.conteudo,
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.autorNome !== undefined ? { autorNome: input.autorNome } : {}),
        publicado,
        publicadoEm,
        atualizadoEm: sql`now()`,
      })
      .where(eq(blogPosts.id, id))
      .returning();
    if (!row) throw postNaoEncontrado();
    return toAdmin(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw slugEmUso();
    throw err;
  }
}

/** Publishes a post; a post published before keeps its first publication date. */
export async function publicarPost(db: DbOrTx, id: string): Promise<PostAdmin> {
  const [row] = await db
    .update(blogPosts)
    .set({
      publicado: true,
      publicadoEm: sql`coalesce(${blogPosts.publicadoEm}, now())`,
      atualizadoEm: sql`now()`,
    })
    .where(eq(blogPosts.id, id))
    .returning();
  if (!row) throw postNaoEncontrado();
  return toAdmin(row);
}

/** Back to draft; the publication date is kept for a later republication. */
export async function despublicarPost(db: DbOrTx, id: string): Promise<PostAdmin> {
  const [row] = await db
    .update(blogPosts)
    .set({ publicado: false, atualizadoEm: sql`now()` })
    .where(eq(blogPosts.id, id))
    .returning();
  if (!row) throw postNaoEncontrado();
  return toAdmin(row);
}

/** Deletes the row; returns the cover key so the caller removes the file once the row is gone. */
export async function excluirPost(db: DbOrTx, id: string): Promise<{ capaKey: string | null }> {
  const [row] = await db
    .delete(blogPosts)
    .where(eq(blogPosts.id, id))
    .returning({ capaKey: blogPosts.capaKey });
  if (!row) throw postNaoEncontrado();
  return row;
}

/**
 * Points the post at a new cover (or none) and returns the previous key, for the caller to remove
 * after the commit. The row lock makes two uploads to one post replace each other cleanly.
 */
export async function trocarCapa(
  db: DbOrTx,
  id: string,
  capa: { key: string; largura: number; altura: number } | null,
  /** Moves the staged file to its key, last in the transaction (decision 038). */
  promover?: () => Promise<void>,
): Promise<{ post: PostAdmin; anterior: string | null }> {
  return db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ key: blogPosts.capaKey })
      .from(blogPosts)
      .where(eq(blogPosts.id, id))
      .for('update');
    if (!atual) throw postNaoEncontrado();
    const [row] = await tx
      .update(blogPosts)
      .set({
        capaKey: capa?.key ?? null,
        capaLargura: capa?.largura ?? null,
        capaAltura: capa?.altura ?? null,
        atualizadoEm: sql`now()`,
      })
      .where(eq(blogPosts.id, id))
      .returning();
    await promover?.();
    return { post: toAdmin(row!), anterior: atual.key };
  });
}
