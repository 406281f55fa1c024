import type { PassThrough, Readable } from 'node:stream';
import { calendarDayIn, formatDateTimeBR } from '@laudos/domain';
import yazl from 'yazl';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { percorrerLaudosComArquivos } from '../laudos/service.ts';
import { CABECALHO_CSV, linhaCsv, planilhaXlsx } from './laudos.ts';

/**
 * The full export (issue 18, `data_export`; decision 022): one ZIP with `LEIAME.txt`, `laudos.csv`,
 * `laudos.xlsx` and, per laudo, a folder named by its código with its files. Every entry is stored
 * (the files are PDFs and XLSX, already compressed), so the archive's exact length is known before
 * its first byte and the download shows real progress. The files go from storage into the response
 * one read stream at a time; the two spreadsheets (a few hundred bytes a laudo) are built in memory
 * first, because their length must be known too.
 */

export interface ArquivoAusente {
  codigo: string;
  tipo: 'pdf' | 'excel';
  nome: string;
}

export interface ExportacaoCompleta {
  nomeDoArquivo: string;
  /** The ZIP's exact length (the response's Content-Length). */
  bytes: number;
  laudos: number;
  arquivos: number;
  /** Files the database names but storage lacks: left out, and listed in LEIAME.txt. */
  ausentes: ArquivoAusente[];
  corpo: Readable;
  /** Stops the work and closes the open file (the client went away). */
  cancelar(): void;
}

interface ArquivoPlanejado {
  caminho: string;
  chave: string;
  bytes: number;
  mtime: Date;
}

/** What storage says when a file that was there a moment ago is gone or changed size. */
export class ArquivoMudouDuranteExportacao extends Error {
  constructor(readonly caminho: string) {
    super(`Arquivo mudou durante a exportação: ${caminho}`);
    this.name = 'ArquivoMudouDuranteExportacao';
  }
}

const RESERVADOS = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
const MAX_NOME = 100;

/**
 * A name that every system accepts as a file or folder name: no path separators, control,
 * direction-override ("laudo\u202Efdp.exe") or Windows-forbidden characters, no leading dot
 * (hidden or `..`), no trailing dot or space (Windows drops them), not a reserved device name, at
 * most 100 characters (extension kept).
 */
export function nomeDeArquivoSeguro(nome: string, reserva: string): string {
  let limpo = nome
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Bidi_Control}<>:"/\\|?*]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (limpo.length > MAX_NOME) {
    const ponto = limpo.lastIndexOf('.');
    const ext = ponto > 0 && limpo.length - ponto <= 10 ? limpo.slice(ponto) : '';
    limpo = limpo.slice(0, MAX_NOME - ext.length).trimEnd() + ext;
  }
  if (!limpo) return reserva;
  return RESERVADOS.test(limpo) ? `_${limpo}` : limpo;
}

/** `nome`, or `nome (2)`, `nome (3)`… before the extension: the first not yet in `usados` (any case). */
export function nomeUnico(nome: string, usados: Set<string>): string {
  const ponto = nome.lastIndexOf('.');
  const [base, ext] = ponto > 0 ? [nome.slice(0, ponto), nome.slice(ponto)] : [nome, ''];
  let candidato = nome;
  for (let n = 2; usados.has(candidato.toLowerCase()); n++) candidato = `${base} (${n})${ext}`;
  usados.add(candidato.toLowerCase());
  return candidato;
}

function leiame(geradaEm: string, laudos: number, arquivos: number, ausentes: ArquivoAusente[]): Buffer {
  const linhas = [
    'Exportação completa — Laudos',
    `Gerada em ${geradaEm}.`,
    '',
    'laudos.csv   a lista dos laudos (separada por ponto e vírgula; abre no Excel)',
    'laudos.xlsx  a mesma lista, em planilha do Excel',
    'Uma pasta por laudo, com o código do laudo como nome, com os arquivos do laudo (PDF e Excel).',
    '',
    `${laudos} ${laudos === 1 ? 'laudo' : 'laudos'}, ${arquivos} ${arquivos === 1 ? 'arquivo' : 'arquivos'}.`,
  ];
  if (ausentes.length > 0) {
    linhas.push(
      '',
      `Arquivos não encontrados no armazenamento (${ausentes.length}), fora desta exportação:`,
      ...ausentes.map((a) => `- ${a.codigo}: ${a.nome} (${a.tipo === 'pdf' ? 'PDF' : 'Excel'})`),
      'Envie-os de novo no laudo, ou fale com o suporte.',
    );
  }
  return Buffer.from(`${linhas.join('\r\n')}\r\n`, 'utf8');
}

async function juntar(saida: Readable): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const parte of saida) partes.push(parte as Buffer);
  return Buffer.concat(partes);
}

/**
 * GET /api/exportacao/completa: reads the user's laudos (their scope; an admin's `empresaId` narrows
 * to one company) in batches, plans the archive (names, sizes, missing files) and returns its
 * stream, which opens each file only when its turn comes.
 */
