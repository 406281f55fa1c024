import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CategoriaDeVaso,
  type ClasseDeFluido,
  categoriaDaCaldeira,
  classificarVaso,
  contaDaInstalacao,
  EntradaNr13Invalida,
  exigeInspecaoExtraordinaria,
  type GrupoDeRisco,
  grupoDeRisco,
  limiteDaProrrogacao,
  PRAZO_DO_TANQUE,
  prazoDaCaldeira,
  prazoDaTubulacao,
  prazoDoDispositivo,
  prazoDoVaso,
  problemaDaProrrogacao,
  proximaData,
  somarMeses,
} from './nr13.ts';

// The tables as printed in the norm, written out again here (not read from nr13.ts), so a typo in
// the product's data is caught by a second, independent copy.
const tabela1: [ClasseDeFluido, CategoriaDeVaso[]][] = [
  ['A', ['I', 'I', 'II', 'III', 'III']],
  ['B', ['I', 'II', 'III', 'IV', 'IV']],
  ['C', ['I', 'II', 'III', 'IV', 'V']],
  ['D', ['II', 'III', 'IV', 'V', 'V']],
];
// A P·V well inside each group (P in MPa, V = 1 m³).
const pvDoGrupo: Record<GrupoDeRisco, number> = { 1: 150, 2: 50, 3: 10, 4: 2, 5: 0.5 };

describe('Tabela 1: category of a pressure vessel', () => {
  for (const [classe, categorias] of tabela1)
    for (const [i, categoria] of categorias.entries()) {
      const grupo = (i + 1) as GrupoDeRisco;
      it(`classe ${classe}, grupo ${grupo} → categoria ${categoria}`, () => {
        const c = classificarVaso({ pressaoMaximaMpa: pvDoGrupo[grupo], volumeM3: 1, classe });
        expect(c.grupo).toBe(grupo);
        expect(c.categoria).toBe(categoria);
        expect(c.explicacao).toContain(`Categoria ${categoria} (classe ${classe}`);
        expect(c.explicacao).toContain('13.5.1.1.3, Tabela 1');
      });
    }

  it('explains the example of the issue: class B, P·V = 12,4 → group 3, category III', () => {
    const c = classificarVaso({ pressaoMaximaMpa: 1.24, volumeM3: 10, classe: 'B' });
    expect(c.explicacao).toBe('Categoria III (classe B, P·V = 12,4 → grupo 3) — NR-13 13.5.1.1.3, Tabela 1');
  });
});

describe('potential-risk groups at their boundaries (an exact boundary is the higher-risk group)', () => {
  const casos: [number, GrupoDeRisco, boolean][] = [
    [100.0001, 1, false],
    [100, 1, true],
    [99.999, 2, false],
    [30, 2, true],
    [29.999, 3, false],
    [2.5, 3, true],
    [2.4999, 4, false],
    [1, 4, true],
    [0.9999, 5, false],
    [0.001, 5, false],
  ];
  for (const [pv, grupo, fronteira] of casos)
    it(`P·V = ${pv} → grupo ${grupo}`, () => {
      expect(grupoDeRisco(pv, 1)).toEqual({ grupo, pv });
      const c = classificarVaso({ pressaoMaximaMpa: pv, volumeM3: 1, classe: 'C' });
      expect(c.naFronteira).toBe(fronteira);
      expect(c.explicacao.includes('exatamente no limite')).toBe(fronteira);
    });

  it('refuses a pressure or volume that is not a positive number', () => {
    for (const [p, v] of [
      [0, 1],
      [1, 0],
      [-1, 2],
      [Number.NaN, 1],
      [1, Number.POSITIVE_INFINITY],
    ] as const)
      expect(() => grupoDeRisco(p, v)).toThrow(EntradaNr13Invalida);
  });
});

