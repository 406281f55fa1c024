import type { AgendadorApi, ExecucaoApi, OrigemExecucao } from '@laudos/domain/api';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationRules, notificationRuns, schedulerState } from '../../db/schema.ts';
import { INTERVALO_MINUTOS } from '../../jobs/verificar-lembretes.ts';
import { listarRegras, type RegraRow, toRegraApi } from './regras.ts';

/**
 * The scheduler's state: the pause switch and the last check (one scheduler_state row shared by
 * every instance), the run records (notification_runs) and each rule's last run.
 */

export type Execucao = ExecucaoApi;

export interface Totais {
  enfileirados: number;
  jaEnviados: number;
  semEmail: number;
  semPlano: number;
  /** Due laudos skipped because their due date was answered (issue 19). */
  respondidos: number;
  /** Due laudos that only rules limited to other types reached (decision 031). */
  foraDoTipo: number;
  /** Reminders and monthly reports to people who turned that kind of e-mail off (decision 035). */
  descadastrados: number;
  /** Due reminders not sent: the recipient is on the suppression list (decision 036). */
  suprimidos: number;
  /** Digest e-mails queued, and the laudos they listed (each also counted in `enfileirados`). */
  resumos: number;
  laudosEmResumos: number;
  /** Escalation copies queued to gestores (also counted in `enfileirados`). */
  escalonamentos: number;
  erros: number;
}

/** The enabled rules, in the order of spec section 9. */
export async function listarRegrasAtivas(db: Db): Promise<RegraRow[]> {
  return (await listarRegras(db)).filter((r) => r.enabled);
}

/** Notes the 5-minute check (every instance shows it) and says whether the scheduler is paused. */
export async function registrarVerificacao(db: Db, now: Date): Promise<{ pausado: boolean }> {
  const [state] = await db
    .insert(schedulerState)
    .values({ id: 1, lastCheckAt: now })
    .onConflictDoUpdate({ target: schedulerState.id, set: { lastCheckAt: now } })
    .returning();
  return { pausado: state?.paused ?? false };
}

/** Pauses the scheduler on every instance. */
export async function pausarAgendador(db: Db, por: string | null, now: Date): Promise<void> {
  await db
    .insert(schedulerState)
    .values({ id: 1, paused: true, pausedAt: now, pausedBy: por })
    .onConflictDoUpdate({ target: schedulerState.id, set: { paused: true, pausedAt: now, pausedBy: por } });
}

export async function retomarAgendador(db: Db): Promise<void> {
  await db
    .insert(schedulerState)
    .values({ id: 1, paused: false })
    .onConflictDoUpdate({
      target: schedulerState.id,
      set: { paused: false, pausedAt: null, pausedBy: null },
    });
}

/** Opens a run's record; `concluirExecucao` closes it. */
export async function abrirExecucao(
  db: Db,
  run: { origem: OrigemExecucao; asOf: string; inicio: Date; regras: string[] },
): Promise<string> {
  const [row] = await db
    .insert(notificationRuns)
    .values({ origin: run.origem, asOf: run.asOf, startedAt: run.inicio, rules: run.regras })
    .returning({ id: notificationRuns.id });
  return row!.id;
}

export async function concluirExecucao(
  db: Db,
  runId: string,
  totais: Totais,
  mensagem: string | null,
): Promise<Execucao> {
  const [fim] = await db
    .update(notificationRuns)
    .set({
      finishedAt: new Date(),
      queued: totais.enfileirados,
      alreadySent: totais.jaEnviados,
      withoutEmail: totais.semEmail,
      withoutPlan: totais.semPlano,
      answered: totais.respondidos,
      outOfType: totais.foraDoTipo,
      unsubscribed: totais.descadastrados,
      suppressed: totais.suprimidos,
      digests: totais.resumos,
      digestLaudos: totais.laudosEmResumos,
      escalations: totais.escalonamentos,
      errors: totais.erros,
      message: mensagem,
    })
    .where(eq(notificationRuns.id, runId))
    .returning();
  return toExecucao(fim!);
}

/** Moves each rule's window on to `ate` (never back): only a complete run does this. */
export async function avancarJanelas(
  db: Db,
  janelas: ReadonlyArray<{ regra: RegraRow; ate: string }>,
  now: Date,
): Promise<void> {
  for (const j of janelas) {
    await db
      .update(notificationRules)
      .set({
        lastRunDate: sql`greatest(${notificationRules.lastRunDate}, ${j.ate}::date)`,
        lastRunAt: now,
      })
      .where(eq(notificationRules.id, j.regra.id));
  }
}

/** Paused or not, the last check and the next one, the next rule due, and the last 10 runs. */
export async function lerEstadoDoAgendador(
  db: Db,
  opts: { timeZone: string; workers: boolean; now: Date },
): Promise<AgendadorApi> {
  const { now } = opts;
  const [state] = await db.select().from(schedulerState).where(eq(schedulerState.id, 1));
  const regras = (await listarRegrasAtivas(db)).map((r) => toRegraApi(r, opts.timeZone, now));
  const proximas = regras.map((r) => r.nextRunAt).filter((d): d is Date => d !== null);
  const execucoes = await db
    .select()
    .from(notificationRuns)
    .orderBy(desc(notificationRuns.startedAt))
    .limit(10);
  const intervalo = INTERVALO_MINUTOS * 60_000;
  return {
    pausado: state?.paused ?? false,
    pausadoEm: state?.pausedAt ?? null,
    pausadoPor: state?.pausedBy ?? null,
    workers: opts.workers,
    intervaloMinutos: INTERVALO_MINUTOS,
    ultimaVerificacao: state?.lastCheckAt ?? null,
    proximaVerificacao:
      opts.workers && !state?.paused
        ? new Date(Math.ceil((now.getTime() + 1) / intervalo) * intervalo)
        : null,
    proximaExecucao:
      state?.paused || proximas.length === 0 ? null : new Date(Math.min(...proximas.map((d) => d.getTime()))),
    execucoes: execucoes.map(toExecucao),
  };
}

function toExecucao(r: typeof notificationRuns.$inferSelect): Execucao {
  return {
    id: r.id,
    origem: r.origin as OrigemExecucao,
    dataReferencia: r.asOf,
    inicio: r.startedAt,
    fim: r.finishedAt,
    regras: r.rules,
    enfileirados: r.queued,
    jaEnviados: r.alreadySent,
    semEmail: r.withoutEmail,
    semPlano: r.withoutPlan,
    respondidos: r.answered,
    foraDoTipo: r.outOfType,
    descadastrados: r.unsubscribed,
    suprimidos: r.suppressed,
    resumos: r.digests,
    laudosEmResumos: r.digestLaudos,
    escalonamentos: r.escalations,
    erros: r.errors,
    mensagem: r.message,
  };
}
