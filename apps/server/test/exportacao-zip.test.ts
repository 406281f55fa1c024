import { randomBytes } from 'node:crypto';
import { readdirSync, readlinkSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseString } from '@fast-csv/parse';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { empresas, laudos } from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json, planoChamado } from './helpers/accounts.ts';
import { MB, pdf, uploadArquivo, xlsx } from './helpers/security.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

/** Issue 18, `data_export`: the full export as one streamed ZIP (decision 022). */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A PDF its bytes tell apart from any other. */
const pdfUnico = (bytes: number) => Buffer.concat([pdf(), randomBytes(bytes)]);

/** Every entry of a ZIP, name → content (yauzl checks each entry's CRC as it reads). */
function lerZip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true }, (err, arquivo) => {
      if (err) return reject(err);
      const entradas = new Map<string, Buffer>();
      arquivo.on('error', reject);
      arquivo.on('end', () => resolve(entradas));
      arquivo.on('entry', (entrada: yauzl.Entry) => {
        arquivo.openReadStream(entrada, (e, stream) => {
          if (e) return reject(e);
          const partes: Buffer[] = [];
          stream.on('data', (p: Buffer) => partes.push(p));
          stream.on('error', reject);
          stream.on('end', () => {
            entradas.set(entrada.fileName, Buffer.concat(partes));
            arquivo.readEntry();
          });
        });
      });
      arquivo.readEntry();
    });
  });
}

async function linhasCsv(csv: Buffer): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const linhas: string[][] = [];
    parseString(csv.subarray(3).toString('utf8'), { delimiter: ';' })
      .on('data', (l: string[]) => linhas.push(l))
      .on('error', reject)
      .on('end', () => resolve(linhas));
  });
}

async function cenario() {
  t = await createTestServer({ JOBS: 'off' });
  const admin = await createAdmin(t);
  const empresaId = await empresaDeTeste(t, 'Usina Zip');
  const outraId = await empresaDeTeste(t, 'Outra Usina');
  const gestor = await createUser(t, { email: 'gestor@zip.com.br', empresaId, papel: 'gestor' });
  const cookie = await signIn(t.app, gestor.email, gestor.password);
  const criar = async (codigo: string, empresa: string) => {
    const res = await t!.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: json(admin.cookie),
      payload: { tipo: 'NR-13', nome: `Laudo ${codigo}`, codigo, empresaId: empresa },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().laudo as { id: string };
  };
  const enviar = async (laudoId: string, tipo: 'pdf' | 'excel', nome: string, conteudo: Buffer) => {
    const res = await uploadArquivo(t!, admin.cookie, laudoId, tipo, nome, conteudo);
    expect(res.statusCode, res.body).toBe(200);
    return conteudo;
  };
  // Two códigos that become the same folder name; one laudo without files; another company's.
  const a = await criar('ZIP/1', empresaId);
  const b = await criar('ZIP_1', empresaId);
  await criar('ZIP-3', empresaId);
  const alheio = await criar('OUT-1', outraId);
  const arquivos = {
    aPdf: await enviar(a.id, 'pdf', 'Relatório: final.pdf', pdfUnico(3000)),
    aExcel: await enviar(a.id, 'excel', 'medições.xlsx', await xlsx()),
    bPdf: await enviar(b.id, 'pdf', 'caldeira.pdf', pdfUnico(2000)),
    bExcel: await enviar(b.id, 'excel', 'caldeira.xlsx', await xlsx([['Ponto'], ['B']])),
    alheio: await enviar(alheio.id, 'pdf', 'segredo.pdf', pdfUnico(1000)),
  };
  const definirPlano = async (nome: string) =>
    t!.server.database.db
      .update(empresas)
      .set({ planoId: await planoChamado(t!, nome) })
      .where(eq(empresas.id, empresaId));
  return { t, admin, cookie, empresaId, outraId, a, b, arquivos, definirPlano };
}