describe('Tabela 2: maximum interval of each exam, in months', () => {
  const tabela2: [CategoriaDeVaso, number, number, number, number | null][] = [
    ['I', 1, 3, 3, 6],
    ['II', 2, 4, 4, 8],
    ['III', 3, 6, 5, 10],
    ['IV', 4, 8, 6, 12],
    ['V', 5, 10, 7, null],
  ];
  for (const [categoria, extSem, intSem, extCom, intCom] of tabela2) {
    it(`categoria ${categoria}`, () => {
      expect(prazoDoVaso('externo', { categoria, spie: false }).meses).toBe(extSem * 12);
      expect(prazoDoVaso('interno', { categoria, spie: false }).meses).toBe(intSem * 12);
      expect(prazoDoVaso('externo', { categoria, spie: true }).meses).toBe(extCom * 12);
      expect(prazoDoVaso('interno', { categoria, spie: true }).meses).toBe(
        intCom === null ? null : intCom * 12,
      );
    });
  }

  it('says how each interval was found', () => {
    expect(prazoDoVaso('interno', { categoria: 'III', spie: false }).explicacao).toBe(
      'Exame interno a cada 6 anos (categoria III, sem SPIE) — NR-13 13.5.4.5, Tabela 2',
    );
    expect(prazoDoVaso('interno', { categoria: 'V', spie: true }).explicacao).toContain(
      'a critério do profissional habilitado',
    );
  });
});

describe('special cases of vessels: they only shorten Tabela 2', () => {
  it('below 0 °C: external exam at most every 2 years (13.5.4.8)', () => {
    expect(prazoDoVaso('externo', { categoria: 'V', spie: false, abaixoDeZero: true })).toEqual({
      meses: 24,
      explicacao: 'Exame externo a cada 2 anos (operação abaixo de 0 °C — NR-13 13.5.4.8)',
    });
    // Category I without SPIE is already yearly: the shorter interval stays.
    expect(prazoDoVaso('externo', { categoria: 'I', spie: false, abaixoDeZero: true }).meses).toBe(12);
    // The internal exam is not touched.
    expect(prazoDoVaso('interno', { categoria: 'IV', spie: false, abaixoDeZero: true }).meses).toBe(96);
  });

  it('without a construction code, installed before 2018: 1-year external, 3-year internal (13.5.1.6.1)', () => {
    for (const categoria of ['I', 'II', 'III', 'IV', 'V'] as const)
      for (const spie of [false, true]) {
        expect(prazoDoVaso('externo', { categoria, spie, semCodigoAntesDe2018: true }).meses).toBe(12);
        expect(prazoDoVaso('interno', { categoria, spie, semCodigoAntesDe2018: true }).meses).toBe(36);
      }
    expect(
      prazoDoVaso('interno', { categoria: 'V', spie: true, semCodigoAntesDe2018: true }).explicacao,
    ).toContain('13.5.1.6.1');
  });

  it('series-produced categories IV and V count from installation (13.5.4.4)', () => {
    expect(contaDaInstalacao('IV', true)).toBe(true);
    expect(contaDaInstalacao('V', true)).toBe(true);
    expect(contaDaInstalacao('III', true)).toBe(false);
    expect(contaDaInstalacao('V', false)).toBe(false);
  });
});

describe('boilers', () => {
  it('category by operating pressure: A from 1.960 kPa, B above 60 kPa, none at or below 60 (13.4.1.1)', () => {
    expect(categoriaDaCaldeira(1960)).toBe('A');
    expect(categoriaDaCaldeira(1959.9)).toBe('B');
    expect(categoriaDaCaldeira(60.1)).toBe('B');
    expect(categoriaDaCaldeira(60)).toBeNull();
    expect(categoriaDaCaldeira(0)).toBeNull();
    expect(() => categoriaDaCaldeira(-1)).toThrow(EntradaNr13Invalida);
  });

  it('every cell of the boiler table, in months', () => {
    const casos: [Parameters<typeof prazoDaCaldeira>[0], number][] = [
      [{ categoria: 'A', spie: false }, 12],
      [{ categoria: 'A', spie: false, valvulasTestadasEm12Meses: true }, 24],
      [{ categoria: 'A', spie: true }, 30],
      [{ categoria: 'A', spie: true, sisAnexoIV: true }, 48],
      [{ categoria: 'B', spie: false }, 12],
      [{ categoria: 'B', spie: false, sgcAnexoIV: true }, 30],
      [{ categoria: 'B', spie: true }, 24],
      [{ categoria: 'A', spie: false, recuperacaoDeAlcalis: true }, 18],
      [{ categoria: 'B', spie: false, recuperacaoDeAlcalis: true }, 18],
      [{ categoria: 'A', spie: true, recuperacaoDeAlcalis: true }, 24],
      [{ categoria: 'B', spie: true, recuperacaoDeAlcalis: true }, 24],
    ];
    for (const [opcoes, meses] of casos)
      expect(prazoDaCaldeira(opcoes).meses, JSON.stringify(opcoes)).toBe(meses);
  });

  it('an option only applies where the norm puts it', () => {
    // SIS counts only with SPIE; the valve test only in category A without SPIE; SGC only in B without SPIE.
    expect(prazoDaCaldeira({ categoria: 'A', spie: false, sisAnexoIV: true }).meses).toBe(12);
    expect(prazoDaCaldeira({ categoria: 'B', spie: false, valvulasTestadasEm12Meses: true }).meses).toBe(12);
    expect(prazoDaCaldeira({ categoria: 'B', spie: true, sgcAnexoIV: true }).meses).toBe(24);
    expect(prazoDaCaldeira({ categoria: 'A', spie: true, sisAnexoIV: true }).explicacao).toBe(
      'Inspeção de segurança a cada 4 anos (caldeira categoria A, com SPIE, com SIS conforme o Anexo IV) — NR-13 13.4.4.4',
    );
  });
});

