import {
  addDaysIso,
  calendarDayIn,
  dataDoMarco,
  daysBetween,
  type ExpiredTemplateType,
  type ExpiringTemplateType,
  type Frequencia,
  faixasDeVencimento,
  formatDateBR,
  type JanelaDeRegra,
  type Marco,
  marcoAEnviar,
  relogioLocal,
  templateDoMarco,
  ultimoHorario,
} from '@laudos/domain';
import { and, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  laudos,
  notificationHistory,
  notificationLogs,
  notificationRules,
  notificationRuns,
  schedulerState,
  usuarios,
} from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import type { Jobs } from '../../jobs/boss.ts';
import { getSettings } from '../settings/service.ts';
import { listarRegras, type RegraRow, toRegraApi } from './regras.ts';
import { enviarRelatoriosMensais, planejarRelatoriosMensais } from './relatorio-mensal.ts';

export const NOTIFICATION_QUEUE = 'notificacoes-verificar';
/** The check interval of spec section 4: every 5 minutes. */
export const INTERVALO_MINUTOS = 5;
/** A window never reaches further back than this: the last milestone is 365 days after expiry. */
const MAX_JANELA_DIAS = 400;
/** Laudos per transaction: each one's milestone row, e-mail and log are written together. */
const LOTE = 100;

export type Origem = 'agendada' | 'manual' | 'retomada' | 'cli';

export interface Execucao {
  id: string;
  origem: Origem;
  dataReferencia: string;
  inicio: Date;
  fim: Date | null;
  regras: string[];
  enfileirados: number;
  jaEnviados: number;
  semEmail: number;
  erros: number;
  mensagem: string | null;
}

export interface ItemSimulado {
  laudoId: string | null;
  laudoNome: string | null;
  laudoCodigo: string | null;
  cliente: string | null;
  destinatario: string;
  destinatarioNome: string | null;
  tipo: 'vencendo' | 'vencido' | 'relatorio_mensal';
  dias: number;
  templateType: string;
  assunto: string;
  regra: string;
  jaEnviado: boolean;
}

interface Envio {
  laudo: LaudoDevido;
  marco: Marco;
  regra: RegraRow;
  templateType: ExpiringTemplateType | ExpiredTemplateType | string;
}

interface LaudoDevido {
  id: string;
  nome: string;
  codigo: string;
  cliente: string;
  tipo: string;
  emailCliente: string | null;
  dataVencimento: string;
  usuarioId: string | null;
  usuarioNome: string | null;
}

type Log = {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
  error(o: object, m: string): void;
};

/**
 * The reminders (spec sections 4, 5 and 9), run on the server. A pg-boss cron job checks every 5
 * minutes, in APP_TIMEZONE, which rules are due; each due rule covers the days since its previous
 * run (so a missed 09:00 is caught up), and each laudo gets at most one e-mail per run: the latest
 * milestone in the window.
 *
 * Exactly once: the (laudo, data_vencimento, milestone) row of notification_history is inserted in
 * the same transaction as the e-mail's queue job. Restarts, overlapping runs, crashes and several
 * instances meet at that unique key; whoever inserts it enqueues the e-mail, nobody else does.
 */
export class NotificationScheduler {
  private readonly clock: () => Date;

  constructor(
    private readonly config: Config,
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly email: EmailService,
    private readonly log: Log,
    options: { clock?: () => Date } = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    jobs.define({
      name: NOTIFICATION_QUEUE,
      // One check at a time across instances; a run that overlaps anyway is harmless (unique key).
      options: {
        policy: 'singleton',
        retryLimit: 1,
        expireInSeconds: 3600,
        deleteAfterSeconds: 2 * 24 * 3600,
      },
      schedules: [{ cron: `*/${INTERVALO_MINUTOS} * * * *`, tz: config.timeZone }],
      work: {
        options: { batchSize: 1, pollingIntervalSeconds: 2 },
        handler: async () => {
          await this.verificar({ origem: 'agendada' });
        },
      },
    });
    email.onSettled(async (tx, logId, outcome) => {
      const sent = outcome.status === 'sent';
      await tx
        .update(notificationLogs)
        .set({
          status: outcome.status,
          sentAt: sent ? outcome.at : null,
          errorMessage: outcome.error ?? null,
        })
        .where(eq(notificationLogs.emailLogId, logId));
      await tx
        .update(notificationHistory)
        .set({ success: sent, errorMessage: outcome.error ?? null, ...(sent ? { sentAt: outcome.at } : {}) })
        .where(eq(notificationHistory.emailLogId, logId));
    });
  }

