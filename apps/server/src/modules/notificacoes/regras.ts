import {
  addDaysIso,
  calendarDayIn,
  DIAS_ANTES_PADRAO,
  type Frequencia,
  instanteLocal,
  isEmailTemplateType,
  proximoHorario,
  relogioLocal,
} from '@laudos/domain';
import type { AlteracaoRegra, NovaRegra, RegraApi } from '@laudos/domain/api';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Ator, registrarAlteracao, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notificationRules, tiposLaudo } from '../../db/schema.ts';
import { dadosInvalidos, erro } from '../../http/errors.ts';

export type TipoRegra = 'vencendo' | 'vencido' | 'relatorio_mensal';
export type RegraRow = typeof notificationRules.$inferSelect;

/** The default rules of spec section 9. Seeded once by slug; an admin's edits are never overwritten. */
export const regrasPadrao: Array<{
  slug: string;
  name: string;
  kind: TipoRegra;
  templateType: string | null;
  daysBefore: number[];
  daysAfter: number[];
  frequency: Frequencia;
  weekday: number;
}> = [
  {
    slug: 'vencimento',
    name: 'Lembretes antes do vencimento',
    kind: 'vencendo',
    templateType: null,
    daysBefore: [...DIAS_ANTES_PADRAO],
    daysAfter: [],
    frequency: 'daily',
    weekday: 1,
  },
  {
    slug: 'vencido',
    name: 'Avisos de laudo vencido (até 30 dias)',
    kind: 'vencido',
    templateType: null,
    daysBefore: [],
    daysAfter: [0, 7, 14, 30],
    frequency: 'daily',
    weekday: 1,
  },
  {
    slug: 'vencido-longo',
    name: 'Avisos de laudo vencido (60 dias ou mais)',
    kind: 'vencido',
    templateType: null,
    daysBefore: [],
    daysAfter: [60, 90, 120, 150, 180, 365],
    frequency: 'weekly',
    weekday: 1,
  },
  {
    slug: 'relatorio-mensal',
    name: 'Relatório mensal',
    kind: 'relatorio_mensal',
    templateType: 'relatorio_mensal',
    daysBefore: [],
    daysAfter: [],
    frequency: 'monthly',
    weekday: 1,
  },
];

/** Runs on every start: one statement for all the rules (a round trip each cost PGlite ~10 ms). */
export async function seedRegras(db: DbOrTx): Promise<void> {
  await db
    .insert(notificationRules)
    .values(regrasPadrao.map((r) => ({ ...r, runTime: '09:00', enabled: true })))
    .onConflictDoNothing({ target: notificationRules.slug });
}

/** The rules in the order of spec section 9 (before expiry, after it, long after, the report). */
export async function listarRegras(db: DbOrTx): Promise<RegraRow[]> {
  const rows = await db.select().from(notificationRules).orderBy(asc(notificationRules.createdAt));
  const ordem = (r: RegraRow) => {
    const i = regrasPadrao.findIndex((p) => p.slug === r.slug);
    return i === -1 ? regrasPadrao.length : i;
  };
  return rows.sort((a, b) => ordem(a) - ordem(b));
}

/** GET /api/admin/notificacoes/regras: every rule with the next time it runs. */
export async function consultarRegras(db: DbOrTx, timeZone: string, now: Date): Promise<RegraApi[]> {
  return (await listarRegras(db)).map((r) => toRegraApi(r, timeZone, now));
}

/** The API shape, with the next time the rule runs. */
export function toRegraApi(r: RegraRow, timeZone: string, now: Date): RegraApi {
  const runTime = r.runTime.slice(0, 5);
  let nextRunAt: Date | null = null;
  if (r.enabled) {
    const dia = proximoHorario(
      { frequency: r.frequency as Frequencia, runTime, weekday: r.weekday },
      relogioLocal(timeZone, now),
    );
    nextRunAt = instanteLocal(timeZone, dia, runTime);
  }
  return {
    id: r.id,
    name: r.name,
    kind: r.kind as TipoRegra,
    templateType: r.templateType,
    daysBefore: r.daysBefore,
    daysAfter: r.daysAfter,
    enabled: r.enabled,
    runTime,
    frequency: r.frequency as Frequencia,
    weekday: r.weekday,
    pararAposResposta: r.pararAposResposta,
    tipos: r.tipos,
    resumo: r.resumo,
    escalarAposDias: r.kind === 'vencido' ? r.escalarAposDias : null,
    lastRunDate: r.lastRunDate,
    lastRunAt: r.lastRunAt,
    nextRunAt,
    updatedAt: r.updatedAt,
  };
}

/**
 * A new reminder rule (decision 031: e.g. elevators with 15, 7 and 1 days before), created disabled
 * so nothing goes out until the admin has set its types and days and turned it on. Like any new
 * rule, it sends no milestone from before its creation.
 */
export async function criarRegra(
  db: DbOrTx,
  input: NovaRegra,
  timeZone: string,
  now: Date,
  auditor: Ator,
): Promise<RegraApi> {
  const antes = input.kind === 'vencendo';
  const row = await db.transaction(async (tx) => {
    const [nova] = await tx
      .insert(notificationRules)
      .values({
        name: antes ? 'Nova regra antes do vencimento' : 'Nova regra após o vencimento',
        kind: input.kind,
        daysBefore: antes ? [15, 7, 1] : [],
        daysAfter: antes ? [] : [0, 7],
        enabled: false,
        escalarAposDias: antes ? null : 7,
      })
      .returning();
    await registrarAuditoria(tx, auditor, {
      entidade: 'regra',
      entidadeId: nova!.id,
      acao: 'criou',
      empresaId: null,
      depois: nova,
    });
    return nova!;
  });
  return toRegraApi(row, timeZone, now);
}