const exportar = (t: TestServer, cookie: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/exportacao/completa${query}`, headers: { cookie } });

describe('data_export: the full export as a ZIP', () => {
  it('the company gets its laudos as CSV and XLSX and every file byte for byte, of the exact declared length; a missing file is listed, not fatal; without the plan, 403', async () => {
    const { t, cookie, b, arquivos, definirPlano } = await cenario();
    await definirPlano('Básico');
    const recusa = await exportar(t, cookie);
    expect(recusa.statusCode).toBe(403);
    expect(recusa.json().error).toEqual({
      code: 'RECURSO_FORA_DO_PLANO',
      message: 'Seu plano não inclui exportação de dados. Disponível nos planos Profissional e Empresarial.',
    });

    await definirPlano('Profissional');
    // One file gone from storage (a disk restored from an old backup, say).
    const [semArquivo] = await t.server.database.db
      .select({ chave: laudos.arquivoPdf })
      .from(laudos)
      .where(eq(laudos.id, b.id));
    rmSync(path.join(t.dataDir, 'storage', 'laudos', semArquivo!.chave!));

    const res = await exportar(t, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="exportacao-completa-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    // The declared length is the archive's: the browser's progress reaches exactly 100%.
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    const zip = await lerZip(res.rawPayload);
    expect([...zip.keys()]).toEqual([
      'LEIAME.txt',
      'laudos.csv',
      'laudos.xlsx',
      'ZIP_1/Relatório_ final.pdf',
      'ZIP_1/medições.xlsx',
      'ZIP_1 (2)/caldeira.xlsx',
    ]);
    expect(zip.get('ZIP_1/Relatório_ final.pdf')).toEqual(arquivos.aPdf);
    expect(zip.get('ZIP_1/medições.xlsx')).toEqual(arquivos.aExcel);
    expect(zip.get('ZIP_1 (2)/caldeira.xlsx')).toEqual(arquivos.bExcel);

    const leiame = zip.get('LEIAME.txt')!.toString('utf8');
    expect(leiame).toContain('3 laudos, 3 arquivos.');
    expect(leiame).toContain('Arquivos não encontrados no armazenamento (1), fora desta exportação:');
    expect(leiame).toContain('- ZIP_1: caldeira.pdf (PDF)');

    const csv = await linhasCsv(zip.get('laudos.csv')!);
    expect(csv[0]![0]).toBe('Código');
    expect(csv.slice(1).map((l) => [l[0], l[1], l[3]])).toEqual([
      ['ZIP-3', 'Laudo ZIP-3', 'Usina Zip'],
      ['ZIP/1', 'Laudo ZIP/1', 'Usina Zip'],
      ['ZIP_1', 'Laudo ZIP_1', 'Usina Zip'],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(zip.get('laudos.xlsx') as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Laudos')!.rowCount).toBe(4);
    // Another company's laudo and file are nowhere in it.
    expect(res.rawPayload.includes(arquivos.alheio.subarray(-1000))).toBe(false);
    expect(res.rawPayload.includes(Buffer.from('OUT-1'))).toBe(false);
  });

  it("an admin exports one company's data, or everything; a bad empresaId is a 400; signed out, 401", async () => {
    const { t, admin, cookie, outraId, arquivos, definirPlano } = await cenario();
    await definirPlano('Empresarial');
    const outra = await exportar(t, admin.cookie, `?empresaId=${outraId}`);
    expect(outra.statusCode, outra.body).toBe(200);
    const zip = await lerZip(outra.rawPayload);
    expect([...zip.keys()]).toEqual(['LEIAME.txt', 'laudos.csv', 'laudos.xlsx', 'OUT-1/segredo.pdf']);
    expect(zip.get('OUT-1/segredo.pdf')).toEqual(arquivos.alheio);

    const tudo = await lerZip((await exportar(t, admin.cookie)).rawPayload);
    expect((await linhasCsv(tudo.get('laudos.csv')!)).slice(1).map((l) => l[0])).toEqual([
      'OUT-1',
      'ZIP-3',
      'ZIP/1',
      'ZIP_1',
    ]);
    // A client naming another company gets nothing of it (the scope still applies).
    const cliente = await lerZip((await exportar(t, cookie, `?empresaId=${outraId}`)).rawPayload);
    expect([...cliente.keys()]).toEqual(['LEIAME.txt', 'laudos.csv', 'laudos.xlsx']);

    const ruim = await exportar(t, admin.cookie, '?empresaId=x');
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().error.campos).toEqual([{ campo: 'empresaId', mensagem: 'Empresa inválida.' }]);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/exportacao/completa'].get['x-recurso']).toBe('dataExport');
    expect((await t.app.inject({ method: 'GET', url: '/api/exportacao/completa' })).statusCode).toBe(401);
  });

  it('a client that goes away mid-download stops the export: the file it was reading is closed', async () => {
    const { t, cookie, a, definirPlano } = await cenario();
    await definirPlano('Profissional');
    await uploadArquivo(t, (await createAdmin(t)).cookie, a.id, 'pdf', 'grande.pdf', pdfUnico(8 * MB));
    const raiz = path.join(t.dataDir, 'storage', 'laudos');
    const abertos = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(raiz);
        } catch {
          return false; // closed meanwhile
        }
      }).length;
    const ate = async (condicao: () => boolean, o_que: string) => {
      for (const limite = Date.now() + 10_000; !condicao(); ) {
        if (Date.now() > limite) throw new Error(`esperando: ${o_que}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const resposta = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port, path: '/api/exportacao/completa', headers: { cookie } }, resolve)
        .on('error', reject),
    );
    expect(resposta.statusCode).toBe(200);
    expect(Number(resposta.headers['content-length'])).toBeGreaterThan(8 * MB);
    // Not reading: the server waits with the big file open.
    // (The next file is opened ahead: the big one and at most one more.)
    await ate(() => abertos() >= 1, 'o arquivo grande aberto');
    expect(abertos()).toBeLessThanOrEqual(2);
    resposta.destroy();
    await ate(() => abertos() === 0, 'o arquivo fechado depois da desconexão');
  });
});