  now(): Date {
    return this.clock();
  }

  /** The 5-minute check: runs the rules whose time has come since their last run. */
  async verificar(opts: { origem: Origem; now?: Date }): Promise<Execucao | null> {
    const now = opts.now ?? this.now();
    const [state] = await this.db
      .insert(schedulerState)
      .values({ id: 1, lastCheckAt: now })
      .onConflictDoUpdate({ target: schedulerState.id, set: { lastCheckAt: now } })
      .returning();
    if (state?.paused && opts.origem === 'agendada') return null;
    const relogio = relogioLocal(this.config.timeZone, now);
    const janelas: Array<{ regra: RegraRow; de: string; ate: string }> = [];
    for (const regra of await this.regrasAtivas()) {
      const ate = ultimoHorario(agendaDe(regra), relogio);
      // A rule never run covers from the day it was created: nothing from before it existed.
      const de = regra.lastRunDate ?? addDaysIso(calendarDayIn(this.config.timeZone, regra.createdAt), -1);
      if (de < ate) janelas.push({ regra, de, ate });
    }
    if (janelas.length === 0) return null;
    return this.executarJanelas(janelas, opts.origem, now);
  }

  /**
   * "Run now" (and the CLI): every enabled rule, as of a day (today by default), covering the days
   * since its last run, or at least that day itself. What was already sent is skipped.
   */
  async executar(opts: { origem: Origem; asOf?: string; now?: Date }): Promise<Execucao> {
    const now = opts.now ?? this.now();
    const ate = opts.asOf ?? calendarDayIn(this.config.timeZone, now);
    const janelas = (await this.regrasAtivas()).map((regra) => {
      const ontem = addDaysIso(ate, -1);
      const de = regra.lastRunDate && regra.lastRunDate < ontem ? regra.lastRunDate : ontem;
      return { regra, de, ate };
    });
    return this.executarJanelas(janelas, opts.origem, now);
  }

  /** A dry run: what a run on `data` would send (each rule on its own schedule), sending nothing. */
  async simular(data: string): Promise<{ data: string; itens: ItemSimulado[]; semEmail: number }> {
    const janelas: Array<{ regra: RegraRow; de: string; ate: string }> = [];
    for (const regra of await this.regrasAtivas()) {
      const agenda = agendaDe(regra);
      // Would the rule run that day? Then it covers the days since its previous scheduled run.
      if (ultimoHorario(agenda, { dia: data, hora: '23:59' }) !== data) continue;
      const anterior = ultimoHorario(agenda, { dia: addDaysIso(data, -1), hora: '23:59' });
      janelas.push({ regra, de: anterior, ate: data });
    }
    const { envios, semEmail } = await this.planejar(this.db, janelas);
    const jaEnviados = await this.marcosJaEnviados(
      this.db,
      envios.map((e) => e.laudo),
    );
    const itens: ItemSimulado[] = [];
    for (const e of envios) {
      const chave = `${e.laudo.id}|${e.laudo.dataVencimento}`;
      const ultimo = jaEnviados.get(chave);
      const jaEnviado = ultimo !== undefined && ultimo >= dataDoMarco(e.laudo.dataVencimento, e.marco);
      let assunto = '';
      try {
        assunto = (
          await this.email.render(this.db, {
            type: e.templateType as never,
            variables: this.variaveis(e, data),
          })
        ).subject;
      } catch (err) {
        assunto = `(não enviado: ${(err as Error).message})`;
      }
      itens.push({
        laudoId: e.laudo.id,
        laudoNome: e.laudo.nome,
        laudoCodigo: e.laudo.codigo,
        cliente: e.laudo.cliente,
        destinatario: (e.laudo.emailCliente ?? '').trim(),
        destinatarioNome: e.laudo.usuarioNome ?? e.laudo.cliente,
        tipo: e.marco.tipo,
        dias: e.marco.dias,
        templateType: e.templateType,
        assunto,
        regra: e.regra.name,
        jaEnviado,
      });
    }
    const mensal = janelas.find((j) => j.regra.kind === 'relatorio_mensal');
    if (mensal) itens.push(...(await planejarRelatoriosMensais(this.db, this.email, mensal.regra, data)));
    return { data, itens, semEmail };
  }

