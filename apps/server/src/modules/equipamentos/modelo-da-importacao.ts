import { COLUNAS_DE_EQUIPAMENTOS } from '@laudos/domain/api';
import ExcelJS from 'exceljs';
import { celulaCsv } from '../exportacao/laudos.ts';
import type { ModeloDaImportacao } from '../importacao/modelo.ts';

/**
 * GET /api/equipamentos/importacao/modelo: the equipment template, one column per field of the
 * registry's entry (packages/domain's COLUNAS_DE_EQUIPAMENTOS) and two example rows — a vessel and
 * the safety valve protecting it. CSV with `;`, BOM and CRLF (what Excel pt-BR opens), or XLSX.
 */
export async function modeloDeEquipamentos(formato: 'csv' | 'xlsx'): Promise<ModeloDaImportacao> {
  const cabecalhos = COLUNAS_DE_EQUIPAMENTOS.map((c) => c.cabecalho);
  const exemplos = [0, 1].map((i) => COLUNAS_DE_EQUIPAMENTOS.map((c) => c.exemplo[i as 0 | 1]));
  if (formato === 'csv') {
    const linhas = [cabecalhos, ...exemplos].map((l) => l.map(celulaCsv).join(';'));
    return {
      corpo: Buffer.from(`\uFEFF${linhas.join('\r\n')}\r\n`, 'utf8'),
      tipo: 'text/csv; charset=utf-8',
      nomeDoArquivo: 'modelo-importacao-equipamentos.csv',
    };
  }
  const livro = new ExcelJS.Workbook();
  const folha = livro.addWorksheet('Equipamentos');
  folha.addRow(cabecalhos).font = { bold: true };
  // Numbers as numbers: what a firm's own sheet holds.
  for (const e of exemplos)
    folha.addRow(
      e.map((v, i) => {
        const leitura = COLUNAS_DE_EQUIPAMENTOS[i]!.leitura;
        return v && (leitura === 'numero' || leitura === 'inteiro') ? Number(v.replace(',', '.')) : v;
      }),
    );
  folha.columns.forEach((c) => {
    c.width = 22;
  });
  folha.getCell('B1').note =
    'Caldeira, Vaso de pressão, Tubulação, Tanque ou Dispositivo de segurança. Apague as linhas de exemplo.';
  return {
    corpo: Buffer.from(await livro.xlsx.writeBuffer()),
    tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    nomeDoArquivo: 'modelo-importacao-equipamentos.xlsx',
  };
}
