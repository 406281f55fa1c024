const longDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' });

/** "21 de novembro de 2026", the same on the server and in the browser. */
export function formatPostDate(iso: string): string {
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? iso : longDate.format(parsed);
}

/** The date part for <time dateTime>. */
export function isoDate(iso: string): string {
  return iso.slice(0, 10);
}
