import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from './dates.ts';
import {
  dataDoMarco,
  diasRestantesDoMarco,
  type Marco,
  templateDoMarco,
  templateVencendo,
  templateVencido,
} from './lembretes.ts';

describe('milestones of spec section 9', () => {
  it('chooses templates exactly as the spec says', () => {
    expect([1, 2, 3, 4, 7, 8, 15, 16, 30, 31, 60, 61, 90].map(templateVencendo)).toEqual([
      'vencimento_1',
      'vencimento_3',
      'vencimento_3',
      'vencimento_7',
      'vencimento_7',
      'vencimento_15',
      'vencimento_15',
      'vencimento_30',
      'vencimento_30',
      'vencimento_60',
      'vencimento_60',
      'vencimento_90',
      'vencimento_90',
    ]);
    expect([0, 1, 7, 8, 14, 30, 31, 60, 61, 90, 91, 120, 180, 181, 365].map(templateVencido)).toEqual([
      'vencido_0',
      'vencido_7',
      'vencido_7',
      'vencido_30',
      'vencido_30',
      'vencido_30',
      'vencido_60',
      'vencido_60',
      'vencido_90',
      'vencido_90',
      'vencido_180',
      'vencido_180',
      'vencido_180',
      'vencido_365',
      'vencido_365',
    ]);
  });

  it('a milestone falls on its day, with the template for its days', () => {
    const marco = fc.record({
      tipo: fc.constantFrom<Marco['tipo']>('vencendo', 'vencido'),
      dias: fc.integer({ min: 0, max: 400 }),
    });
    fc.assert(
      fc.property(marco, (m) => {
        const due = '2026-12-01';
        expect(addDaysIso(dataDoMarco(due, m), diasRestantesDoMarco(m))).toBe(due);
        expect(templateDoMarco(m)).toBe(
          m.tipo === 'vencendo' ? templateVencendo(m.dias) : templateVencido(m.dias),
        );
      }),
    );
  });
});
