import { daysBetween, isIsoDate } from './dates.ts';

/**
 * The one expiry classification (spec §4) that the server, the web app and the reminders share.
 * Pure: "today" is an argument, a calendar day in the firm's time zone (see `calendarDayIn`), so a
 * laudo due on 2026-12-01 is "vence hoje" all of that day in São Paulo and vencido from the 2nd.
 */
export type StatusVencimento = 'ativo' | 'vencendo' | 'vencido';

/** A laudo is "vencendo" from this many days before its due date until the day itself (spec §9). */
export const DIAS_ALERTA_VENCIMENTO = 30;

export interface ClassificacaoVencimento {
  status: StatusVencimento;
  /** Days until data_vencimento (0 on the day itself, negative after); null without a date. */
  diasRestantes: number | null;
  /** Days overdue (> 0 only when vencido), else 0. */
  diasVencido: number;
}

export const statusVencimentoLabel: Record<StatusVencimento, string> = {
  ativo: 'Ativo',
  vencendo: 'Vencendo',
  vencido: 'Vencido',
};

/**
 * Classifies a laudo by its data_vencimento ('YYYY-MM-DD') on the calendar day `hoje`.
 * No date (null, undefined or '') is ativo; an invalid string throws, since a wrong status would
 * silently stop the reminders.
 */
export function classificarVencimento(
  dataVencimento: string | null | undefined,
  hoje: string,
): ClassificacaoVencimento {
  if (!isIsoDate(hoje)) {
    throw new Error(`Data de hoje inválida: "${hoje}" (esperado AAAA-MM-DD)`);
  }
  if (dataVencimento === null || dataVencimento === undefined || dataVencimento === '') {
    return { status: 'ativo', diasRestantes: null, diasVencido: 0 };
  }
  if (!isIsoDate(dataVencimento)) {
    throw new Error(`Data de vencimento inválida: "${dataVencimento}" (esperado AAAA-MM-DD)`);
  }
  const diasRestantes = daysBetween(hoje, dataVencimento);
  const status: StatusVencimento =
    diasRestantes < 0 ? 'vencido' : diasRestantes <= DIAS_ALERTA_VENCIMENTO ? 'vencendo' : 'ativo';
  return { status, diasRestantes, diasVencido: Math.max(0, -diasRestantes) };
}

/** A short pt-BR phrase for lists and badges: 'Vence em 12 dias', 'Vencido há 3 dias'… */
export function descreverVencimento(c: ClassificacaoVencimento): string {
  const dias = c.diasRestantes;
  if (dias === null) return 'Sem data de vencimento';
  if (dias === 0) return 'Vence hoje';
  if (dias === 1) return 'Vence amanhã';
  if (dias > 1) return `Vence em ${dias} dias`;
  if (dias === -1) return 'Venceu ontem';
  return `Vencido há ${-dias} dias`;
}
