import { addDaysIso, dateFormatter, isIsoDate } from '@laudos/domain';

/*
 * Calendar arithmetic on 'YYYY-MM-DD' strings (the product's calendar dates) and 'YYYY-MM' months.
 * A date is only ever turned into the instant of its UTC midnight and read back in UTC, so no
 * browser or firm time zone can move it to the day before; the firm's zone decides only which day
 * is "today" (calendarDayIn, by the caller).
 */

const MES = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A 'YYYY-MM' month, as `?mes=` carries it. */
export function isMes(valor: string | null | undefined): valor is string {
  return typeof valor === 'string' && MES.test(valor) && Number(valor.slice(0, 4)) >= 1;
}

export function mesDoDia(dia: string): string {
  return dia.slice(0, 7);
}

function partes(mes: string): [number, number] {
  return [Number(mes.slice(0, 4)), Number(mes.slice(5, 7))];
}

const doisDigitos = (n: number) => String(n).padStart(2, '0');

/** '2026-12' + 1 → '2027-01'. */
export function somarMeses(mes: string, meses: number): string {
  const [ano, m] = partes(mes);
  const indice = ano * 12 + (m - 1) + meses;
  return `${String(Math.floor(indice / 12)).padStart(4, '0')}-${doisDigitos((indice % 12) + 1)}`;
}

function diasNoMes(mes: string): number {
  const [ano, m] = partes(mes);
  return new Date(Date.UTC(ano, m, 0)).getUTCDate();
}

/** 0 = Sunday … 6 = Saturday. */
export function diaDaSemana(dia: string): number {
  return new Date(`${dia}T00:00:00Z`).getUTCDay();
}

/** The same day of the month `meses` away, clamped to that month's length (31/01 + 1 → 28/02). */
export function mesmoDiaEm(dia: string, meses: number): string {
  const mes = somarMeses(mesDoDia(dia), meses);
  const d = Math.min(Number(dia.slice(8, 10)), diasNoMes(mes));
  return `${mes}-${doisDigitos(d)}`;
}

/** The Sunday that starts `dia`'s week (Brazilian calendars start on Sunday). */
export function inicioDaSemana(dia: string): string {
  return addDaysIso(dia, -diaDaSemana(dia));
}

export const SEMANAS_NA_GRADE = 6;

/**
 * The 42 days a month's grid shows: from the Sunday on or before the 1st, six whole weeks, so the
 * grid keeps its height from month to month.
 */
export function diasDaGrade(mes: string): string[] {
  const primeiro = inicioDaSemana(`${mes}-01`);
  return Array.from({ length: SEMANAS_NA_GRADE * 7 }, (_, i) => addDaysIso(primeiro, i));
}

// Labels: the date's own UTC midnight read in UTC names exactly that day, whatever the zone.
const emUtc = (dia: string) => new Date(`${dia}T00:00:00Z`);

/** 'dezembro de 2026'. */
export function nomeDoMes(mes: string): string {
  return dateFormatter('pt-BR', 'UTC', { month: 'long', year: 'numeric' }).format(emUtc(`${mes}-01`));
}

/** 'terça-feira, 15 de dezembro de 2026'. */
export function nomeDoDia(dia: string): string {
  return dateFormatter('pt-BR', 'UTC', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(emUtc(dia));
}

/** The seven weekdays from Sunday, short ('dom.') and long ('domingo'). */
export function diasDaSemana(): { curto: string; longo: string }[] {
  // 2026-11-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const dia = emUtc(addDaysIso('2026-11-01', i));
    return {
      curto: dateFormatter('pt-BR', 'UTC', { weekday: 'short' }).format(dia),
      longo: dateFormatter('pt-BR', 'UTC', { weekday: 'long' }).format(dia),
    };
  });
}

export function isDia(valor: string | null | undefined): valor is string {
  return typeof valor === 'string' && isIsoDate(valor);
}
