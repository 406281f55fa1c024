import { describe, expect, it } from 'vitest';
import { descreverPeriodo, vencimentoPeloPeriodo } from './periodo.ts';

describe('vencimentoPeloPeriodo', () => {
  it('adds whole calendar months', () => {
    expect(vencimentoPeloPeriodo('2026-11-27', 12)).toBe('2027-11-27');
    expect(vencimentoPeloPeriodo('2026-11-27', 2)).toBe('2027-01-27');
    expect(vencimentoPeloPeriodo('2026-01-15', 120)).toBe('2036-01-15');
  });

  it('keeps to the end of a shorter month (31/01 + 1 month)', () => {
    expect(vencimentoPeloPeriodo('2027-01-31', 1)).toBe('2027-02-28');
    expect(vencimentoPeloPeriodo('2028-01-31', 1)).toBe('2028-02-29');
    expect(vencimentoPeloPeriodo('2026-03-31', 1)).toBe('2026-04-30');
    expect(vencimentoPeloPeriodo('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('takes 29/02 to 28/02 in a common year and back to 29/02 four years on', () => {
    expect(vencimentoPeloPeriodo('2028-02-29', 12)).toBe('2029-02-28');
    expect(vencimentoPeloPeriodo('2028-02-29', 48)).toBe('2032-02-29');
  });

  it('crosses the year from December', () => {
    expect(vencimentoPeloPeriodo('2026-12-31', 1)).toBe('2027-01-31');
    expect(vencimentoPeloPeriodo('2026-12-31', 2)).toBe('2027-02-28');
  });
});

describe('descreverPeriodo', () => {
  it('says months in Portuguese, singular for one', () => {
    expect(descreverPeriodo(1)).toBe('1 mês');
    expect(descreverPeriodo(12)).toBe('12 meses');
  });
});
