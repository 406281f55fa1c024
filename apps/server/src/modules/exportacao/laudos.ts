import { PassThrough, Readable } from 'node:stream';
import { calendarDayIn, formatDateBR } from '@laudos/domain';
import ExcelJS from 'exceljs';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type FiltroLaudos, percorrerLaudos, type toLaudoApi } from '../laudos/service.ts';

/**
 * Export of a list of laudos (issue 18, `data_export`): the user's scope and the list's filters, as
 * CSV (`;`-separated, UTF-8 with BOM, dates dd/mm/aaaa, so Excel in pt-BR opens it right) or XLSX
 * (real dates). Both are written while the rows are read, in batches: the server never holds the
 * whole list.
 */

export type FormatoDeExportacao = 'csv' | 'xlsx';
export type Laudo = ReturnType<typeof toLaudoApi>;

const SITUACAO = { ativo: 'Ativo', vencendo: 'Vencendo', vencido: 'Vencido' } as const;

const COLUNAS = [
  'Código',
  'Nome',
  'Tipo',
  'Cliente',
  'E-mail do cliente',
  'Vencimento',
  'Situação',
  'Dias para o vencimento',
  'Observações',
  'Criado em',
] as const;

/** Days to the due date (negative once expired), or null without a date. */
function diasParaVencer(l: Laudo): number | null {
  if (!l.data_vencimento) return null;
  return l.vencimento.diasRestantes ?? -l.vencimento.diasVencido;
}

function linha(l: Laudo, timeZone: string) {
  return {
    codigo: l.codigo,
    nome: l.nome,
    tipo: l.tipo,
    cliente: l.cliente,
    email: l.email_cliente ?? '',
    vencimento: l.data_vencimento,
    situacao: SITUACAO[l.vencimento.status],
    dias: diasParaVencer(l),
    observacoes: l.observacoes ?? '',
    criadoEm: calendarDayIn(timeZone, l.criado_em),
  };
}

/**
 * One CSV cell: quoted when it holds the separator, a quote or a line break; a text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) is prefixed with `'`
 * (OWASP's CSV injection advice) — a client's typed text must never become a formula on the firm's
 * computer.
 */
export function celulaCsv(valor: string | number | null): string {
  if (valor === null) return '';
  let texto = String(valor);
  if (typeof valor === 'string' && /^[=+\-@\t\r]/.test(texto)) texto = `'${texto}`;
  return /[";\r\n]/.test(texto) ? `"${texto.replaceAll('"', '""')}"` : texto;
}

/** The CSV's first line (with the BOM that makes Excel read UTF-8). */
export const CABECALHO_CSV = `\uFEFF${COLUNAS.join(';')}\r\n`;

/** One laudo as a CSV line. */
export function linhaCsv(l: Laudo, timeZone: string): string {
  const r = linha(l, timeZone);
  return `${[
    r.codigo,
    r.nome,
    r.tipo,
    r.cliente,
    r.email,
    r.vencimento ? formatDateBR(r.vencimento) : '',
    r.situacao,
    r.dias,
    r.observacoes,
    formatDateBR(r.criadoEm),
  ]
    .map(celulaCsv)
    .join(';')}\r\n`;
}

async function* csv(laudos: AsyncIterable<Laudo>, timeZone: string): AsyncGenerator<string> {
  yield CABECALHO_CSV;
  let bloco = '';
  for await (const l of laudos) {
    bloco += linhaCsv(l, timeZone);
    if (bloco.length > 64_000) {
      yield bloco;
      bloco = '';
    }
  }
  if (bloco) yield bloco;
}

/** A calendar day as the Date exceljs writes as that day (UTC midnight: no zone shifts it). */
function diaDoExcel(dia: string): Date {
  return new Date(`${dia}T00:00:00Z`);
}

/**
 * The XLSX written row by row: `saida` streams the file while `adicionar` is called; `fechar`
 * writes its end.
 */
export function planilhaXlsx(timeZone: string): {
  saida: Readable;
  adicionar(l: Laudo): void;
  fechar(): Promise<void>;
} {
  const saida = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true });
  const planilha = workbook.addWorksheet('Laudos');
  planilha.columns = [
    { header: COLUNAS[0], key: 'codigo', width: 18 },
    { header: COLUNAS[1], key: 'nome', width: 40 },
    { header: COLUNAS[2], key: 'tipo', width: 22 },
    { header: COLUNAS[3], key: 'cliente', width: 32 },
    { header: COLUNAS[4], key: 'email', width: 32 },
    { header: COLUNAS[5], key: 'vencimento', width: 14, style: { numFmt: 'dd/mm/yyyy' } },
    { header: COLUNAS[6], key: 'situacao', width: 12 },
    { header: COLUNAS[7], key: 'dias', width: 12 },
    { header: COLUNAS[8], key: 'observacoes', width: 40 },
    { header: COLUNAS[9], key: 'criadoEm', width: 14, style: { numFmt: 'dd/mm/yyyy' } },
  ];
  planilha.getRow(1).font = { bold: true };
  return {
    saida,
    adicionar(l) {
      const r = linha(l, timeZone);
      planilha
        .addRow({
          ...r,
          vencimento: r.vencimento ? diaDoExcel(r.vencimento) : null,
          criadoEm: diaDoExcel(r.criadoEm),
        })
        .commit();
    },
    async fechar() {
      planilha.commit();
      await workbook.commit();
    },
  };
}

function xlsx(laudos: AsyncIterable<Laudo>, timeZone: string): Readable {
  const planilha = planilhaXlsx(timeZone);
  (async () => {
    for await (const l of laudos) planilha.adicionar(l);
    await planilha.fechar();
  })().catch((err: unknown) => planilha.saida.destroy(err as Error));
  return planilha.saida;
}

export interface Exportacao {
  nomeDoArquivo: string;
  tipo: string;
  corpo: Readable;
}

/**
 * GET /api/laudos/exportar (its route declares the plan feature `dataExport`, checked as the request
 * arrives): the stream, its content type and its file name (laudos-AAAA-MM-DD).
 */
export function exportarLaudos(
  db: DbOrTx,
  user: SessionUser,
  filtro: Omit<FiltroLaudos, 'pagina' | 'porPagina'>,
  formato: FormatoDeExportacao,
  timeZone: string,
): Exportacao {
  const hoje = calendarDayIn(timeZone);
  const laudos = percorrerLaudos(db, user, filtro, hoje);
  const nome = `laudos-${hoje}.${formato}`;
  return formato === 'csv'
    ? { nomeDoArquivo: nome, tipo: 'text/csv; charset=utf-8', corpo: Readable.from(csv(laudos, timeZone)) }
    : {
        nomeDoArquivo: nome,
        tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        corpo: xlsx(laudos, timeZone),
      };
}
