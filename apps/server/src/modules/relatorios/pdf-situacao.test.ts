import { describe, expect, it } from 'vitest';
import { LINHAS_NA_PRIMEIRA, LINHAS_POR_PAGINA, rotuloDoMes, totalDePaginas } from './pdf-situacao.ts';
import { inicioDoMes } from './repo.ts';
import { filtrosEmPalavras } from './situacao.ts';

describe('Relatório de situação: the layout rules', () => {
  it('labels months "jan/27" and counts the months from the current one across years', () => {
    expect(rotuloDoMes('2027-01')).toBe('jan/27');
    expect(rotuloDoMes('2026-12')).toBe('dez/26');
    expect(inicioDoMes('2026-11-26')).toBe('2026-11-01');
    expect(inicioDoMes('2026-11-26', 2)).toBe('2027-01-01');
    expect(inicioDoMes('2026-11-26', 12)).toBe('2027-11-01');
  });

  it('knows the number of pages from the number of rows (the footer says "Página N de M" as it streams)', () => {
    expect(totalDePaginas(0)).toBe(1);
    expect(totalDePaginas(LINHAS_NA_PRIMEIRA)).toBe(1);
    expect(totalDePaginas(LINHAS_NA_PRIMEIRA + 1)).toBe(2);
    expect(totalDePaginas(LINHAS_NA_PRIMEIRA + LINHAS_POR_PAGINA)).toBe(2);
    expect(totalDePaginas(LINHAS_NA_PRIMEIRA + LINHAS_POR_PAGINA + 1)).toBe(3);
  });

  it('names the filters in Portuguese', () => {
    expect(filtrosEmPalavras({})).toBe('nenhum (todos os laudos)');
    expect(filtrosEmPalavras({ tipo: 'Elevadores', status: 'vencendo', vencimentoAte: '2027-03-31' })).toBe(
      'Tipo: Elevadores · Situação: vencendo · Vencimento até 31/03/2027',
    );
    expect(filtrosEmPalavras({ vencimentoDe: '2027-01-01', vencimentoAte: '2027-03-31' })).toBe(
      'Vencimento de 01/01/2027 a 31/03/2027',
    );
  });
});
