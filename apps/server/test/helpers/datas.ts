/** Today plus `dias` in São Paulo, as AAAA-MM-DD (the calendar date a due date is). */
export function hojeMais(dias: number): string {
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  return new Date(Date.parse(`${hoje}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);
}

/** AAAA-MM-DD as the screens and exports print it: dd/mm/aaaa. */
export const br = (iso: string) => iso.split('-').reverse().join('/');
