import { desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { emailBouncesTransitorios, emailSupressoes } from '../db/schema.ts';

/*
 * The suppression list (decision 036): addresses that bounced for good, complained, or were refused
 * by the SMTP server with a permanent 5xx. Nothing is sent to them until an admin removes the address
 * (or the person changes theirs). Addresses compare case-insensitively.
 */

type MotivoDaSupressao = 'bounce_permanente' | 'reclamacao' | 'smtp_5xx';
type OrigemDaSupressao = 'ses' | 'smtp';

const normalizar = (email: string) => email.trim().toLowerCase();

/** Adds an address (kept as it was the first time; a second report of it changes nothing). */
export async function suprimir(
  db: DbOrTx,
  entrada: { email: string; motivo: MotivoDaSupressao; detalhe?: string | null; origem: OrigemDaSupressao },
): Promise<void> {
  const email = normalizar(entrada.email);
  if (!email) return;
  await db
    .insert(emailSupressoes)
    .values({
      email,
      motivo: entrada.motivo,
      detalhe: entrada.detalhe?.slice(0, 1000) ?? null,
      origem: entrada.origem,
    })
    .onConflictDoNothing();
}

export async function estaSuprimido(db: DbOrTx, email: string): Promise<boolean> {
  return (await suprimidosEntre(db, [email])).size > 0;
}

/** Which of `emails` are suppressed, lower-cased. */
export async function suprimidosEntre(db: DbOrTx, emails: readonly string[]): Promise<Set<string>> {
  const lista = [...new Set(emails.map(normalizar).filter(Boolean))];
  if (lista.length === 0) return new Set();
  const rows = await db
    .select({ email: emailSupressoes.email })
    .from(emailSupressoes)
    .where(inArray(sql`lower(${emailSupressoes.email})`, lista));
  return new Set(rows.map((r) => normalizar(r.email)));
}

/** Removes an entry; false when there was none with that id. */
export async function removerSupressao(db: DbOrTx, id: string): Promise<{ email: string } | null> {
  const [row] = await db
    .delete(emailSupressoes)
    .where(eq(emailSupressoes.id, id))
    .returning({ email: emailSupressoes.email });
  return row ?? null;
}

/** Counts a transient bounce of an address: it never suppresses, but the count shows a pattern. */
export async function contarBounceTransitorio(db: DbOrTx, email: string, em = new Date()): Promise<void> {
  const endereco = normalizar(email);
  if (!endereco) return;
  await db
    .insert(emailBouncesTransitorios)
    .values({ email: endereco, total: 1, ultimoEm: em })
    .onConflictDoUpdate({
      target: emailBouncesTransitorios.email,
      set: { total: sql`${emailBouncesTransitorios.total} + 1`, ultimoEm: em },
    });
}

/** The admin's list, newest first, with each address's transient bounces; `busca` matches the address. */
export async function listarSupressoes(db: DbOrTx, busca?: string) {
  const termo = busca?.trim();
  const rows = await db
    .select({
      id: emailSupressoes.id,
      email: emailSupressoes.email,
      motivo: emailSupressoes.motivo,
      detalhe: emailSupressoes.detalhe,
      origem: emailSupressoes.origem,
      criadoEm: emailSupressoes.criadoEm,
      bouncesTransitorios: emailBouncesTransitorios.total,
    })
    .from(emailSupressoes)
    .leftJoin(
      emailBouncesTransitorios,
      eq(emailBouncesTransitorios.email, sql`lower(${emailSupressoes.email})`),
    )
    .where(
      termo ? or(ilike(emailSupressoes.email, `%${termo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) : undefined,
    )
    .orderBy(desc(emailSupressoes.criadoEm))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    motivo: r.motivo as MotivoDaSupressao,
    origem: r.origem as OrigemDaSupressao,
    bouncesTransitorios: r.bouncesTransitorios ?? 0,
  }));
}
