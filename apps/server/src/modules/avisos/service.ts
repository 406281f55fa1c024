import type { TipoDeAviso } from '@laudos/domain/api';
import { and, desc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { avisos, usuarios } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';

/*
 * In-app notices (issue 19, the header's bell; decision 032). An event writes its notices with
 * `avisar`, in its own transaction (a rolled-back event notifies nobody); a person reads only their
 * own (`usuario_id` in every query: another person's notice is 404).
 */

/**
 * Who is told: people by id (a null, an unknown or an inactive person is skipped), the people of a
 * company (optionally only its gestores, and never `exceto`, the one who caused the event), or the
 * firm's admins. Only active people get notices.
 */
export type Destinatarios =
  | { usuarios: readonly (string | null | undefined)[] }
  | { empresaId: string; soGestores?: boolean; exceto?: string | null }
  | { admins: true };

/** A notice: what it is about, its title and line of text, and the app path it opens. */
export interface NovoAviso {
  tipo: TipoDeAviso;
  titulo: string;
  texto: string;
  /** A path of the app, starting with "/". */
  link: string;
}

function quem(d: Destinatarios): SQL | undefined {
  if ('admins' in d) return eq(usuarios.tipo, 'admin');
  if ('empresaId' in d)
    return and(
      eq(usuarios.empresaId, d.empresaId),
      d.soGestores ? eq(usuarios.papel, 'gestor') : undefined,
      d.exceto ? sql`${usuarios.id} <> ${d.exceto}` : undefined,
    );
  const ids = [...new Set(d.usuarios.filter((id): id is string => Boolean(id)))];
  return ids.length > 0 ? inArray(usuarios.id, ids) : undefined;
}

/**
 * Writes the notice for each of `destinatarios`, on the caller's handle (`tx`: on PGlite a query
 * on another handle inside a transaction would wait forever). Returns how many were written.
 */
export async function avisar(tx: DbOrTx, destinatarios: Destinatarios, aviso: NovoAviso): Promise<number> {
  if (!aviso.link.startsWith('/') || aviso.link.startsWith('//'))
    throw new Error(`link de aviso fora do aplicativo: ${aviso.link}`);
  const condicao = quem(destinatarios);
  if (!condicao) return 0;
  const pessoas = await tx
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(condicao, eq(usuarios.ativo, true)));
  if (pessoas.length === 0) return 0;
  await tx.insert(avisos).values(pessoas.map((p) => ({ usuarioId: p.id, ...aviso })));
  return pessoas.length;
}

const colunas = {
  id: avisos.id,
  tipo: avisos.tipo,
  titulo: avisos.titulo,
  texto: avisos.texto,
  link: avisos.link,
  lido: sql<boolean>`${avisos.lidoEm} is not null`,
  criadoEm: avisos.criadoEm,
};

/**
 * GET /api/avisos: the person's notices, newest first, `limite` at a time. The page after `antes`
 * (the previous page's last notice, the person's own) is found by (criado_em, id): no offset, so a
 * notice arriving meanwhile neither repeats nor skips one.
 */
export async function listarAvisos(
  db: DbOrTx,
  user: Pick<SessionUser, 'id'>,
  { antes, limite }: { antes?: string | undefined; limite: number },
) {
  const depoisDoCursor = antes
    ? sql`(${avisos.criadoEm}, ${avisos.id}) < (select a.criado_em, a.id from ${avisos} a where a.id = ${antes} and a.usuario_id = ${user.id})`
    : undefined;
  const rows = await db
    .select(colunas)
    .from(avisos)
    .where(and(eq(avisos.usuarioId, user.id), depoisDoCursor))
    .orderBy(desc(avisos.criadoEm), desc(avisos.id))
    .limit(limite + 1);
  const pagina = rows.slice(0, limite).map((r) => ({ ...r, lido: Boolean(r.lido) }));
  return { avisos: pagina, proximo: rows.length > limite ? (pagina.at(-1)?.id ?? null) : null };
}

/** GET /api/avisos/nao-lidos: the unread count, polled by the header (one count on the (usuario_id, lido_em) index). */
export async function contarNaoLidos(db: DbOrTx, user: Pick<SessionUser, 'id'>) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(avisos)
    .where(and(eq(avisos.usuarioId, user.id), isNull(avisos.lidoEm)));
  return { naoLidos: Number(row?.n ?? 0) };
}

/** POST /api/avisos/:id/lido: marks one of the person's notices read (404 for anyone else's). */
export async function marcarLido(db: DbOrTx, user: Pick<SessionUser, 'id'>, id: string) {
  const [row] = await db
    .update(avisos)
    .set({ lidoEm: sql`coalesce(${avisos.lidoEm}, now())` })
    .where(and(eq(avisos.id, id), eq(avisos.usuarioId, user.id)))
    .returning({ id: avisos.id });
  if (!row) throw erro('avisoNaoEncontrado');
  return contarNaoLidos(db, user);
}

/** POST /api/avisos/lidos: marks all the person's notices read. */
export async function marcarTodosLidos(db: DbOrTx, user: Pick<SessionUser, 'id'>) {
  await db
    .update(avisos)
    .set({ lidoEm: sql`now()` })
    .where(and(eq(avisos.usuarioId, user.id), isNull(avisos.lidoEm)));
  return { naoLidos: 0 };
}

/** Days a read notice is kept; unread ones stay until read. */
export const DIAS_DE_AVISO_LIDO = 90;

/** The daily retention (jobs/limpar-avisos.ts): drops read notices older than 90 days. */
export async function limparAvisosLidos(db: DbOrTx, agora = new Date()): Promise<number> {
  const limite = new Date(agora.getTime() - DIAS_DE_AVISO_LIDO * 24 * 3600 * 1000);
  const apagados = await db
    .delete(avisos)
    .where(and(isNotNull(avisos.lidoEm), lt(avisos.criadoEm, limite)))
    .returning({ id: avisos.id });
  return apagados.length;
}
