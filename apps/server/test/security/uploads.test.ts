import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, laudos } from '../../src/db/schema.ts';
import { createAdmin, json } from '../helpers/accounts.ts';
import {
  clienteComSessao,
  criarLaudo,
  filesUnder,
  MB,
  pdf,
  png,
  uploadArquivo,
  uploadCapa,
  xlsx,
  zipBombXlsx,
} from '../helpers/security.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

/*
 * Security checklist, item 4: hostile uploads to a laudo's PDF and spreadsheet and to a blog cover.
 * Over the configured size (413 in Portuguese), content that is not what the slot takes (a text
 * .pdf, a PNG .xlsx, a .docx, a macro workbook, an SVG), a zip bomb dressed as .xlsx, and file names
 * with ../ or CR/LF. Each is refused or made harmless: nothing is written outside the data folder,
 * the download's Content-Disposition cannot be split, no file is left without a row pointing at it
 * and no row points at a missing file.
 */

let t: TestServer;
let cookie = '';
let adminCookie = '';
let storageRoot = '';

beforeAll(async () => {
  t = await createTestServer({ JOBS: 'off' });
  storageRoot = path.join(t.dataDir, 'storage', 'laudos');
  adminCookie = (await createAdmin(t)).cookie;
  cookie = (await clienteComSessao(t, { email: 'envios@acme.com.br', empresa: 'ACME' })).cookie;
  const settings = t.server.settings.get();
  await t.server.settings.update({ ...settings, limits: { ...settings.limits, maxFileSizeMb: 1 } });
});
afterAll(() => t?.close());

let seq = 0;
const novoLaudo = () => criarLaudo(t, cookie, { nome: 'Vaso', codigo: `UP-${++seq}`, tipo: 'NR-13' });