  async pausar(por: string | null): Promise<void> {
    const now = this.now();
    await this.db
      .insert(schedulerState)
      .values({ id: 1, paused: true, pausedAt: now, pausedBy: por })
      .onConflictDoUpdate({ target: schedulerState.id, set: { paused: true, pausedAt: now, pausedBy: por } });
  }

  /** Resumes and checks at once (spec section 4: start runs a check immediately). */
  async retomar(): Promise<Execucao | null> {
    await this.db
      .insert(schedulerState)
      .values({ id: 1, paused: false })
      .onConflictDoUpdate({
        target: schedulerState.id,
        set: { paused: false, pausedAt: null, pausedBy: null },
      });
    return this.verificar({ origem: 'retomada' });
  }

  async estado() {
    const now = this.now();
    const [state] = await this.db.select().from(schedulerState).where(eq(schedulerState.id, 1));
    const regras = (await this.regrasAtivas()).map((r) => toRegraApi(r, this.config.timeZone, now));
    const proximas = regras.map((r) => r.nextRunAt).filter((d): d is Date => d !== null);
    const execucoes = await this.db
      .select()
      .from(notificationRuns)
      .orderBy(desc(notificationRuns.startedAt))
      .limit(10);
    const intervalo = INTERVALO_MINUTOS * 60_000;
    return {
      pausado: state?.paused ?? false,
      pausadoEm: state?.pausedAt ?? null,
      pausadoPor: state?.pausedBy ?? null,
      workers: this.jobs.workers,
      intervaloMinutos: INTERVALO_MINUTOS,
      ultimaVerificacao: state?.lastCheckAt ?? null,
      proximaVerificacao:
        this.jobs.workers && !state?.paused
          ? new Date(Math.ceil((now.getTime() + 1) / intervalo) * intervalo)
          : null,
      proximaExecucao:
        state?.paused || proximas.length === 0
          ? null
          : new Date(Math.min(...proximas.map((d) => d.getTime()))),
      execucoes: execucoes.map(toExecucao),
    };
  }

  private async regrasAtivas(): Promise<RegraRow[]> {
    return (await listarRegras(this.db)).filter((r) => r.enabled);
  }

  private async executarJanelas(
    janelas: Array<{ regra: RegraRow; de: string; ate: string }>,
    origem: Origem,
    now: Date,
  ): Promise<Execucao> {
    const hoje = calendarDayIn(this.config.timeZone, now);
    const asOf = janelas.reduce((max, j) => (j.ate > max ? j.ate : max), janelas[0]?.ate ?? hoje);
    const [run] = await this.db
      .insert(notificationRuns)
      .values({ origin: origem, asOf, startedAt: now, rules: janelas.map((j) => j.regra.name) })
      .returning();
    const runId = run!.id;
    const totais = { enfileirados: 0, jaEnviados: 0, semEmail: 0, erros: 0 };
    let mensagem: string | null = null;
    const settings = await getSettings(this.db);
    if (!settings.notifications.email) {
      mensagem = 'Envio de e-mails desativado nas configurações: nada foi enviado.';
    } else {
      try {
        const lembretes = janelas.filter((j) => j.regra.kind !== 'relatorio_mensal');
        const { envios, semEmail } = await this.planejar(this.db, lembretes);
        totais.semEmail = semEmail;
        const jaEnviados = await this.marcosJaEnviados(
          this.db,
          envios.map((e) => e.laudo),
        );
        const pendentes = envios.filter((e) => {
          const ultimo = jaEnviados.get(`${e.laudo.id}|${e.laudo.dataVencimento}`);
          const superado = ultimo !== undefined && ultimo >= dataDoMarco(e.laudo.dataVencimento, e.marco);
          if (superado) totais.jaEnviados++;
          return !superado;
        });
        for (let i = 0; i < pendentes.length; i += LOTE) {
          const lote = pendentes.slice(i, i + LOTE);
          try {
            const r = await this.db.transaction(async (tx) => {
              let enfileirados = 0;
              let repetidos = 0;
              for (const e of lote) {
                if (await this.enviar(tx, e, asOf, hoje)) enfileirados++;
                else repetidos++;
              }
              return { enfileirados, repetidos };
            });
            totais.enfileirados += r.enfileirados;
            totais.jaEnviados += r.repetidos;
          } catch (err) {
            totais.erros += lote.length;
            this.log.error(
              { err, runId },
              'falha ao enfileirar lembretes; o lote será tentado na próxima execução',
            );
          }
        }
        for (const j of janelas.filter((x) => x.regra.kind === 'relatorio_mensal')) {
          const r = await enviarRelatoriosMensais(this.db, this.email, j.regra, j.de, j.ate, hoje);
          totais.enfileirados += r.enfileirados;
          totais.jaEnviados += r.jaEnviados;
          totais.erros += r.erros;
        }
        if (totais.erros === 0) {
          // Only a complete run moves the windows on; a failed one is tried again by the next check.
          for (const j of janelas) {
            await this.db
              .update(notificationRules)
              .set({
                lastRunDate: sql`greatest(${notificationRules.lastRunDate}, ${j.ate}::date)`,
                lastRunAt: now,
              })
              .where(eq(notificationRules.id, j.regra.id));
          }
        } else mensagem = `${totais.erros} envio(s) não puderam ser enfileirados; serão tentados de novo.`;
      } catch (err) {
        totais.erros++;
        mensagem = 'A execução falhou e será tentada de novo na próxima verificação.';
        this.log.error({ err, runId }, 'falha na execução dos lembretes');
      }
    }
    const [fim] = await this.db
      .update(notificationRuns)
      .set({
        finishedAt: new Date(),
        queued: totais.enfileirados,
        alreadySent: totais.jaEnviados,
        withoutEmail: totais.semEmail,
        errors: totais.erros,
        message: mensagem,
      })
      .where(eq(notificationRuns.id, runId))
      .returning();
    this.log.info({ runId, origem, asOf, ...totais }, 'lembretes de vencimento');
    return toExecucao(fim!);
  }

