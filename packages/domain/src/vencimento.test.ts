import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDayIn } from './dates.ts';
import {
  type ClassificacaoVencimento,
  classificarVencimento,
  DIAS_ALERTA_VENCIMENTO,
  descreverVencimento,
  type StatusVencimento,
  statusVencimentoLabel,
} from './vencimento.ts';

const DAY_MS = 86_400_000;

/** Dates are generated as whole days since 1970-01-01, so the expected difference is plain subtraction. */
const dayIndex = fc.integer({ min: Date.UTC(2000, 0, 1) / DAY_MS, max: Date.UTC(2100, 11, 31) / DAY_MS });
const isoOf = (index: number) => new Date(index * DAY_MS).toISOString().slice(0, 10);

/** A (due, today) pair, half the time within a few days of the 0 and 30 boundaries. */
const datePair = fc.oneof(
  fc.tuple(dayIndex, dayIndex),
  fc.tuple(dayIndex, fc.integer({ min: -3, max: 35 })).map(([today, diff]) => [today + diff, today] as const),
);

const rank: Record<StatusVencimento, number> = { ativo: 0, vencendo: 1, vencido: 2 };

/** The São Paulo calendar day of an instant, computed by hand: Brazil has been UTC-3 all year since 2019. */
const saoPauloDay = (instant: Date) => new Date(instant.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

describe('classificarVencimento at the boundaries', () => {
  const hoje = '2026-12-01';
  it.each<[string | null | undefined, ClassificacaoVencimento]>([
    ['2026-11-30', { status: 'vencido', diasRestantes: -1, diasVencido: 1 }],
    ['2026-12-01', { status: 'vencendo', diasRestantes: 0, diasVencido: 0 }],
    ['2026-12-02', { status: 'vencendo', diasRestantes: 1, diasVencido: 0 }],
    ['2026-12-31', { status: 'vencendo', diasRestantes: 30, diasVencido: 0 }],
    ['2027-01-01', { status: 'ativo', diasRestantes: 31, diasVencido: 0 }],
    [null, { status: 'ativo', diasRestantes: null, diasVencido: 0 }],
    [undefined, { status: 'ativo', diasRestantes: null, diasVencido: 0 }],
    ['', { status: 'ativo', diasRestantes: null, diasVencido: 0 }],
  ])('data_vencimento %s on 2026-12-01', (data, expected) => {
    expect(classificarVencimento(data, hoje)).toEqual(expected);
  });

  it('counts across a leap day', () => {
    expect(classificarVencimento('2028-03-01', '2028-01-31')).toMatchObject({ diasRestantes: 30 });
    expect(classificarVencimento('2028-03-01', '2028-01-31').status).toBe('vencendo');
  });

  it('refuses dates that are not real AAAA-MM-DD days', () => {
    expect(() => classificarVencimento('31/12/2026', hoje)).toThrow(
      /Data de vencimento inválida: "31\/12\/2026"/,
    );
    expect(() => classificarVencimento('2027-02-29', hoje)).toThrow(/Data de vencimento inválida/);
    expect(() => classificarVencimento('2026-12-01T00:00:00Z', hoje)).toThrow(/Data de vencimento inválida/);
    expect(() => classificarVencimento('2026-12-01', '2026-13-01')).toThrow(/Data de hoje inválida/);
  });
});

describe('classificarVencimento properties', () => {
  it('status agrees with the day difference', () => {
    fc.assert(
      fc.property(datePair, ([due, today]) => {
        const c = classificarVencimento(isoOf(due), isoOf(today));
        const diff = due - today;
        expect(c.diasRestantes).toBe(diff);
        const expected: StatusVencimento =
          diff < 0 ? 'vencido' : diff <= DIAS_ALERTA_VENCIMENTO ? 'vencendo' : 'ativo';
        expect(c.status).toBe(expected);
      }),
    );
  });

  it('diasVencido is max(0, -diasRestantes)', () => {
    fc.assert(
      fc.property(datePair, ([due, today]) => {
        const c = classificarVencimento(isoOf(due), isoOf(today));
        expect(c.diasVencido).toBe(Math.max(0, -(c.diasRestantes ?? 0)));
        expect(c.diasVencido > 0).toBe(c.status === 'vencido');
      }),
    );
  });

  it('never goes back from vencido (or vencendo) as time passes', () => {
    fc.assert(
      fc.property(datePair, fc.nat({ max: 2000 }), ([due, today], later) => {
        const before = classificarVencimento(isoOf(due), isoOf(today));
        const after = classificarVencimento(isoOf(due), isoOf(today + later));
        expect(rank[after.status]).toBeGreaterThanOrEqual(rank[before.status]);
      }),
    );
  });

  it('without a date is always ativo', () => {
    fc.assert(
      fc.property(dayIndex, (today) => {
        expect(classificarVencimento(null, isoOf(today))).toEqual({
          status: 'ativo',
          diasRestantes: null,
          diasVencido: 0,
        });
      }),
    );
  });
});

describe('calendarDayIn: "today" in the firm\'s time zone', () => {
  it('is the São Paulo calendar day for any instant (2020–2035)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2035-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (instant) => {
          expect(calendarDayIn('America/Sao_Paulo', instant)).toBe(saoPauloDay(instant));
        },
      ),
    );
  });

  it('keeps a laudo due 2026-12-01 "vence hoje" until 23:59 in São Paulo, vencido from 00:00', () => {
    const due = '2026-12-01';
    const at = (iso: string) => classificarVencimento(due, calendarDayIn('America/Sao_Paulo', new Date(iso)));

    // 00:00 local on the day itself.
    expect(at('2026-12-01T03:00:00Z')).toEqual({ status: 'vencendo', diasRestantes: 0, diasVencido: 0 });
    // 23:59 local on 1 Dec is already 2 Dec in UTC.
    expect(at('2026-12-02T02:59:00Z')).toEqual({ status: 'vencendo', diasRestantes: 0, diasVencido: 0 });
    expect(descreverVencimento(at('2026-12-02T02:59:59.999Z'))).toBe('Vence hoje');
    // 00:00 local on 2 Dec.
    expect(at('2026-12-02T03:00:00Z')).toEqual({ status: 'vencido', diasRestantes: -1, diasVencido: 1 });
    expect(descreverVencimento(at('2026-12-02T03:00:00Z'))).toBe('Venceu ontem');
  });

  it('depends on the firm time zone', () => {
    const instant = new Date('2026-12-02T02:59:00Z');
    expect(calendarDayIn('America/Sao_Paulo', instant)).toBe('2026-12-01');
    expect(calendarDayIn('America/Manaus', instant)).toBe('2026-12-01');
    expect(calendarDayIn('UTC', instant)).toBe('2026-12-02');
    expect(calendarDayIn('Asia/Tokyo', instant)).toBe('2026-12-02');

    // 03:30Z: past midnight in São Paulo (UTC-3) but still 23:30 of the day before in Manaus (UTC-4).
    const later = new Date('2026-12-02T03:30:00Z');
    expect(classificarVencimento('2026-12-01', calendarDayIn('America/Sao_Paulo', later)).status).toBe(
      'vencido',
    );
    expect(classificarVencimento('2026-12-01', calendarDayIn('America/Manaus', later)).status).toBe(
      'vencendo',
    );

    // 15:00Z on 30 Nov is already 1 Dec, 00:00 in Tokyo (UTC+9): the day comes early there.
    const tokyoMidnight = new Date('2026-11-30T15:00:00Z');
    expect(calendarDayIn('Asia/Tokyo', tokyoMidnight)).toBe('2026-12-01');
    expect(calendarDayIn('America/Sao_Paulo', tokyoMidnight)).toBe('2026-11-30');
  });

  it('defaults to now', () => {
    expect(calendarDayIn('UTC')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('descreverVencimento', () => {
  it.each<[string | null, string]>([
    [null, 'Sem data de vencimento'],
    ['2026-12-01', 'Vence hoje'],
    ['2026-12-02', 'Vence amanhã'],
    ['2026-12-13', 'Vence em 12 dias'],
    ['2026-11-30', 'Venceu ontem'],
    ['2026-11-28', 'Vencido há 3 dias'],
  ])('%s on 2026-12-01 → %s', (data, text) => {
    expect(descreverVencimento(classificarVencimento(data, '2026-12-01'))).toBe(text);
  });

  it('labels each status', () => {
    expect(statusVencimentoLabel).toEqual({ ativo: 'Ativo', vencendo: 'Vencendo', vencido: 'Vencido' });
  });
});