/** An admin's edit; it takes effect on the next run. Re-enabling does not catch up the days it was off. */
export async function alterarRegra(
  db: DbOrTx,
  id: string,
  input: AlteracaoRegra,
  timeZone: string,
  now: Date,
  auditor: Ator,
): Promise<RegraApi> {
  const row = await db.transaction(async (tx) => {
    const [atual] = await tx
      .select()
      .from(notificationRules)
      .where(eq(notificationRules.id, id))
      .for('update');
    if (!atual) throw erro('regraNaoEncontrada');
    const kind = atual.kind as TipoRegra;
    if (input.templateType !== undefined && input.templateType !== null) {
      const t = input.templateType;
      const ok =
        isEmailTemplateType(t) &&
        (kind === 'vencendo'
          ? t.startsWith('vencimento_')
          : kind === 'vencido'
            ? t.startsWith('vencido_')
            : t === 'relatorio_mensal');
      if (!ok) {
        const mensagem =
          kind === 'vencendo'
            ? 'Escolha um modelo de lembrete de vencimento (vencimento_…) ou a escolha automática.'
            : kind === 'vencido'
              ? 'Escolha um modelo de aviso de vencido (vencido_…) ou a escolha automática.'
              : 'O relatório mensal usa o modelo relatorio_mensal.';
        throw dadosInvalidos([{ campo: 'templateType', mensagem }], mensagem);
      }
    }
    const dias = kind === 'vencendo' ? input.daysBefore : kind === 'vencido' ? input.daysAfter : undefined;
    if (dias !== undefined && dias.length === 0 && (input.enabled ?? atual.enabled)) {
      const mensagem = 'Informe ao menos um dia para a regra, ou desative-a.';
      throw dadosInvalidos([{ campo: kind === 'vencendo' ? 'daysBefore' : 'daysAfter', mensagem }], mensagem);
    }
    const tipos = input.tipos === undefined ? undefined : await tiposExistentes(tx, input.tipos);
    const ordenar = (xs: number[] | undefined, desc: boolean) =>
      xs === undefined ? undefined : [...new Set(xs)].sort((a, b) => (desc ? b - a : a - b));
    const hoje = calendarDayIn(timeZone, now);
    const reativada = input.enabled === true && !atual.enabled;
    const [row] = await tx
      .update(notificationRules)
      .set({
        ...(input.name === undefined ? {} : { name: input.name.trim() }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        ...(kind === 'vencendo' && input.daysBefore ? { daysBefore: ordenar(input.daysBefore, true) } : {}),
        ...(kind === 'vencido' && input.daysAfter ? { daysAfter: ordenar(input.daysAfter, false) } : {}),
        ...(input.templateType === undefined ? {} : { templateType: input.templateType }),
        ...(input.runTime === undefined ? {} : { runTime: input.runTime }),
        ...(input.frequency === undefined ? {} : { frequency: input.frequency }),
        ...(input.weekday === undefined ? {} : { weekday: input.weekday }),
        // Only after-expiry rules have the choice: before expiry, an answer always stops the reminders.
        ...(kind === 'vencido' && input.pararAposResposta !== undefined
          ? { pararAposResposta: input.pararAposResposta }
          : {}),
        ...(tipos === undefined || kind === 'relatorio_mensal' ? {} : { tipos }),
        ...(input.resumo === undefined || kind === 'relatorio_mensal' ? {} : { resumo: input.resumo }),
        ...(kind === 'vencido' && input.escalarAposDias !== undefined
          ? { escalarAposDias: input.escalarAposDias }
          : {}),
        // The days a rule was off are not caught up when it comes back.
        ...(reativada
          ? {
              lastRunDate: sql`greatest(${notificationRules.lastRunDate}, ${addDaysIso(hoje, -1)}::date)`,
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(notificationRules.id, id))
      .returning();
    if (!row) throw erro('regraNaoEncontrada');
    // Turning a rule on or off is an 'alterou' of `enabled`, like any other field.
    await registrarAlteracao(tx, auditor, {
      entidade: 'regra',
      entidadeId: id,
      empresaId: null,
      antes: atual,
      depois: row,
    });
    return row;
  });
  return toRegraApi(row, timeZone, now);
}

/**
 * The laudo types of a rule, each once and in the admin's list order; an unknown name is refused
 * (a type renamed later leaves the rule's old name behind: the screen shows it, decision 031).
 */
async function tiposExistentes(tx: DbOrTx, nomes: readonly string[]): Promise<string[]> {
  const pedidos = [...new Set(nomes.map((n) => n.trim()))];
  if (pedidos.length === 0) return [];
  const achados = new Set(
    (
      await tx.select({ nome: tiposLaudo.nome }).from(tiposLaudo).where(inArray(tiposLaudo.nome, pedidos))
    ).map((t) => t.nome),
  );
  const faltam = pedidos.filter((n) => !achados.has(n));
  if (faltam.length > 0) {
    const mensagem = `Tipo de laudo desconhecido: ${faltam.join(', ')}.`;
    throw dadosInvalidos([{ campo: 'tipos', mensagem }], mensagem);
  }
  return pedidos.sort((a, b) => a.localeCompare(b, 'pt-BR'));
}
