import type { Readable } from 'node:stream';
import { formatDateBR } from '@laudos/domain';
import type { MarcaDoRelatorio } from './marca.ts';
import type { LinhaDaTabela } from './repo.ts';

/**
 * The "Relatório de situação" on A4, drawn with pdfkit's standard Helvetica (WinAnsi: every pt-BR
 * letter) and vector shapes. Pages are written to the stream as the table's rows arrive (pdfkit
 * flushes a page when the next one starts), so "Página N de M" needs M first: every element has a
 * fixed place and each row one line, so the pages follow from the number of rows, counted before.
 */

export interface DadosDoRelatorio {
  marca: MarcaDoRelatorio;
  empresa: string;
  /** 'dd/mm/aaaa às HH:mm'. */
  geradoEm: string;
  /** The filters in words ('Tipo: NR-13 · Situação: vencido'), or 'nenhum'. */
  filtros: string;
  contagens: {
    total: number;
    ativos: number;
    vencendo: number;
    vencidos: number;
    porTipo: { tipo: string; total: number }[];
  };
  /** 12 months from the current one: 'AAAA-MM' and the number of due dates. */
  porMes: { mes: string; total: number }[];
  /** How many rows `linhas` gives (counted before drawing: the page count depends on it). */
  totalDaTabela: number;
  linhas: AsyncIterable<LinhaDaTabela>;
}

const A4 = { largura: 595.28, altura: 841.89 };
const MARGEM = 40;
const LARGURA_UTIL = A4.largura - 2 * MARGEM;
const FIM_DA_TABELA = 790;
const ALTURA_DA_LINHA = 16;
const Y_LINHAS_PRIMEIRA = 528;
const Y_LINHAS_SEGUINTES = 112;
export const LINHAS_NA_PRIMEIRA = Math.floor((FIM_DA_TABELA - Y_LINHAS_PRIMEIRA) / ALTURA_DA_LINHA);
export const LINHAS_POR_PAGINA = Math.floor((FIM_DA_TABELA - Y_LINHAS_SEGUINTES) / ALTURA_DA_LINHA);
const MAX_TIPOS = 8;

const COR = {
  texto: '#0f172a',
  suave: '#475569',
  borda: '#e2e8f0',
  fundo: '#f1f5f9',
  listra: '#f8fafc',
  ativo: '#15803d',
  vencendo: '#b45309',
  vencido: '#b91c1c',
};

const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** '2027-01' → 'jan/27'. */
export function rotuloDoMes(mes: string): string {
  const [ano, m] = mes.split('-') as [string, string];
  return `${MESES[Number(m) - 1]}/${ano.slice(2)}`;
}

export function totalDePaginas(linhas: number): number {
  return linhas <= LINHAS_NA_PRIMEIRA ? 1 : 1 + Math.ceil((linhas - LINHAS_NA_PRIMEIRA) / LINHAS_POR_PAGINA);
}

function quandoVence(dias: number): string {
  if (dias === 0) return 'hoje';
  if (dias < 0) return dias === -1 ? 'há 1 dia' : `há ${-dias} dias`;
  return dias === 1 ? 'em 1 dia' : `em ${dias} dias`;
}

const numero = (n: number) => n.toLocaleString('pt-BR');

type Doc = PDFKit.PDFDocument;

/** `texto` cut with "…" to fit `largura` in the current font. */
function caber(doc: Doc, texto: string, largura: number): string {
  if (doc.widthOfString(texto) <= largura) return texto;
  let fim = texto.length;
  while (fim > 0 && doc.widthOfString(`${texto.slice(0, fim)}…`) > largura) fim--;
  return `${texto.slice(0, fim).trimEnd()}…`;
}