  /** The laudos with a milestone in some window (an index range scan on data_vencimento each). */
  private async planejar(
    db: DbOrTx,
    janelas: Array<{ regra: RegraRow; de: string; ate: string }>,
  ): Promise<{ envios: Envio[]; semEmail: number }> {
    const regrasPorId = new Map(janelas.map((j) => [j.regra.id, j.regra]));
    const janelasDeRegra: JanelaDeRegra[] = janelas
      .filter((j) => j.regra.kind === 'vencendo' || j.regra.kind === 'vencido')
      .map((j) => {
        const limite = addDaysIso(j.ate, -MAX_JANELA_DIAS);
        return {
          regraId: j.regra.id,
          tipo: j.regra.kind as 'vencendo' | 'vencido',
          dias: j.regra.kind === 'vencendo' ? j.regra.daysBefore : j.regra.daysAfter,
          de: j.de < limite ? limite : j.de,
          ate: j.ate,
        };
      });
    const faixas = faixasDeVencimento(janelasDeRegra);
    if (faixas.length === 0) return { envios: [], semEmail: 0 };
    const rows = await dueLaudos(db, faixas);
    const envios: Envio[] = [];
    let semEmail = 0;
    for (const laudo of rows) {
      const escolha = marcoAEnviar(laudo.dataVencimento, janelasDeRegra);
      if (!escolha) continue;
      if (!laudo.emailCliente?.trim()) {
        semEmail++;
        continue;
      }
      const regra = regrasPorId.get(escolha.regraId)!;
      envios.push({
        laudo,
        marco: escolha.marco,
        regra,
        templateType: regra.templateType ?? templateDoMarco(escolha.marco),
      });
    }
    return { envios, semEmail };
  }

  /** For each (laudo, due date): the day of the latest milestone already recorded. */
  private async marcosJaEnviados(db: DbOrTx, lista: LaudoDevido[]): Promise<Map<string, string>> {
    const mapa = new Map<string, string>();
    for (let i = 0; i < lista.length; i += 1000) {
      const ids = lista.slice(i, i + 1000).map((l) => l.id);
      const rows = await db
        .select({
          laudoId: notificationHistory.laudoId,
          dataVencimento: notificationHistory.dataVencimento,
          ultimo: sql<string>`max(${notificationHistory.dataVencimento} - (case when ${notificationHistory.notificationType} = 'vencendo' then ${notificationHistory.daysValue} else -${notificationHistory.daysValue} end))::text`,
        })
        .from(notificationHistory)
        .where(inArray(notificationHistory.laudoId, ids))
        .groupBy(notificationHistory.laudoId, notificationHistory.dataVencimento);
      for (const r of rows) mapa.set(`${r.laudoId}|${r.dataVencimento}`, r.ultimo);
    }
    return mapa;
  }

