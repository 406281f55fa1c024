import { somarMeses } from './nr13.ts';

/** The longest default period a laudo type may have, in months (10 years). */
export const PERIODO_MAXIMO_MESES = 120;

/**
 * The due date a type's default period gives (decision 049): `desde` (today in the firm's time
 * zone for a new laudo, the old due date for a renewal) plus whole months, as calendar days. The
 * 31st of a shorter month is its last day: 31/01 + 1 month is 28/02, or 29/02 in a leap year.
 */
export function vencimentoPeloPeriodo(desde: string, periodoMeses: number): string {
  return somarMeses(desde, periodoMeses);
}

/** "12 meses", "1 mês": how a period reads in the forms' hints and the admin's list. */
export function descreverPeriodo(periodoMeses: number): string {
  return periodoMeses === 1 ? '1 mês' : `${periodoMeses} meses`;
}
