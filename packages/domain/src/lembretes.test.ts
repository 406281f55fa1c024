import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIAS_ANTES_PADRAO,
  DIAS_DEPOIS_PADRAO,
  diasRestantesDoMarco,
  marcoDoDia,
  templateDoMarco,
  templateVencendo,
  templateVencido,
  ultimoMarcoAtingido,
} from './lembretes.ts';

describe('milestones of spec section 9', () => {
  it.each([90, 60, 30, 15, 7, 3, 1])('a reminder exactly %i days before', (d) => {
    expect(marcoDoDia(d)).toEqual({ tipo: 'vencendo', dias: d });
  });
  it.each([0, 7, 14, 30, 60, 90, 120, 150, 180, 365])('a notice exactly %i days after', (d) => {
    expect(marcoDoDia(-d)).toEqual({ tipo: 'vencido', dias: d });
  });
  it.each([89, 45, 29, 2, -1, -8, -31, -200, -364, -366])('nothing on day %i', (d) => {
    expect(marcoDoDia(d)).toBeNull();
  });

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

  it('every day from -400 to +400 maps to at most one milestone, with the right template', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (dia) => {
        const m = marcoDoDia(dia);
        const esperado = dia > 0 ? DIAS_ANTES_PADRAO.includes(dia) : DIAS_DEPOIS_PADRAO.includes(-dia);
        expect(m !== null).toBe(esperado);
        if (m) {
          expect(diasRestantesDoMarco(m)).toBe(dia);
          expect(templateDoMarco(m)).toBe(dia > 0 ? templateVencendo(dia) : templateVencido(-dia));
        }
      }),
    );
  });

  it('catch-up sends the latest milestone reached, never an earlier one', () => {
    expect(ultimoMarcoAtingido(100)).toBeNull();
    expect(ultimoMarcoAtingido(90)).toEqual({ tipo: 'vencendo', dias: 90 });
    expect(ultimoMarcoAtingido(29)).toEqual({ tipo: 'vencendo', dias: 30 });
    expect(ultimoMarcoAtingido(0)).toEqual({ tipo: 'vencido', dias: 0 });
    // Off for 40 days after the due date: only the 30-day notice, not 0, 7 or 14.
    expect(ultimoMarcoAtingido(-40)).toEqual({ tipo: 'vencido', dias: 30 });
    expect(ultimoMarcoAtingido(-400)).toEqual({ tipo: 'vencido', dias: 365 });
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (dia) => {
        const m = ultimoMarcoAtingido(dia);
        if (!m) {
          expect(dia).toBeGreaterThan(90);
          return;
        }
        // Reached, and no other milestone lies between it and today.
        expect(diasRestantesDoMarco(m)).toBeGreaterThanOrEqual(dia);
        for (let d = dia; d < diasRestantesDoMarco(m); d++) expect(marcoDoDia(d)).toBeNull();
        // On a milestone's own day, it is that milestone.
        const hoje = marcoDoDia(dia);
        if (hoje) expect(m).toEqual(hoje);
      }),
    );
  });
});
