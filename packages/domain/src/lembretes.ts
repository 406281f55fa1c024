import { addDaysIso } from './dates.ts';
import type { ExpiredTemplateType, ExpiringTemplateType } from './email-templates.ts';

/**
 * Reminder milestones (spec section 9). A milestone is a point on a laudo's timeline, counted in
 * days relative to its data_vencimento: `antes` N days before, `depois` N days after (0 = the due
 * day itself). Pure functions: the scheduler passes "days remaining" computed for today in the
 * firm's time zone (see vencimento.ts).
 */
export type TipoMarco = 'vencendo' | 'vencido';

export interface Marco {
  tipo: TipoMarco;
  /** Days before (vencendo) or after (vencido) the due date. */
  dias: number;
}

/** Days before expiry with a reminder: exactly 90, 60, 30, 15, 7, 3 or 1. */
export const DIAS_ANTES_PADRAO: readonly number[] = [90, 60, 30, 15, 7, 3, 1];
/** Days after expiry with a notice: 0, 7, 14, 30, every multiple of 30 up to 180, and 365. */
export const DIAS_DEPOIS_PADRAO: readonly number[] = [0, 7, 14, 30, 60, 90, 120, 150, 180, 365];

/** Days remaining (data_vencimento − today) at which a milestone falls. */
export function diasRestantesDoMarco(m: Marco): number {
  return m.tipo === 'vencendo' ? m.dias : 0 - m.dias;
}

/** Template for a reminder N days before expiry: up to 1 day, 3, 7, 15, 30, 60, else 90. */
export function templateVencendo(diasAntes: number): ExpiringTemplateType {
  for (const limite of [1, 3, 7, 15, 30, 60] as const) {
    if (diasAntes <= limite) return `vencimento_${limite}`;
  }
  return 'vencimento_90';
}

/** Template for a notice N days after expiry: 0 today, up to 7, 30, 60, 90, 180, else 365. */
export function templateVencido(diasDepois: number): ExpiredTemplateType {
  if (diasDepois <= 0) return 'vencido_0';
  for (const limite of [7, 30, 60, 90, 180] as const) {
    if (diasDepois <= limite) return `vencido_${limite}`;
  }
  return 'vencido_365';
}

export function templateDoMarco(m: Marco): ExpiringTemplateType | ExpiredTemplateType {
  return m.tipo === 'vencendo' ? templateVencendo(m.dias) : templateVencido(m.dias);
}

/** The calendar day on which a milestone of a laudo due on `dataVencimento` falls. */
export function dataDoMarco(dataVencimento: string, m: Marco): string {
  return addDaysIso(dataVencimento, -diasRestantesDoMarco(m));
}

/**
 * What one rule covers in one run: its milestones that fall after `de` (the reference date of its
 * previous run) and up to `ate` (this run's). A daily rule run every day covers one day; after the
 * server was off, the window spans every day missed.
 */
export interface JanelaDeRegra {
  regraId: string;
  tipo: TipoMarco;
  dias: readonly number[];
  /** Exclusive. */
  de: string;
  /** Inclusive. */
  ate: string;
}

/**
 * The data_vencimento ranges (inclusive, merged) of the laudos that have a milestone in some
 * window: what the scheduler asks the database for, so a run reads only the laudos it may notify.
 */
export function faixasDeVencimento(janelas: readonly JanelaDeRegra[]): Array<[string, string]> {
  const faixas: Array<[string, string]> = [];
  for (const j of janelas) {
    if (j.ate <= j.de) continue;
    for (const dias of j.dias) {
      const r = diasRestantesDoMarco({ tipo: j.tipo, dias });
      faixas.push([addDaysIso(j.de, 1 + r), addDaysIso(j.ate, r)]);
    }
  }
  faixas.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const merged: Array<[string, string]> = [];
  for (const f of faixas) {
    const last = merged.at(-1);
    if (last && f[0] <= addDaysIso(last[1], 1)) {
      if (f[1] > last[1]) last[1] = f[1];
    } else merged.push([f[0], f[1]]);
  }
  return merged;
}

/**
 * The one milestone a run sends for a laudo: the latest of those falling in their rule's window.
 * Earlier ones in the same run are superseded (a server off for 40 days sends only the latest);
 * a tie between two rules goes to the first window given.
 */
export function marcoAEnviar(
  dataVencimento: string,
  janelas: readonly JanelaDeRegra[],
): { marco: Marco; regraId: string; data: string } | null {
  let melhor: { marco: Marco; regraId: string; data: string } | null = null;
  for (const j of janelas) {
    for (const dias of j.dias) {
      const marco: Marco = { tipo: j.tipo, dias };
      const data = dataDoMarco(dataVencimento, marco);
      if (data > j.de && data <= j.ate && (melhor === null || data > melhor.data))
        melhor = { marco, regraId: j.regraId, data };
    }
  }
  return melhor;
}
