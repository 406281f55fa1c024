import { CABECALHOS_DA_IMPORTACAO, CAMPOS_DA_IMPORTACAO } from '@laudos/domain/api';
import ExcelJS from 'exceljs';
import type { DbOrTx } from '../../db/client.ts';
import { celulaCsv } from '../exportacao/laudos.ts';
import { listarTiposDeLaudo } from '../laudos/tipos.ts';

/**
 * GET /api/importacoes/modelo: the template a firm fills in (decision 047). Its headings are the
 * ones the upload maps by itself; one example row; the XLSX lists the admin's laudo types in a
 * second sheet "Tipos".
 */

export interface ModeloDaImportacao {
  corpo: Buffer;
  tipo: string;
  nomeDoArquivo: string;
}

const CABECALHOS = CAMPOS_DA_IMPORTACAO.map((c) => CABECALHOS_DA_IMPORTACAO[c]);

function exemplo(tipo: string): string[] {
  return [
    'LAU-0001',
    'Caldeira da linha 1',
    tipo,
    '31/12/2027',
    'cliente@empresa.com.br',
    'Exemplo: apague esta linha',
    'Empresa Exemplo Ltda',
  ];
}

export async function modeloDaImportacao(db: DbOrTx, formato: 'csv' | 'xlsx'): Promise<ModeloDaImportacao> {
  // A type tied to an NR-13 exam is the registry's (decision 049): no row may carry it.
  const tipos = (await listarTiposDeLaudo(db)).filter((t) => !t.exame).map((t) => t.nome);
  const linha = exemplo(tipos[0] ?? 'NR-13');
  if (formato === 'csv') {
    const texto = `\uFEFF${CABECALHOS.join(';')}\r\n${linha.map(celulaCsv).join(';')}\r\n`;
    return {
      corpo: Buffer.from(texto, 'utf8'),
      tipo: 'text/csv; charset=utf-8',
      nomeDoArquivo: 'modelo-importacao-laudos.csv',
    };
  }
  const livro = new ExcelJS.Workbook();
  const folha = livro.addWorksheet('Laudos');
  folha.addRow(CABECALHOS).font = { bold: true };
  folha.addRow(linha);
  folha.columns.forEach((c) => {
    c.width = 24;
  });
  const tiposFolha = livro.addWorksheet('Tipos');
  tiposFolha.addRow(['Tipos de laudo aceitos na coluna Tipo']).font = { bold: true };
  for (const t of tipos) tiposFolha.addRow([t]);
  tiposFolha.getColumn(1).width = 40;
  folha.getCell('C1').note = `Use um dos tipos da planilha "Tipos": ${tipos.join(', ')}`;
  return {
    corpo: Buffer.from(await livro.xlsx.writeBuffer()),
    tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    nomeDoArquivo: 'modelo-importacao-laudos.xlsx',
  };
}
