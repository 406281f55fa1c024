import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Agenda,
  descreverAgenda,
  instanteLocal,
  proximoHorario,
  relogioLocal,
  ultimoHorario,
} from './agenda.ts';
import { addDaysIso, daysBetween } from './dates.ts';
import {
  DIAS_ANTES_PADRAO,
  DIAS_DEPOIS_PADRAO,
  faixasDeVencimento,
  type JanelaDeRegra,
  marcoAEnviar,
} from './lembretes.ts';

const SP = 'America/Sao_Paulo';
const diaria: Agenda = { frequency: 'daily', runTime: '09:00', weekday: 1 };
const semanal: Agenda = { frequency: 'weekly', runTime: '09:00:00', weekday: 1 };
const mensal: Agenda = { frequency: 'monthly', runTime: '09:00', weekday: 1 };

describe('the wall clock in the firm’s time zone', () => {
  it('reads and builds São Paulo instants (UTC−3)', () => {
    expect(relogioLocal(SP, new Date('2026-11-21T11:59:00Z'))).toEqual({ dia: '2026-11-21', hora: '08:59' });
    expect(relogioLocal(SP, new Date('2026-11-22T02:30:00Z'))).toEqual({ dia: '2026-11-21', hora: '23:30' });
    expect(instanteLocal(SP, '2026-11-21', '09:00').toISOString()).toBe('2026-11-21T12:00:00.000Z');
  });
  it('round-trips any minute, also across a DST change (New York)', () => {
    for (const tz of [SP, 'America/New_York', 'UTC']) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 3 * 365 * 24 * 60 }), (min) => {
          const instant = new Date(Date.UTC(2026, 0, 1) + min * 60_000);
          const { dia, hora } = relogioLocal(tz, instant);
          const back = instanteLocal(tz, dia, hora);
          // An hour repeated by a DST change may map to its other occurrence.
          expect(relogioLocal(tz, back)).toEqual({ dia, hora });
        }),
        { numRuns: 300 },
      );
    }
  });
});

describe('when a rule is due', () => {
  it('daily at 09:00: before nine the last run was yesterday’s', () => {
    expect(ultimoHorario(diaria, { dia: '2026-11-21', hora: '08:59' })).toBe('2026-11-20');
    expect(ultimoHorario(diaria, { dia: '2026-11-21', hora: '09:00' })).toBe('2026-11-21');
    expect(proximoHorario(diaria, { dia: '2026-11-21', hora: '08:59' })).toBe('2026-11-21');
    expect(proximoHorario(diaria, { dia: '2026-11-21', hora: '09:00' })).toBe('2026-11-22');
  });
  it('weekly on Mondays (2026-11-23 is a Monday)', () => {
    expect(ultimoHorario(semanal, { dia: '2026-11-21', hora: '10:00' })).toBe('2026-11-16');
    expect(ultimoHorario(semanal, { dia: '2026-11-23', hora: '08:00' })).toBe('2026-11-16');
    expect(ultimoHorario(semanal, { dia: '2026-11-23', hora: '09:00' })).toBe('2026-11-23');
    expect(proximoHorario(semanal, { dia: '2026-11-21', hora: '10:00' })).toBe('2026-11-23');
  });
  it('monthly on the 1st', () => {
    expect(ultimoHorario(mensal, { dia: '2026-11-21', hora: '10:00' })).toBe('2026-11-01');
    expect(ultimoHorario(mensal, { dia: '2026-12-01', hora: '08:00' })).toBe('2026-11-01');
    expect(proximoHorario(mensal, { dia: '2026-11-21', hora: '10:00' })).toBe('2026-12-01');
  });
  it('describes the schedule in Portuguese', () => {
    expect(descreverAgenda(semanal)).toBe('Semanal (segunda) às 09:00');
    expect(descreverAgenda(mensal)).toBe('Mensal (dia 1) às 09:00');
  });
});

const regras = (de: string, ate: string): JanelaDeRegra[] => [
  { regraId: 'antes', tipo: 'vencendo', dias: DIAS_ANTES_PADRAO, de, ate },
  { regraId: 'depois', tipo: 'vencido', dias: DIAS_DEPOIS_PADRAO, de, ate },
];

describe('what one run sends', () => {
  it('a run every day sends every milestone once, on its day, in order', () => {
    const vence = '2027-03-01';
    const enviados: string[] = [];
    for (let dia = '2026-10-01'; dia <= '2028-04-01'; dia = addDaysIso(dia, 1)) {
      const m = marcoAEnviar(vence, regras(addDaysIso(dia, -1), dia));
      if (m) enviados.push(`${m.marco.tipo}:${m.marco.dias}@${dia}`);
    }
    expect(enviados.map((e) => e.split('@')[0])).toEqual([
      ...DIAS_ANTES_PADRAO.map((d) => `vencendo:${d}`),
      ...DIAS_DEPOIS_PADRAO.map((d) => `vencido:${d}`),
    ]);
    expect(enviados[0]).toBe('vencendo:90@2026-12-01');
    expect(enviados.at(-1)).toBe('vencido:365@2028-02-29');
  });
  it('after 40 days off, only the latest milestone reached', () => {
    // Due 2027-03-01; off from 2027-02-01 (28 days before) to 2027-03-12 (11 days after).
    const m = marcoAEnviar('2027-03-01', regras('2027-01-31', '2027-03-12'));
    expect(m?.marco).toEqual({ tipo: 'vencido', dias: 7 });
  });
  it('the ranges asked of the database hold exactly the laudos with a milestone in the window', () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), fc.integer({ min: 1, max: 60 }), (offset, largura) => {
        const ate = '2027-01-15';
        const de = addDaysIso(ate, -largura);
        const vence = addDaysIso(ate, offset);
        const faixas = faixasDeVencimento(regras(de, ate));
        const naFaixa = faixas.some(([a, b]) => vence >= a && vence <= b);
        expect(naFaixa).toBe(marcoAEnviar(vence, regras(de, ate)) !== null);
      }),
      { numRuns: 1000 },
    );
  });
  it('a one-day window asks for one due date per milestone (adjacent ones merged)', () => {
    const faixas = faixasDeVencimento(regras('2027-01-14', '2027-01-15'));
    const dias = faixas.reduce((n, [a, b]) => n + daysBetween(a, b) + 1, 0);
    expect(dias).toBe(DIAS_ANTES_PADRAO.length + DIAS_DEPOIS_PADRAO.length);
    // Milestone day 2027-01-15: due that day (vencido 0) or the next (vencendo 1), one range.
    expect(faixas).toContainEqual(['2027-01-15', '2027-01-16']);
  });
});
