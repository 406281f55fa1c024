/**
 * Calendar dates as the product uses them: 'YYYY-MM-DD' strings meaning a day in the firm's time
 * zone, never a midnight timestamp.
 */
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A real calendar day written 'YYYY-MM-DD' (no 2026-02-30). Arithmetic, not a Date: it runs twice
 * for every laudo of every list. Years before 100 are refused, as Date.UTC would read them as 19xx.
 */
export function isIsoDate(value: string): boolean {
  const m = isoDate.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 100 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (DAYS_IN_MONTH[mo - 1] ?? 0) + (leap ? 1 : 0);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per locale, zone and options, built once: building one costs ~80 µs
 * (it loads the zone's rules), using it ~2 µs, and the same few are asked for on every request.
 */
export function dateFormatter(
  locale: string,
  timeZone: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    // The zones come from the configuration, so the map stays small; a bound all the same.
    if (formatters.size >= 256) formatters.clear();
    formatters.set(key, fmt);
  }
  return fmt;
}

const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;

/** The last day computed per zone, with the whole second it was computed for. */
const lastDays = new Map<string, { second: number; day: string }>();

/**
 * The calendar day of an instant in a time zone, as 'YYYY-MM-DD'. Every request asks for today, and
 * `formatToParts` costs ~25 µs: the answer is kept for the rest of its second, which is exact, since
 * no zone's offset (nor a change of it) has ever had a fraction of a second.
 */
export function calendarDayIn(timeZone: string, instant: Date = new Date()): string {
  const second = Math.floor(instant.getTime() / 1000);
  const cached = lastDays.get(timeZone);
  if (cached?.second === second) return cached.day;
  const parts = dateFormatter('en-CA', timeZone, DAY).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  if (lastDays.size >= 256) lastDays.clear();
  lastDays.set(timeZone, { second, day });
  return day;
}

/** '2026-12-31' → '31/12/2026' (the pt-BR format used everywhere in the product). */
export function formatDateBR(value: string | null | undefined): string {
  if (!value) return '';
  const m = isoDate.exec(value);
  if (!m) return value;
  return `${m[3]}/${m[2]}/${m[1]}`;
}

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
}

/** An instant as 'dd/mm/aaaa às HH:mm' in a time zone. */
export function formatDateTimeBR(instant: Date, timeZone: string): string {
  const parts = dateFormatter('pt-BR', timeZone, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} às ${get('hour')}:${get('minute')}`;
}

/** A calendar day plus `days` (negative to go back). */
export function addDaysIso(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
