import { describe, expect, it } from 'vitest';
import { nomeDeArquivoSeguro, nomeUnico } from './completa.ts';

describe('names inside the full export', () => {
  it('a código or an uploaded name becomes a name every system opens, never a path', () => {
    expect(nomeDeArquivoSeguro('NR-13/2026', 'laudo')).toBe('NR-13_2026');
    expect(nomeDeArquivoSeguro('../../etc', 'laudo')).toBe('_.._etc');
    expect(nomeDeArquivoSeguro('  .oculto. ', 'laudo')).toBe('oculto');
    expect(nomeDeArquivoSeguro('laudo\u202Efdp.exe', 'laudo')).toBe('laudo_fdp.exe');
    expect(nomeDeArquivoSeguro('a:b*c?"d"<e>|f', 'laudo')).toBe('a_b_c__d__e__f');
    expect(nomeDeArquivoSeguro('CON', 'laudo')).toBe('_CON');
    expect(nomeDeArquivoSeguro('...', 'laudo')).toBe('laudo');
    expect(nomeDeArquivoSeguro('Relatório técnico.pdf', 'laudo.pdf')).toBe('Relatório técnico.pdf');
    const longo = nomeDeArquivoSeguro(`${'x'.repeat(300)}.pdf`, 'laudo.pdf');
    expect(longo).toBe(`${'x'.repeat(96)}.pdf`);
  });

  it('a name already used, in any case, gets (2), (3)… before its extension', () => {
    const usados = new Set<string>();
    expect(nomeUnico('Laudo.pdf', usados)).toBe('Laudo.pdf');
    expect(nomeUnico('laudo.PDF', usados)).toBe('laudo (2).PDF');
    expect(nomeUnico('Laudo.pdf', usados)).toBe('Laudo (3).pdf');
    expect(nomeUnico('EX-1', usados)).toBe('EX-1');
    expect(nomeUnico('ex-1', usados)).toBe('ex-1 (2)');
  });
});
