import { addDaysIso, dateFormatter, isIsoDate } from './dates.ts';

/**
 * When a notification rule runs: every day, one weekday, or the 1st of the month, at a wall-clock
 * time in the firm's time zone. Pure: the wall clock ("dia" and "hora") is an argument, read from
 * an instant with `relogioLocal`.
 */
export type Frequencia = 'daily' | 'weekly' | 'monthly';

export const frequencias: readonly Frequencia[] = ['daily', 'weekly', 'monthly'];

export const frequenciaLabel: Record<Frequencia, string> = {
  daily: 'Diária',
  weekly: 'Semanal',
  monthly: 'Mensal (dia 1)',
};

export const diasDaSemana = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'] as const;

export interface Agenda {
  frequency: Frequencia;
  /** 'HH:MM' (seconds, if any, are ignored). */
  runTime: string;
  /** 0 = domingo … 6 = sábado; used by weekly rules. */
  weekday: number;
}

export interface RelogioLocal {
  /** 'YYYY-MM-DD' */
  dia: string;
  /** 'HH:MM' */
  hora: string;
}

/** The wall clock of an instant in a time zone. */
export function relogioLocal(timeZone: string, instant: Date): RelogioLocal {
  const parts = dateFormatter('en-CA', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { dia: `${get('year')}-${get('month')}-${get('day')}`, hora: `${get('hour')}:${get('minute')}` };
}

/** The instant at which the wall clock of `timeZone` shows `dia` `hora`. */
export function instanteLocal(timeZone: string, dia: string, hora: string): Date {
  const [y, mo, d] = dia.split('-').map(Number) as [number, number, number];
  const [h, mi] = hora.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The zone's offset at a guess, then again at the corrected instant (for offset changes).
  let instant = wall - offsetMs(timeZone, new Date(wall));
  instant = wall - offsetMs(timeZone, new Date(instant));
  return new Date(instant);
}

function offsetMs(timeZone: string, instant: Date): number {
  const { dia, hora } = relogioLocal(timeZone, instant);
  const [y, mo, d] = dia.split('-').map(Number) as [number, number, number];
  const [h, mi] = hora.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/** 0 = domingo … 6 = sábado. */
export function diaDaSemana(dia: string): number {
  return new Date(`${dia}T00:00:00Z`).getUTCDay();
}

function hhmm(runTime: string): string {
  return runTime.slice(0, 5);
}

export function isHorario(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value);
}

function eDiaDaAgenda(agenda: Agenda, dia: string): boolean {
  if (agenda.frequency === 'weekly') return diaDaSemana(dia) === agenda.weekday;
  if (agenda.frequency === 'monthly') return dia.endsWith('-01');
  return true;
}

/**
 * The date of the latest scheduled run at or before the wall clock: what a check at that moment
 * must have done. A run that was missed (the server off) is still this one, so the next check
 * catches it up.
 */
export function ultimoHorario(agenda: Agenda, agora: RelogioLocal): string {
  if (!isIsoDate(agora.dia)) throw new Error(`Data inválida: ${agora.dia}`);
  let dia = agora.dia;
  if (!(eDiaDaAgenda(agenda, dia) && agora.hora >= hhmm(agenda.runTime))) dia = addDaysIso(dia, -1);
  for (let i = 0; i < 32 && !eDiaDaAgenda(agenda, dia); i++) dia = addDaysIso(dia, -1);
  return dia;
}

/** The date of the first scheduled run strictly after the wall clock. */
export function proximoHorario(agenda: Agenda, agora: RelogioLocal): string {
  if (!isIsoDate(agora.dia)) throw new Error(`Data inválida: ${agora.dia}`);
  let dia = agora.dia;
  if (!(eDiaDaAgenda(agenda, dia) && agora.hora < hhmm(agenda.runTime))) dia = addDaysIso(dia, 1);
  for (let i = 0; i < 32 && !eDiaDaAgenda(agenda, dia); i++) dia = addDaysIso(dia, 1);
  return dia;
}

/** 'Diária às 09:00', 'Semanal (segunda) às 09:00', 'Mensal (dia 1) às 09:00'. */
export function descreverAgenda(agenda: Agenda): string {
  const hora = hhmm(agenda.runTime);
  if (agenda.frequency === 'weekly') return `Semanal (${diasDaSemana[agenda.weekday] ?? '?'}) às ${hora}`;
  return `${frequenciaLabel[agenda.frequency]} às ${hora}`;
}