describe('piping, safety devices and tanks', () => {
  const vaso = (tag: string, meses: number | null) => ({ tag, prazo: { meses, explicacao: '' } });

  it('piping follows its most critical connection, and the PH may double it up to 10 years (13.6.2.2)', () => {
    const conexoes = [vaso('V-101', 96), vaso('V-102', 48), vaso('V-103', null)];
    expect(prazoDaTubulacao(conexoes)).toMatchObject({ meses: 48 });
    expect(prazoDaTubulacao(conexoes).explicacao).toContain('V-102');
    expect(prazoDaTubulacao(conexoes, true).meses).toBe(96);
    expect(prazoDaTubulacao([vaso('V-1', 96)], true).meses).toBe(120);
    expect(prazoDaTubulacao([]).meses).toBeNull();
    expect(prazoDaTubulacao([vaso('V-9', null)]).meses).toBeNull();
  });

  it('a safety device follows what it protects; on a tank, the maintenance plan', () => {
    expect(
      prazoDoDispositivo({ tipo: 'vaso', tag: 'V-1', prazo: { meses: 72, explicacao: '' } }),
    ).toMatchObject({
      meses: 72,
      explicacao: expect.stringContaining('13.5.4.9'),
    });
    expect(
      prazoDoDispositivo({ tipo: 'tubulacao', tag: 'L-1', prazo: { meses: 48, explicacao: '' } }).explicacao,
    ).toContain('13.6.1.2');
    expect(prazoDoDispositivo({ tipo: 'tanque', tag: 'T-1', prazo: PRAZO_DO_TANQUE }).meses).toBeNull();
    expect(PRAZO_DO_TANQUE.meses).toBeNull();
  });
});

describe('dates and extensions', () => {
  it('adds months to a calendar day, the 31st going to the end of a shorter month', () => {
    expect(somarMeses('2024-01-31', 1)).toBe('2024-02-29');
    expect(somarMeses('2023-01-31', 1)).toBe('2023-02-28');
    expect(somarMeses('2025-11-15', 72)).toBe('2031-11-15');
    expect(somarMeses('2025-03-31', -1)).toBe('2025-02-28');
  });

  it('limits each kind of extension: force majeure 6 months, non-intrusive half the interval', () => {
    expect(limiteDaProrrogacao('forca_maior', 120)).toBe(6);
    expect(limiteDaProrrogacao('inspecao_nao_intrusiva', 120)).toBe(60);
    expect(limiteDaProrrogacao('inspecao_nao_intrusiva', null)).toBeNull();
    const base = { meses: 3, intervaloMeses: 72, equipamento: 'vaso', exame: 'interno', spie: true } as const;
    expect(problemaDaProrrogacao({ ...base, tipo: 'forca_maior' })).toBeNull();
    expect(problemaDaProrrogacao({ ...base, tipo: 'forca_maior', meses: 7 })).toBe(
      'Prorrogação por força maior de no máximo 6 meses (NR-13 13.3.1.1).',
    );
    expect(problemaDaProrrogacao({ ...base, tipo: 'inspecao_nao_intrusiva', meses: 36 })).toBeNull();
    expect(problemaDaProrrogacao({ ...base, tipo: 'inspecao_nao_intrusiva', meses: 37 })).toContain('3 anos');
    expect(problemaDaProrrogacao({ ...base, tipo: 'inspecao_nao_intrusiva', spie: false })).toContain('SPIE');
    expect(problemaDaProrrogacao({ ...base, tipo: 'inspecao_nao_intrusiva', exame: 'externo' })).toContain(
      'exame interno',
    );
    expect(problemaDaProrrogacao({ ...base, tipo: 'forca_maior', meses: 0 })).toContain('pelo menos 1 mês');
  });

  it('the next date: base plus interval, earlier when planned, later only by an approved extension', () => {
    const prazo = prazoDoVaso('interno', { categoria: 'III', spie: false });
    expect(proximaData({ base: '2025-03-10', prazo })).toMatchObject({
      maxima: '2031-03-10',
      data: '2031-03-10',
    });
    expect(proximaData({ base: '2025-03-10', prazo, planejada: '2030-01-01' }).data).toBe('2030-01-01');
    // A planned date after the maximum does not move it.
    expect(proximaData({ base: '2025-03-10', prazo, planejada: '2032-01-01' }).data).toBe('2031-03-10');
    const prorrogada = proximaData({
      base: '2025-03-10',
      prazo,
      prorrogacao: { tipo: 'forca_maior', meses: 4, justificativa: 'Parada geral adiada pela enchente' },
    });
    expect(prorrogada.data).toBe('2031-07-10');
    expect(prorrogada.explicacao).toContain(
      'prorrogado em 4 meses (Força maior, NR-13 13.3.1.1): Parada geral adiada',
    );
  });

  it('a restart after idling past the limit needs an extraordinary inspection', () => {
    expect(exigeInspecaoExtraordinaria('caldeira', '2025-01-10', '2025-07-10')).toBe(false);
    expect(exigeInspecaoExtraordinaria('caldeira', '2025-01-10', '2025-07-11')).toBe(true);
    expect(exigeInspecaoExtraordinaria('vaso', '2025-01-10', '2026-01-10')).toBe(false);
    expect(exigeInspecaoExtraordinaria('vaso', '2025-01-10', '2026-01-11')).toBe(true);
  });
});

