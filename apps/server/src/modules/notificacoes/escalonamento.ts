import { addDaysIso, daysBetween, formatDateBR, instanteLocal } from '@laudos/domain';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authUser, laudos, notificationHistory, notificationLogs, usuarios } from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { variaveisDoLaudo } from '../laudos/variaveis-email.ts';
import { empresasSemRecurso } from '../planos/recursos.ts';
import { urlDaResposta } from '../respostas/link.ts';
import { vencimentosRespondidos } from '../respostas/service.ts';
import type { Destinatario, Janela, LaudoDevido } from './planejamento.ts';
import { regraDoTipo } from './planejamento.ts';
import type { RegraRow } from './regras.ts';

/**
 * Escalation (issue 19, decision 031): a laudo expired and still unanswered N days after its first
 * after-expiry notice (N: the rule's `escalar_apos_dias`) gets one copy to its company's gestores,
 * once per due date. The escalation day is a milestone like the others: a run of an after-expiry
 * rule covers the escalation days in its window (its last run, the day it runs], so a server that
 * was off catches up, and turning the feature on does not escalate the whole past. The exactly-once
 * key is notification_history's, with the milestone ('escalonamento', 0) per gestor.
 */

export interface Escalonamento {
  laudo: LaudoDevido;
  destinatario: Destinatario;
  regra: RegraRow;
  /** The calendar day of the first after-expiry notice, and the days since then. */
  primeiroAviso: string;
  diasSemResposta: number;
}

/** A marker the history and logs tell apart from the reminders (never a rule's kind). */
const TIPO = 'escalonamento';

/**
 * The escalations of these windows: for each after-expiry rule with escalation, the laudos of its
 * types whose first after-expiry notice fell N days before a day of its window, still unanswered,
 * with each of their company's active gestores (proven e-mail) as a recipient.
 */
export async function planejarEscalonamentos(
  db: DbOrTx,
  janelas: readonly Janela[],
  timeZone: string,
): Promise<Escalonamento[]> {
  const porLaudo = new Map<
    string,
    { laudo: LaudoDevido; regra: RegraRow; primeiroAviso: string; dia: string }
  >();
  for (const j of janelas) {
    const n = j.regra.escalarAposDias;
    if (j.regra.kind !== 'vencido' || n === null) continue;
    // First notices on days (de − N, ate − N]: their escalation day is in this window.
    const desde = instanteLocal(timeZone, addDaysIso(j.de, 1 - n), '00:00');
    const ate = instanteLocal(timeZone, addDaysIso(j.ate, 1 - n), '00:00');
    const primeiro = sql<string>`(min(${notificationHistory.sentAt}) at time zone ${timeZone})::date::text`;
    const rows = await db
      .select({
        id: laudos.id,
        nome: laudos.nome,
        codigo: laudos.codigo,
        cliente: laudos.cliente,
        tipo: laudos.tipo,
        emailCliente: laudos.emailCliente,
        empresaId: laudos.empresaId,
        dataVencimento: sql<string>`${laudos.dataVencimento}::text`,
        primeiroAviso: primeiro,
      })
      .from(notificationHistory)
      .innerJoin(
        laudos,
        and(
          eq(laudos.id, notificationHistory.laudoId),
          eq(laudos.dataVencimento, notificationHistory.dataVencimento),
        ),
      )
      .where(and(eq(notificationHistory.notificationType, 'vencido'), sql`${laudos.empresaId} is not null`))
      .groupBy(laudos.id)
      // The first notice is the earliest of the due date's: none before the window's range.
      .having(
        and(
          gte(sql`min(${notificationHistory.sentAt})`, desde),
          lt(sql`min(${notificationHistory.sentAt})`, ate),
        ),
      );
    for (const r of rows) {
      if (!regraDoTipo(j.regra, r.tipo)) continue;
      const dia = addDaysIso(r.primeiroAviso, n);
      const atual = porLaudo.get(r.id);
      // Two after-expiry rules may both reach a laudo: the earlier escalation day counts.
      if (!atual || dia < atual.dia)
        porLaudo.set(r.id, {
          laudo: { ...r, usuarioId: null, usuarioNome: null },
          regra: j.regra,
          primeiroAviso: r.primeiroAviso,
          dia,
        });
    }
  }
  if (porLaudo.size === 0) return [];
  const candidatos = [...porLaudo.values()];
  const semNotificacoes = await empresasSemRecurso(
    db,
    candidatos.map((c) => c.laudo.empresaId),
    'notificacoes',
  );
  const respondidas = await vencimentosRespondidos(
    db,
    candidatos.map((c) => ({ laudoId: c.laudo.id, dataVencimento: c.laudo.dataVencimento })),
  );
  const devidos = candidatos.filter(
    (c) =>
      !semNotificacoes.has(c.laudo.empresaId!) && !respondidas.has(`${c.laudo.id}|${c.laudo.dataVencimento}`),
  );
  const gestores = await gestoresDe(
    db,
    devidos.map((c) => c.laudo.empresaId!),
  );
  return devidos.flatMap((c) =>
    (gestores.get(c.laudo.empresaId!) ?? []).map((destinatario) => ({
      laudo: c.laudo,
      destinatario,
      regra: c.regra,
      primeiroAviso: c.primeiroAviso,
      diasSemResposta: daysBetween(c.primeiroAviso, c.dia),
    })),
  );
}