function escrever(
  doc: Doc,
  texto: string,
  x: number,
  y: number,
  o: {
    largura: number;
    tamanho: number;
    negrito?: boolean;
    cor?: string;
    alinhar?: 'left' | 'right' | 'center';
  },
) {
  doc
    .font(o.negrito ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(o.tamanho)
    .fillColor(o.cor ?? COR.texto);
  const cabe = caber(doc, texto, o.largura);
  // Placed by hand: pdfkit's line wrapper (any `width`) costs most of a long table's time.
  const sobra = o.alinhar && o.alinhar !== 'left' ? o.largura - doc.widthOfString(cabe) : 0;
  doc.text(cabe, x + (o.alinhar === 'center' ? sobra / 2 : sobra), y, { lineBreak: false });
}

/** The company's logo box in the header (right side), in points. */
const LOGO = { largura: 130, altura: 40, y: 8 };

function moldura(
  doc: Doc,
  dados: DadosDoRelatorio,
  pagina: number,
  paginas: number,
  logo: PDFKit.Mixins.ImageSrc | null,
) {
  doc.rect(0, 0, A4.largura, 56).fill(dados.marca.cor);
  escrever(doc, dados.marca.nome, MARGEM, 20, { largura: 330, tamanho: 16, negrito: true, cor: '#ffffff' });
  const daEmpresa = dados.marca.daEmpresa;
  // The company's branding beside the firm's: its colour as a band under the header, its logo on
  // a white box at the header's right (where the report's name goes when there is no logo).
  if (daEmpresa?.cor) doc.rect(0, 56, A4.largura, 5).fill(daEmpresa.cor);
  if (logo) {
    const x = A4.largura - MARGEM - LOGO.largura;
    doc.roundedRect(x, LOGO.y, LOGO.largura, LOGO.altura, 4).fill('#ffffff');
    doc.image(logo, x + 6, LOGO.y + 4, {
      fit: [LOGO.largura - 12, LOGO.altura - 8],
      align: 'center',
      valign: 'center',
    });
  } else
    escrever(doc, 'Relatório de situação', A4.largura - MARGEM - 170, 24, {
      largura: 170,
      tamanho: 10,
      cor: '#ffffff',
      alinhar: 'right',
    });
  doc
    .moveTo(MARGEM, 806)
    .lineTo(A4.largura - MARGEM, 806)
    .lineWidth(0.5)
    .strokeColor(COR.borda)
    .stroke();
  escrever(doc, `${dados.empresa} · gerado em ${dados.geradoEm}`, MARGEM, 814, {
    largura: 380,
    tamanho: 8,
    cor: COR.suave,
  });
  escrever(doc, `Página ${pagina} de ${paginas}`, A4.largura - MARGEM - 120, 814, {
    largura: 120,
    tamanho: 8,
    cor: COR.suave,
    alinhar: 'right',
  });
}

const COLUNAS = [
  { titulo: 'Código', largura: 80 },
  { titulo: 'Nome', largura: 190 },
  { titulo: 'Tipo', largura: 105 },
  { titulo: 'Vencimento', largura: 70 },
  { titulo: 'Dias', largura: 70 },
] as const;

function cabecalhoDaTabela(doc: Doc, y: number) {
  doc.rect(MARGEM, y, LARGURA_UTIL, 18).fill(COR.fundo);
  let x = MARGEM;
  for (const c of COLUNAS) {
    escrever(doc, c.titulo, x + 4, y + 5, { largura: c.largura - 8, tamanho: 8.5, negrito: true });
    x += c.largura;
  }
}

function linhaDaTabela(doc: Doc, l: LinhaDaTabela, y: number, indice: number) {
  if (indice % 2 === 1) doc.rect(MARGEM, y, LARGURA_UTIL, ALTURA_DA_LINHA).fill(COR.listra);
  const cor = l.dias < 0 ? COR.vencido : COR.vencendo;
  const celulas = [l.codigo, l.nome, l.tipo, formatDateBR(l.vencimento), quandoVence(l.dias)];
  let x = MARGEM;
  celulas.forEach((texto, i) => {
    const c = COLUNAS[i]!;
    escrever(doc, texto, x + 4, y + 4, {
      largura: c.largura - 8,
      tamanho: 8.5,
      cor: i === 4 ? cor : COR.texto,
    });
    x += c.largura;
  });
}

function resumo(doc: Doc, dados: DadosDoRelatorio) {
  escrever(doc, 'Relatório de situação', MARGEM, 76, { largura: LARGURA_UTIL, tamanho: 22, negrito: true });
  escrever(doc, `Empresa: ${dados.empresa}`, MARGEM, 108, { largura: LARGURA_UTIL, tamanho: 10.5 });
  escrever(doc, `Gerado em ${dados.geradoEm}`, MARGEM, 124, {
    largura: LARGURA_UTIL,
    tamanho: 9.5,
    cor: COR.suave,
  });
  doc.font('Helvetica').fontSize(9.5).fillColor(COR.suave);
  doc.text(`Filtros: ${dados.filtros}`, MARGEM, 140, { width: LARGURA_UTIL, height: 24, ellipsis: true });

  const c = dados.contagens;
  const caixas = [
    { titulo: 'Total', valor: c.total, cor: dados.marca.cor },
    { titulo: 'Ativos', valor: c.ativos, cor: COR.ativo },
    { titulo: 'Vencendo', valor: c.vencendo, cor: COR.vencendo },
    { titulo: 'Vencidos', valor: c.vencidos, cor: COR.vencido },
  ];
  const larguraCaixa = (LARGURA_UTIL - 3 * 10) / 4;
  caixas.forEach((cx, i) => {
    const x = MARGEM + i * (larguraCaixa + 10);
    doc.roundedRect(x, 172, larguraCaixa, 50, 4).lineWidth(1).strokeColor(COR.borda).stroke();
    doc.rect(x, 172, 4, 50).fill(cx.cor);
    escrever(doc, cx.titulo, x + 12, 180, { largura: larguraCaixa - 16, tamanho: 9, cor: COR.suave });
    escrever(doc, numero(cx.valor), x + 12, 194, {
      largura: larguraCaixa - 16,
      tamanho: 18,
      negrito: true,
      cor: cx.cor,
    });
  });

  escrever(doc, 'Por tipo de laudo', MARGEM, 236, { largura: LARGURA_UTIL, tamanho: 11, negrito: true });
  const tipos =
    c.porTipo.length > MAX_TIPOS
      ? [
          ...c.porTipo.slice(0, MAX_TIPOS - 1),
          { tipo: 'Outros tipos', total: c.porTipo.slice(MAX_TIPOS - 1).reduce((s, t) => s + t.total, 0) },
        ]
      : c.porTipo;
  if (tipos.length === 0) {
    escrever(doc, 'Nenhum laudo com estes filtros.', MARGEM, 254, {
      largura: LARGURA_UTIL,
      tamanho: 9.5,
      cor: COR.suave,
    });
  }
  const meia = (LARGURA_UTIL - 20) / 2;
  tipos.forEach((t, i) => {
    const x = MARGEM + (i < 4 ? 0 : meia + 20);
    const y = 254 + (i % 4) * 14;
    escrever(doc, t.tipo, x, y, { largura: meia - 60, tamanho: 9.5 });
    escrever(doc, numero(t.total), x + meia - 60, y, {
      largura: 60,
      tamanho: 9.5,
      negrito: true,
      alinhar: 'right',
    });
  });

  grafico(doc, dados);
}

/** Bars of due dates per month, 12 months, on a fixed box (y 320–476). */
function grafico(doc: Doc, dados: DadosDoRelatorio) {
  escrever(doc, 'Vencimentos nos próximos 12 meses', MARGEM, 320, {
    largura: LARGURA_UTIL,
    tamanho: 11,
    negrito: true,
  });
  const topo = 352;
  const base = 456;
  const maior = Math.max(1, ...dados.porMes.map((m) => m.total));
  const passo = LARGURA_UTIL / dados.porMes.length;
  doc
    .moveTo(MARGEM, base)
    .lineTo(MARGEM + LARGURA_UTIL, base)
    .lineWidth(0.75)
    .strokeColor(COR.suave)
    .stroke();
  dados.porMes.forEach((m, i) => {
    const x = MARGEM + i * passo;
    const altura = (m.total / maior) * (base - topo);
    if (m.total > 0) doc.rect(x + passo * 0.18, base - altura, passo * 0.64, altura).fill(dados.marca.cor);
    escrever(doc, numero(m.total), x, base - altura - 11, { largura: passo, tamanho: 8, alinhar: 'center' });
    escrever(doc, rotuloDoMes(m.mes), x, base + 5, {
      largura: passo,
      tamanho: 8,
      cor: COR.suave,
      alinhar: 'center',
    });
  });
}

/** Waits while more than 1 MB of PDF awaits the reader (a slow download holds the reading of rows). */
async function aguardarLeitor(doc: Readable) {
  while (doc.readableLength > 1 << 20 && !doc.destroyed) {
    await new Promise<void>((resolve) => {
      const seguir = () => {
        doc.off('data', seguir);
        doc.off('close', seguir);
        resolve();
      };
      doc.on('data', seguir);
      doc.on('close', seguir);
    });
  }
}

/*
 * pdfkit is loaded with the first report, not at start: it costs about 0.3–0.6 s and 28 MB to load,
 * and most instances draw a report rarely (like exceljs for the exports).
 */
type NovoPdf = new (options?: PDFKit.PDFDocumentOptions) => Doc;
let pdfkit: Promise<NovoPdf> | undefined;
const carregarPdfkit = () =>
  (pdfkit ??= import('pdfkit').then((m) => (m as unknown as { default: NovoPdf }).default));

/** The PDF as a stream; drawn as it is read. An error while reading rows destroys the stream. */
export async function desenharRelatorio(dados: DadosDoRelatorio): Promise<Readable> {
  const PDFDocument = await carregarPdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    lang: 'pt-BR',
    displayTitle: true,
    info: { Title: 'Relatório de situação', Author: dados.marca.nome, Subject: dados.empresa },
  });
  // PDFKit's document is a Readable (its types do not say so).
  const fluxo = doc as unknown as Readable;
  const paginas = totalDePaginas(dados.totalDaTabela);
  // Opened once: an image given again by its object is embedded once, not on every page.
  const logo = dados.marca.daEmpresa?.logo
    ? ((doc as unknown as { openImage(src: Buffer): unknown }).openImage(
        dados.marca.daEmpresa.logo,
      ) as PDFKit.Mixins.ImageSrc)
    : null;
  (async () => {
    moldura(doc, dados, 1, paginas, logo);
    resumo(doc, dados);
    const titulo = `Laudos vencidos e vencendo (${numero(dados.totalDaTabela)})`;
    escrever(doc, titulo, MARGEM, 492, { largura: LARGURA_UTIL, tamanho: 11, negrito: true });
    if (dados.totalDaTabela === 0) {
      escrever(doc, 'Nenhum laudo vencido ou vencendo com estes filtros.', MARGEM, 512, {
        largura: LARGURA_UTIL,
        tamanho: 9.5,
        cor: COR.suave,
      });
    } else cabecalhoDaTabela(doc, 510);
    let pagina = 1;
    let naPagina = 0;
    let y = Y_LINHAS_PRIMEIRA;
    let escritas = 0;
    for await (const linha of dados.linhas) {
      // Rows that arrived after the count (a laudo created meanwhile) would add a page not counted.
      if (escritas === dados.totalDaTabela) break;
      const cabe = pagina === 1 ? LINHAS_NA_PRIMEIRA : LINHAS_POR_PAGINA;
      if (naPagina === cabe) {
        doc.addPage();
        pagina++;
        moldura(doc, dados, pagina, paginas, logo);
        escrever(doc, `${titulo}, continuação`, MARGEM, 76, {
          largura: LARGURA_UTIL,
          tamanho: 11,
          negrito: true,
        });
        cabecalhoDaTabela(doc, Y_LINHAS_SEGUINTES - 18);
        naPagina = 0;
        y = Y_LINHAS_SEGUINTES;
        await aguardarLeitor(fluxo);
        if (fluxo.destroyed) return;
      }
      linhaDaTabela(doc, linha, y, naPagina);
      y += ALTURA_DA_LINHA;
      naPagina++;
      escritas++;
    }
    // Rows removed after the count: the pages announced are still there, with a note.
    if (escritas < dados.totalDaTabela) {
      escrever(doc, 'Alguns laudos saíram da lista enquanto o relatório era gerado.', MARGEM, y + 6, {
        largura: LARGURA_UTIL,
        tamanho: 9,
        cor: COR.suave,
      });
      while (pagina < paginas) {
        doc.addPage();
        pagina++;
        moldura(doc, dados, pagina, paginas, logo);
      }
    }
    doc.end();
  })().catch((err: unknown) => fluxo.destroy(err as Error));
  return fluxo;
}