describe('properties', () => {
  const dia = fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2040-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
  const categoria = fc.constantFrom<CategoriaDeVaso>('I', 'II', 'III', 'IV', 'V');
  const tipo = fc.constantFrom('forca_maior', 'inspecao_nao_intrusiva' as const);

  it('the next date is never later than base + interval unless an approved extension exists, and never beyond its limit', () => {
    fc.assert(
      fc.property(
        dia,
        categoria,
        fc.boolean(),
        fc.constantFrom('externo', 'interno' as const),
        fc.option(dia),
        fc.option(fc.record({ tipo, meses: fc.integer({ min: 1, max: 200 }) })),
        (base, cat, spie, exame, planejada, ext) => {
          const prazo = prazoDoVaso(exame, { categoria: cat, spie });
          const r = proximaData({
            base,
            prazo,
            planejada,
            prorrogacao: ext ? { ...ext, justificativa: 'motivo' } : null,
          });
          if (prazo.meses === null) return;
          const maxima = somarMeses(base, prazo.meses);
          expect(r.maxima).toBe(maxima);
          if (!ext) expect(r.data! <= maxima).toBe(true);
          else {
            const teto = somarMeses(maxima, limiteDaProrrogacao(ext.tipo, prazo.meses)!);
            expect(r.data! <= teto).toBe(true);
          }
        },
      ),
    );
  });

  it('an extension accepted by the check never exceeds its kind limit', () => {
    fc.assert(
      fc.property(
        tipo,
        fc.integer({ min: -5, max: 200 }),
        fc.integer({ min: 12, max: 144 }),
        (t, meses, intervalo) => {
          const problema = problemaDaProrrogacao({
            tipo: t,
            meses,
            intervaloMeses: intervalo,
            equipamento: 'vaso',
            exame: 'interno',
            spie: true,
          });
          if (problema === null) expect(meses).toBeLessThanOrEqual(limiteDaProrrogacao(t, intervalo)!);
          if (meses > (limiteDaProrrogacao(t, intervalo) ?? 0) || meses < 1) expect(problema).not.toBeNull();
        },
      ),
    );
  });

  it('a special case never gives a longer interval than Tabela 2', () => {
    fc.assert(
      fc.property(
        categoria,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('externo', 'interno' as const),
        (cat, spie, frio, semCodigo, exame) => {
          const tabela = prazoDoVaso(exame, { categoria: cat, spie }).meses;
          const especial = prazoDoVaso(exame, {
            categoria: cat,
            spie,
            abaixoDeZero: frio,
            semCodigoAntesDe2018: semCodigo,
          }).meses;
          if (tabela !== null) expect(especial).not.toBeNull();
          if (tabela !== null && especial !== null) expect(especial).toBeLessThanOrEqual(tabela);
        },
      ),
    );
  });
});
