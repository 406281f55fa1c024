import { describe, expect, it } from 'vitest';
import { calendarDayIn, daysBetween, formatDateBR, formatDateTimeBR, isIsoDate } from './dates.ts';

describe('calendar dates', () => {
  it('formats as dd/mm/aaaa', () => {
    expect(formatDateBR('2026-12-01')).toBe('01/12/2026');
    expect(formatDateBR(null)).toBe('');
  });

  it('takes the day in the firm time zone, not in UTC', () => {
    // 02:30 UTC on 2 Dec is still 1 Dec, 23:30 in São Paulo.
    expect(calendarDayIn('America/Sao_Paulo', new Date('2026-12-02T02:30:00Z'))).toBe('2026-12-01');
    expect(calendarDayIn('America/Sao_Paulo', new Date('2026-12-02T03:00:00Z'))).toBe('2026-12-02');
    expect(calendarDayIn('UTC', new Date('2026-12-02T02:30:00Z'))).toBe('2026-12-02');
  });

  it('counts whole days across months, years and leap days', () => {
    expect(daysBetween('2026-11-21', '2026-12-01')).toBe(10);
    expect(daysBetween('2026-12-01', '2026-11-21')).toBe(-10);
    expect(daysBetween('2027-12-31', '2028-03-01')).toBe(61);
  });

  it('validates real dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('31/12/2026')).toBe(false);
  });

  it('formats an instant with its local time', () => {
    expect(formatDateTimeBR(new Date('2026-11-21T12:05:00Z'), 'America/Sao_Paulo')).toBe(
      '21/11/2026 às 09:05',
    );
  });
});
