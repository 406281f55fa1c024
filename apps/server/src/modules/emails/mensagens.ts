import type { mensagensDeEmailQuery, StatusDeEmail } from '@laudos/domain/api';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { emailLogs, emailOutbox } from '../../db/schema.ts';
import { listOutbox } from '../../email/service.ts';
import { erro } from '../../http/errors.ts';

type FiltroDeMensagens = z.output<typeof mensagensDeEmailQuery>;

/** Every e-mail, newest first, filtered by state and by a text in the address, name or subject. */
export async function listarMensagens(db: DbOrTx, filtro: FiltroDeMensagens) {
  const conds: SQL[] = [];
  if (filtro.status) conds.push(eq(emailLogs.status, filtro.status));
  if (filtro.busca) {
    const like = containsPattern(filtro.busca);
    conds.push(
      or(
        ilike(emailLogs.recipientEmail, like),
        ilike(emailLogs.subject, like),
        ilike(emailLogs.recipientName, like),
      )!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(emailLogs).where(where);
  const rows = await db
    .select()
    .from(emailLogs)
    .where(where)
    .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
    .limit(filtro.porPagina)
    .offset((filtro.pagina - 1) * filtro.porPagina);
  const ids = rows.map((r) => r.id);
  const comConteudo = new Set(
    ids.length
      ? (
          await db
            .select({ id: emailOutbox.emailLogId })
            .from(emailOutbox)
            .where(inArray(emailOutbox.emailLogId, ids))
        ).map((r) => r.id)
      : [],
  );
  return {
    mensagens: rows.map((r) => toMensagemApi(r, comConteudo.has(r.id))),
    total: total?.n ?? 0,
    pagina: filtro.pagina,
    porPagina: filtro.porPagina,
  };
}

/** One e-mail, with its content when it was stored (outbox transport or sandbox mode). */
export async function buscarMensagem(db: DbOrTx, id: string) {
  const [log] = await db.select().from(emailLogs).where(eq(emailLogs.id, id));
  if (!log) throw erro('emailNaoEncontrado');
  const [stored] = await db.select().from(emailOutbox).where(eq(emailOutbox.emailLogId, log.id)).limit(1);
  return {
    mensagem: toMensagemApi(log, Boolean(stored)),
    conteudo: stored
      ? {
          from: stored.fromAddress,
          replyTo: stored.replyTo,
          subject: stored.subject,
          html: stored.html,
          text: stored.text,
        }
      : null,
  };
}

/** The latest messages kept by the outbox transport (or by the sandbox mode). */
export async function listarOutbox(db: DbOrTx, limite: number) {
  return { mensagens: await listOutbox(db, limite) };
}

function toMensagemApi(r: typeof emailLogs.$inferSelect, temConteudo: boolean) {
  return {
    id: r.id,
    recipientEmail: r.recipientEmail,
    recipientName: r.recipientName,
    subject: r.subject,
    templateType: r.templateType,
    provider: r.provider,
    // Only the delivery writes this column, and only these states.
    status: r.status as StatusDeEmail,
    errorMessage: r.errorMessage,
    attempts: r.attempts,
    sentAt: r.sentAt,
    createdAt: r.createdAt,
    laudoId: r.laudoId,
    temConteudo,
  };
}
