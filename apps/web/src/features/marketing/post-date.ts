import { dateFormatter } from '@laudos/domain';

/** "21 de novembro de 2026" in the firm's time zone (SiteInfo.timeZone), the same on the server and in the browser. */
export function formatPostDate(iso: string, timeZone: string): string {
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime())
    ? iso
    : dateFormatter('pt-BR', timeZone, { dateStyle: 'long' }).format(parsed);
}

/** The date part for <time dateTime>. */
export function isoDate(iso: string): string {
  return iso.slice(0, 10);
}