async function laudoAtual(id: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/laudos/${id}`, headers: { cookie } })).json()
    .laudo as {
    arquivo_pdf: string | null;
    arquivo_excel: string | null;
  };
}

const download = (id: string, tipo: 'pdf' | 'excel') =>
  t.app.inject({ method: 'GET', url: `/api/laudos/${id}/arquivos/${tipo}/download`, headers: { cookie } });

/** Every file in the data folder that is not the database's: all must sit under storage/laudos. */
function arquivosForaDoStorage(): string[] {
  return readdirSync(t.dataDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !f.startsWith(storageRoot + path.sep) && path.basename(f) !== 'auth-secret');
}

describe('security 4: upload attacks', () => {
  it('over the configured limit: 413 in Portuguese, nothing stored, the previous file kept', async () => {
    const laudo = await novoLaudo();
    const original = pdf(10_000);
    expect((await uploadArquivo(t, cookie, laudo.id, 'pdf', 'original.pdf', original)).statusCode).toBe(200);
    const antes = filesUnder(storageRoot);
    for (const [tipo, conteudo] of [
      ['pdf', pdf(MB + 1)],
      ['excel', Buffer.concat([await xlsx(), Buffer.alloc(MB)])],
    ] as const) {
      const res = await uploadArquivo(t, cookie, laudo.id, tipo, `grande.${tipo}`, conteudo);
      expect(res.statusCode, tipo).toBe(413);
      expect(res.json().error).toEqual({
        code: 'ARQUIVO_GRANDE_DEMAIS',
        message: 'Arquivo maior que o limite de 1 MB.',
      });
    }
    expect(filesUnder(storageRoot)).toEqual(antes);
    expect(await laudoAtual(laudo.id)).toMatchObject({ arquivo_pdf: 'original.pdf', arquivo_excel: null });
    expect((await download(laudo.id, 'pdf')).rawPayload.equals(original)).toBe(true);

    const post = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts',
      headers: json(adminCookie),
      payload: { titulo: 'Capa grande', resumo: 'x', conteudo: 'x' },
    });
    const imagem = await png();
    const capa = await uploadCapa(
      t,
      adminCookie,
      post.json().id,
      'capa.png',
      Buffer.concat([imagem, Buffer.alloc(5 * MB)]),
    );
    expect(capa.statusCode).toBe(413);
    expect(capa.json().error.message).toBe('Arquivo maior que o limite de 5 MB.');
  });

  it('content that is not what the slot takes is refused by its bytes, whatever its name', async () => {
    const laudo = await novoLaudo();
    const antes = filesUnder(storageRoot);
    const zipDeWord = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(200)]);
    const casos: [string, 'pdf' | 'excel', string, Buffer][] = [
      ['texto com nome .pdf', 'pdf', 'laudo.pdf', Buffer.from('isto não é um PDF\n'.repeat(100))],
      ['HTML com nome .pdf', 'pdf', 'laudo.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
      ['PNG com nome .xlsx', 'excel', 'planilha.xlsx', await png()],
      ['PDF no lugar da planilha', 'excel', 'planilha.xlsx', pdf(2000)],
      ['planilha no lugar do PDF', 'pdf', 'laudo.pdf', await xlsx()],
      ['zip qualquer com nome .xlsx', 'excel', 'planilha.xlsx', zipDeWord],
    ];
    for (const [caso, tipo, nome, conteudo] of casos) {
      const res = await uploadArquivo(t, cookie, laudo.id, tipo, nome, conteudo);
      expect(res.statusCode, caso).toBe(415);
      expect(res.json().error.message, caso).toBe(
        tipo === 'pdf'
          ? 'O arquivo enviado não é um PDF. Envie o laudo em PDF.'
          : 'O arquivo enviado não é uma planilha Excel (.xlsx ou .xls).',
      );
    }
    expect(filesUnder(storageRoot)).toEqual(antes);
    expect(await laudoAtual(laudo.id)).toMatchObject({ arquivo_pdf: null, arquivo_excel: null });

    const post = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts',
      headers: json(adminCookie),
      payload: { titulo: 'Capa falsa', resumo: 'x', conteudo: 'x' },
    });
    for (const [caso, nome, conteudo] of [
      ['texto com nome .png', 'capa.png', Buffer.from('não sou imagem')],
      ['PDF com nome .jpg', 'capa.jpg', pdf(2000)],
      [
        'SVG com script',
        'capa.png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      ],
    ] as const) {
      const res = await uploadCapa(t, adminCookie, post.json().id, nome, conteudo);
      expect(res.statusCode, caso).toBe(400);
      expect(res.json().error.message, caso).toMatch(/PNG, JPEG ou WebP/);
    }
    expect(filesUnder(storageRoot)).toEqual(antes);
  });

  it('a PDF that is also HTML is only ever served as a PDF, never sniffed', async () => {
    const laudo = await novoLaudo();
    const poliglota = Buffer.from(
      '%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n',
    );
    expect((await uploadArquivo(t, cookie, laudo.id, 'pdf', 'laudo.pdf', poliglota)).statusCode).toBe(200);
    const ver = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${laudo.id}/arquivos/pdf`,
      headers: { cookie },
    });
    expect(ver.headers['content-type']).toBe('application/pdf');
    expect(ver.headers['x-content-type-options']).toBe('nosniff');
    expect(ver.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('a zip bomb dressed as .xlsx (a few MB that unpack to 2 GB) is refused at upload, never unpacked', async () => {
    const settings = t.server.settings.get();
    await t.server.settings.update({ ...settings, limits: { ...settings.limits, maxFileSizeMb: 25 } });
    try {
      for (const [caso, bomba] of [
        ['tamanho declarado verdadeiro', zipBombXlsx({ gigabytes: 2 })],
        ['tamanho declarado mentiroso (1 KB)', zipBombXlsx({ gigabytes: 2, declaredSize: 1024 })],
      ] as const) {
        expect(bomba.length, caso).toBeLessThan(4 * MB);
        const laudo = await novoLaudo();
        const up = await uploadArquivo(t, cookie, laudo.id, 'excel', 'medicoes.xlsx', bomba);
        expect(up.statusCode, `${caso}: ${up.body}`).toBe(400);
        expect(up.json().error.code).toBe('PLANILHA_SUSPEITA');
        // Nothing kept, nothing referenced.
        const depois = await t.app.inject({
          method: 'GET',
          url: `/api/laudos/${laudo.id}`,
          headers: { cookie },
        });
        expect(depois.statusCode, caso).toBe(200);
        expect(depois.json().laudo.arquivo_excel_url, caso).toBeNull();
        const tabela = await t.app.inject({
          method: 'GET',
          url: `/api/laudos/${laudo.id}/arquivos/excel/tabela`,
          headers: { cookie },
        });
        expect(tabela.statusCode, caso).toBe(404);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.server.settings.update(settings);
    }
  });

  it('file names with ../ and CR/LF: stored under generated names, downloaded under a header that cannot be split', async () => {
    const laudo = await novoLaudo();
    const nomes: [string, Parameters<typeof uploadArquivo>[6]][] = [
      ['../../etc/passwd.pdf', {}],
      ['..\\..\\..\\windows\\win.ini.pdf', {}],
      ['/tmp/absoluto.pdf', {}],
      // A browser sends CR/LF in a name percent-encoded in filename* (RFC 5987); the parser decodes it.
      [
        'crlf',
        {
          disposition: `form-data; name="arquivo"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1%0D%0A%0D%0A.pdf`,
        },
      ],
      ['a\r\nSet-Cookie: x=1.pdf', {}],
      ['a"; filename="evil.pdf', {}],
      ['laudo\u202efdp.exe', {}],
    ];
    const problemas: string[] = [];
    for (const [nome, opcoes] of nomes) {
      const res = await uploadArquivo(t, cookie, laudo.id, 'pdf', nome, pdf(1500), opcoes);
      if (res.statusCode >= 500) problemas.push(`${JSON.stringify(nome)}: ${res.statusCode}`);
      if (res.statusCode !== 200) continue;
      const salvo = res.json().laudo.arquivo_pdf as string;
      if (/[/\\\r\n"\u202e]/.test(salvo) || salvo.startsWith('.'))
        problemas.push(`nome guardado ${JSON.stringify(salvo)}`);
      const dl = await download(laudo.id, 'pdf');
      const cd = String(dl.headers['content-disposition']);
      if (/[\r\n]/.test(cd)) problemas.push(`Content-Disposition com quebra: ${JSON.stringify(cd)}`);
      if (!/^attachment; filename="[^"]*"(; filename\*=UTF-8''[\w%.\-~!]+)?$/.test(cd))
        problemas.push(`Content-Disposition malformado: ${JSON.stringify(cd)}`);
      if (dl.headers['set-cookie'] !== undefined)
        problemas.push(`Set-Cookie injetado por ${JSON.stringify(nome)}`);
    }
    expect(problemas).toEqual([]);
    expect(await laudoAtual(laudo.id)).toMatchObject({ arquivo_pdf: expect.stringMatching(/\.(pdf|exe)$/) });
    expect(existsSync(path.resolve(storageRoot, '../../etc/passwd.pdf'))).toBe(false);
    expect(arquivosForaDoStorage().filter((f) => !f.includes(`${path.sep}db${path.sep}`))).toEqual([]);
    // Stored names are always generated: <laudo id>/<pdf|excel>-<uuid>.<ext>, or blog/<post>/capa-<uuid>.webp.
    for (const key of Object.keys(filesUnder(storageRoot)))
      expect(key).toMatch(
        /^([0-9a-f-]{36}\/(pdf|excel)-[0-9a-f-]{36}\.(pdf|xlsx|xls)|blog\/[0-9a-f-]{36}\/capa-[0-9a-f-]{36}\.webp)$/,
      );
  });

  it('after all of the above, every stored file has a row pointing at it and every row’s file exists', async () => {
    const db = t.server.database.db;
    const linhas = await db
      .select({ pdf: laudos.arquivoPdf, excel: laudos.arquivoExcel })
      .from(laudos)
      .where(isNotNull(laudos.id));
    const capas = await db
      .select({ key: blogPosts.capaKey })
      .from(blogPosts)
      .where(isNotNull(blogPosts.capaKey));
    const referenciados = [...linhas.flatMap((l) => [l.pdf, l.excel]), ...capas.map((c) => c.key)]
      .filter((k): k is string => Boolean(k))
      .sort();
    expect(Object.keys(filesUnder(storageRoot)).sort()).toEqual(referenciados);
  });
});