/** The active gestores (proven e-mail) of these companies, whatever their reminder choice. */
async function gestoresDe(db: DbOrTx, empresaIds: readonly string[]): Promise<Map<string, Destinatario[]>> {
  const ids = [...new Set(empresaIds)];
  const porEmpresa = new Map<string, Destinatario[]>();
  if (ids.length === 0) return porEmpresa;
  const rows = await db
    .select({
      empresaId: usuarios.empresaId,
      usuarioId: usuarios.id,
      nome: usuarios.nome,
      email: usuarios.email,
    })
    .from(usuarios)
    .innerJoin(authUser, eq(authUser.id, usuarios.id))
    .where(
      and(
        inArray(usuarios.empresaId, ids),
        eq(usuarios.papel, 'gestor'),
        eq(usuarios.ativo, true),
        eq(authUser.emailVerified, true),
      ),
    )
    .orderBy(usuarios.id);
  for (const r of rows) {
    const lista = porEmpresa.get(r.empresaId!) ?? [];
    lista.push({ email: r.email.trim().toLowerCase(), nome: r.nome, usuarioId: r.usuarioId });
    porEmpresa.set(r.empresaId!, lista);
  }
  return porEmpresa;
}

/** Whether each planned escalation was already recorded (the dry run shows it; a run skips it). */
export async function escalonamentosJaEnviados(
  db: DbOrTx,
  itens: readonly Escalonamento[],
): Promise<Set<string>> {
  const ja = new Set<string>();
  const ids = [...new Set(itens.map((i) => i.laudo.id))];
  if (ids.length === 0) return ja;
  const rows = await db
    .select({
      laudoId: notificationHistory.laudoId,
      dataVencimento: notificationHistory.dataVencimento,
      destinatario: notificationHistory.destinatario,
    })
    .from(notificationHistory)
    .where(and(inArray(notificationHistory.laudoId, ids), eq(notificationHistory.notificationType, TIPO)));
  for (const r of rows) ja.add(`${r.laudoId}|${r.dataVencimento}|${r.destinatario}`);
  return ja;
}

export const chaveDoEscalonamento = (e: Escalonamento) =>
  `${e.laudo.id}|${e.laudo.dataVencimento}|${e.destinatario.email}`;

/** The escalation e-mail's variables (template `escalonamento`). */
export function variaveisDoEscalonamento(e: Escalonamento, ctx: { hoje: string; publicUrl: string }) {
  return {
    ...variaveisDoLaudo(e.laudo, { ...ctx, clienteNome: e.destinatario.nome }),
    dias_sem_resposta: e.diasSemResposta,
    primeiro_aviso: formatDateBR(e.primeiroAviso),
  };
}

/**
 * Takes the escalation's key for this gestor and enqueues the copy, in the caller's transaction;
 * false when another run took it first. The copy carries the answer links: a gestor may answer.
 */
export async function enfileirarEscalonamento(
  tx: DbOrTx,
  deps: { email: Pick<EmailService, 'enqueue'>; publicUrl: string; secret: string },
  e: Escalonamento,
  ctx: { asOf: string; hoje: string; now: Date },
): Promise<boolean> {
  const [marco] = await tx
    .insert(notificationHistory)
    .values({
      laudoId: e.laudo.id,
      usuarioId: e.destinatario.usuarioId,
      templateType: TIPO,
      notificationType: TIPO,
      daysValue: 0,
      dataVencimento: e.laudo.dataVencimento,
      destinatario: e.destinatario.email,
      sentAt: ctx.now,
      success: false,
    })
    .onConflictDoNothing()
    .returning({ id: notificationHistory.id });
  if (!marco) return false;
  const nome = e.destinatario.nome ?? e.laudo.cliente;
  const link = (tipo: 'solicitacao' | 'ciente') =>
    urlDaResposta(deps.publicUrl, deps.secret, {
      tipo,
      marcoId: marco.id,
      laudoId: e.laudo.id,
      dataVencimento: e.laudo.dataVencimento,
      destinatario: e.destinatario.email,
    });
  const result = await deps.email.enqueue(tx, {
    type: 'escalonamento',
    to: e.destinatario.email,
    toName: nome,
    userId: e.destinatario.usuarioId,
    laudoId: e.laudo.id,
    variables: variaveisDoEscalonamento(e, { hoje: ctx.hoje, publicUrl: deps.publicUrl }),
    metadata: { regra: e.regra.name, escalonamento: { diasSemResposta: e.diasSemResposta } },
    empresaId: e.laudo.empresaId,
    acoes: [
      { rotulo: 'Solicitar renovação', href: link('solicitacao') },
      { rotulo: 'Já estou providenciando', href: link('ciente') },
    ],
  });
  await tx
    .update(notificationHistory)
    .set({ emailLogId: result.logId ?? null, errorMessage: result.success ? null : (result.error ?? null) })
    .where(eq(notificationHistory.id, marco.id));
  await tx.insert(notificationLogs).values({
    laudoId: e.laudo.id,
    ruleId: e.regra.id,
    ruleName: e.regra.name,
    daysBefore: daysBetween(ctx.hoje, e.laudo.dataVencimento),
    recipientEmail: e.destinatario.email,
    recipientName: nome,
    laudoCode: e.laudo.codigo,
    laudoName: e.laudo.nome,
    status: result.success ? 'pending' : 'failed',
    errorMessage: result.success ? null : (result.error ?? null),
    notificationType: TIPO,
    scheduledDate: ctx.asOf,
    emailLogId: result.logId ?? null,
  });
  return true;
}