  private variaveis(e: Envio, hoje: string): Record<string, unknown> {
    const dias = daysBetween(hoje, e.laudo.dataVencimento);
    return {
      laudo_nome: e.laudo.nome,
      laudo_codigo: e.laudo.codigo,
      laudo_tipo: e.laudo.tipo,
      laudo_vencimento: formatDateBR(e.laudo.dataVencimento),
      laudo_url: `${this.config.publicUrl}/laudos/${e.laudo.id}`,
      cliente_empresa: e.laudo.cliente,
      cliente_nome: e.laudo.usuarioNome ?? '',
      dias_para_vencer: dias,
      dias_vencido: Math.max(0, -dias),
    };
  }

  /**
   * Takes the milestone (the unique key) and enqueues its e-mail, in the caller's transaction.
   * False when another run took it first.
   */
  private async enviar(tx: DbOrTx, e: Envio, asOf: string, hoje: string): Promise<boolean> {
    const [marco] = await tx
      .insert(notificationHistory)
      .values({
        laudoId: e.laudo.id,
        usuarioId: e.laudo.usuarioId,
        templateType: e.templateType,
        notificationType: e.marco.tipo,
        daysValue: e.marco.dias,
        dataVencimento: e.laudo.dataVencimento,
        success: false,
      })
      .onConflictDoNothing()
      .returning({ id: notificationHistory.id });
    if (!marco) return false;
    const destinatario = (e.laudo.emailCliente ?? '').trim();
    const result = await this.email.enqueue(tx, {
      type: e.templateType as never,
      to: destinatario,
      toName: e.laudo.usuarioNome ?? e.laudo.cliente,
      userId: e.laudo.usuarioId,
      laudoId: e.laudo.id,
      variables: this.variaveis(e, hoje),
      metadata: { regra: e.regra.name, marco: e.marco },
    });
    await tx
      .update(notificationHistory)
      .set({ emailLogId: result.logId ?? null, errorMessage: result.success ? null : (result.error ?? null) })
      .where(eq(notificationHistory.id, marco.id));
    await tx.insert(notificationLogs).values({
      laudoId: e.laudo.id,
      ruleId: e.regra.id,
      ruleName: e.regra.name,
      daysBefore: e.marco.tipo === 'vencendo' ? e.marco.dias : -e.marco.dias,
      recipientEmail: destinatario,
      recipientName: e.laudo.usuarioNome ?? e.laudo.cliente,
      laudoCode: e.laudo.codigo,
      laudoName: e.laudo.nome,
      status: result.success ? 'pending' : 'failed',
      errorMessage: result.success ? null : (result.error ?? null),
      notificationType: e.marco.tipo,
      scheduledDate: asOf,
      emailLogId: result.logId ?? null,
    });
    return true;
  }
}

function agendaDe(r: RegraRow) {
  return { frequency: r.frequency as Frequencia, runTime: r.runTime, weekday: r.weekday };
}

/** The laudos due in any of the ranges, with the client account their e-mail belongs to. */
export async function dueLaudos(db: DbOrTx, faixas: Array<[string, string]>): Promise<LaudoDevido[]> {
  const cond: SQL[] = faixas.map(([a, b]) =>
    a === b ? sql`${laudos.dataVencimento} = ${a}` : sql`${laudos.dataVencimento} between ${a} and ${b}`,
  );
  const rows = await db
    .select({
      id: laudos.id,
      nome: laudos.nome,
      codigo: laudos.codigo,
      cliente: laudos.cliente,
      tipo: laudos.tipo,
      emailCliente: laudos.emailCliente,
      dataVencimento: laudos.dataVencimento,
      usuarioId: usuarios.id,
      usuarioNome: usuarios.nome,
    })
    .from(laudos)
    .leftJoin(usuarios, sql`lower(${usuarios.email}) = lower(btrim(${laudos.emailCliente}))`)
    .where(and(isNotNull(laudos.dataVencimento), or(...cond)))
    .orderBy(laudos.id);
  return rows as LaudoDevido[];
}

export function toExecucao(r: typeof notificationRuns.$inferSelect): Execucao {
  return {
    id: r.id,
    origem: r.origin as Origem,
    dataReferencia: r.asOf,
    inicio: r.startedAt,
    fim: r.finishedAt,
    regras: r.rules,
    enfileirados: r.queued,
    jaEnviados: r.alreadySent,
    semEmail: r.withoutEmail,
    erros: r.errors,
    mensagem: r.message,
  };
}