export async function prepararExportacaoCompleta(
  db: DbOrTx,
  storage: FileStorage,
  user: SessionUser,
  filtro: { empresaId?: string | undefined },
  timeZone: string,
): Promise<ExportacaoCompleta> {
  const agora = new Date();
  const hoje = calendarDayIn(timeZone, agora);
  const csv: string[] = [CABECALHO_CSV];
  const planilha = planilhaXlsx(timeZone);
  const xlsx = juntar(planilha.saida);
  // A rejection before `await xlsx` below must not count as unhandled.
  xlsx.catch(() => {});
  const pastas = new Set(['leiame.txt', 'laudos.csv', 'laudos.xlsx']);
  const arquivos: ArquivoPlanejado[] = [];
  const ausentes: ArquivoAusente[] = [];
  let laudos = 0;

  for await (const { laudo, arquivos: guardados } of percorrerLaudosComArquivos(
    db,
    user,
    { ordem: 'codigo', direcao: 'asc', empresaId: filtro.empresaId },
    hoje,
  )) {
    laudos++;
    csv.push(linhaCsv(laudo, timeZone));
    planilha.adicionar(laudo);
    if (guardados.length === 0) continue;
    const pasta = nomeUnico(nomeDeArquivoSeguro(laudo.codigo, 'laudo'), pastas);
    const nomes = new Set<string>();
    for (const a of guardados) {
      const original = a.nome ?? (a.tipo === 'pdf' ? 'laudo.pdf' : 'planilha.xlsx');
      const bytes = await storage.size(a.chave);
      if (bytes === null) {
        ausentes.push({ codigo: laudo.codigo, tipo: a.tipo, nome: original });
        continue;
      }
      const nome = nomeUnico(
        nomeDeArquivoSeguro(original, a.tipo === 'pdf' ? 'laudo.pdf' : 'planilha.xlsx'),
        nomes,
      );
      arquivos.push({ caminho: `${pasta}/${nome}`, chave: a.chave, bytes, mtime: laudo.atualizado_em });
    }
  }
  await planilha.fechar();

  const zip = new yazl.ZipFile();
  // yazl's types say ReadableStream; it is a PassThrough.
  const saida = zip.outputStream as PassThrough;
  const guardado = { compress: false, mtime: agora };
  zip.addBuffer(
    leiame(formatDateTimeBR(agora, timeZone), laudos, arquivos.length, ausentes),
    'LEIAME.txt',
    guardado,
  );
  zip.addBuffer(Buffer.from(csv.join(''), 'utf8'), 'laudos.csv', guardado);
  zip.addBuffer(await xlsx, 'laudos.xlsx', guardado);
  csv.length = 0;

  type Aberto = NodeJS.ReadableStream & { destroy(): void };
  let cancelado = false;
  /** The file being sent and the next one, opened ahead (a file's open is not waited for). */
  const abertos = new Set<Aberto>();
  const fecharAbertos = () => {
    for (const s of abertos) s.destroy();
    abertos.clear();
  };
  const cancelar = () => {
    if (cancelado) return;
    cancelado = true;
    fecharAbertos();
    if (!saida.destroyed) saida.destroy();
  };
  zip.on('error', (err: Error) => {
    fecharAbertos();
    saida.destroy(err);
  });
  saida.on('close', () => {
    if (!saida.readableEnded) cancelar();
  });

  const abrir = async (a: ArquivoPlanejado): Promise<Aberto> => {
    let aberto: { stream: NodeJS.ReadableStream; bytes: number };
    try {
      aberto = await storage.open(a.chave);
    } catch {
      throw new ArquivoMudouDuranteExportacao(a.caminho);
    }
    const stream = aberto.stream as Aberto;
    if (cancelado || aberto.bytes !== a.bytes) {
      stream.destroy();
      throw cancelado ? new Error('Exportação cancelada.') : new ArquivoMudouDuranteExportacao(a.caminho);
    }
    abertos.add(stream);
    stream.on('close', () => abertos.delete(stream));
    return stream;
  };
  let adiantado: { indice: number; stream: Promise<Aberto> } | undefined;
  arquivos.forEach((a, indice) => {
    zip.addReadStreamLazy(a.caminho, { compress: false, size: a.bytes, mtime: a.mtime }, (cb) => {
      const stream = adiantado?.indice === indice ? adiantado.stream : abrir(a);
      const proximo = arquivos[indice + 1];
      adiantado = proximo && !cancelado ? { indice: indice + 1, stream: abrir(proximo) } : undefined;
      // A failure of the one opened ahead is reported when its turn comes.
      adiantado?.stream.catch(() => {});
      stream.then(
        (s) => cb(null, s as unknown as Readable),
        (err: Error) => cb(err, undefined as never),
      );
    });
  });

  // Stored entries of known sizes: yazl knows the total as `end` runs. (ZIP64's end record always:
  // yazl's size forecast and its writer disagree on when it is needed once the central directory
  // passes 64 KB — about 600 files — and the forecast must be exact.)
  // (@types/yazl omits the callback's argument.)
  const terminar = zip.end.bind(zip) as (
    opcoes: { forceZip64Format: boolean },
    pronto: (total: number) => void,
  ) => void;
  const bytes = await new Promise<number>((resolve, reject) => {
    terminar({ forceZip64Format: true }, (total) =>
      total >= 0 ? resolve(total) : reject(new Error('Tamanho da exportação desconhecido.')),
    );
  });

  return {
    nomeDoArquivo: `exportacao-completa-${hoje}.zip`,
    bytes,
    laudos,
    arquivos: arquivos.length,
    ausentes,
    corpo: saida,
    cancelar,
  };
}
