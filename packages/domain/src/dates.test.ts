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

  it("turns the day at midnight to the millisecond, though it keeps each second's answer", () => {
    const ultimo = new Date('2026-12-02T02:59:59.999Z');
    expect(calendarDayIn('America/Sao_Paulo', new Date('2026-12-02T02:59:59.000Z'))).toBe('2026-12-01');
    expect(calendarDayIn('America/Sao_Paulo', ultimo)).toBe('2026-12-01');
    expect(calendarDayIn('America/Sao_Paulo', new Date('2026-12-02T03:00:00.000Z'))).toBe('2026-12-02');
    // The same second in another zone is that zone's own day, not the one kept for São Paulo.
    expect(calendarDayIn('Asia/Tokyo', ultimo)).toBe('2026-12-02');
    expect(calendarDayIn('America/Sao_Paulo', ultimo)).toBe('2026-12-01');
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
    for (const certo of ['2000-02-29', '2026-12-31', '2026-04-30', '0100-01-01', '9999-12-31']) {
      expect(isIsoDate(certo), certo).toBe(true);
    }
    for (const errado of [
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0099-12-31',
      '2026-1-01',
      ' 2026-01-01',
    ]) {
      expect(isIsoDate(errado), errado).toBe(false);
    }
  });

  it('formats an instant with its local time', () => {
    expect(formatDateTimeBR(new Date('2026-11-21T12:05:00Z'), 'America/Sao_Paulo')).toBe(
      '21/11/2026 às 09:05',
    );
  });
});
