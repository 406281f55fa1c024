import { readSiteInfo } from './site-info-data';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * Dates and times are shown in the firm's time zone (the server's APP_TIMEZONE, written into the
 * page), not the browser's: a laudo created at 22:30 in São Paulo is on the same day for everyone.
 */
let formatters: { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat } | undefined;
function noFuso() {
  if (!formatters) {
    const { timeZone } = readSiteInfo();
    formatters = {
      date: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone }),
      dateTime: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone }),
    };
  }
  return formatters;
}

/** R$ 1.234,56 */
export function formatBRL(value: number): string {
  return brl.format(value);
}

/** 21/11/2026 14:05, or the text as is when it is not a date. */
export function formatDateTime(value: string): string {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? value : noFuso().dateTime.format(parsed);
}

export function formatDate(value: string): string {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? value : noFuso().date.format(parsed);
}

/** "1 usuário", "3 usuários". */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? singular : pluralForm}`;
}
