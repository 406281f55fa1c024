import { describe, expect, it } from 'vitest';
import { diasDaGrade, isMes, mesmoDiaEm, nomeDoDia, nomeDoMes, somarMeses } from './calendario-datas';

describe('calendar dates', () => {
  it('builds six Sunday-first weeks around the month', () => {
    const dias = diasDaGrade('2026-12');
    expect(dias).toHaveLength(42);
    // 1 December 2026 is a Tuesday: the grid starts on Sunday 29 November.
    expect([dias[0], dias[41]]).toEqual(['2026-11-29', '2027-01-09']);
    // A month starting on Sunday starts the grid itself.
    expect(diasDaGrade('2026-11')[0]).toBe('2026-11-01');
  });

  it('moves by months across years, keeping the day where the month has it', () => {
    expect(somarMeses('2026-12', 1)).toBe('2027-01');
    expect(somarMeses('2027-01', -13)).toBe('2025-12');
    expect(mesmoDiaEm('2027-01-31', 1)).toBe('2027-02-28');
    expect(mesmoDiaEm('2028-03-31', -1)).toBe('2028-02-29');
  });

  it('names days and months in pt-BR without shifting them, whatever the browser zone', () => {
    expect(nomeDoMes('2026-12')).toBe('dezembro de 2026');
    expect(nomeDoDia('2026-12-01')).toBe('terça-feira, 1 de dezembro de 2026');
    expect(nomeDoDia('2027-01-01')).toBe('sexta-feira, 1 de janeiro de 2027');
  });

  it('accepts only real months from the URL', () => {
    expect(['2026-12', '2026-13', '2026-1', 'x', null].map(isMes)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
