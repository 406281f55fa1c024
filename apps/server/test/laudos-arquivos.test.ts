import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { planos } from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json } from './helpers/accounts.ts';
import { createTestBucket, type TestBucket } from './helpers/s3.ts';
import {
  multipart,
  pdf,
  png,
  renovarLaudoDeTeste,
  uploadArquivo,
  uploadCapa,
  xlsx as xlsxDeTeste,
} from './helpers/security.ts';
import { createTestServer, signIn, TEST_ORIGIN, type TestServer } from './helpers/server.ts';

let t: TestServer | undefined;
let bucket: TestBucket | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  await bucket?.destroy();
  bucket = undefined;
});

const xlsx = () =>
  xlsxDeTeste([
    ['Ponto', 'Espessura (mm)', 'Data'],
    ['Costado A', 12.5, new Date(Date.UTC(2026, 10, 20))],
  ]);

/**
 * A server storing on `backend`: the local disk, or a fresh bucket in the run's Swift (decision 038).
 * `stored()` lists what the storage holds (on S3 an open multipart upload counts too).
 */
async function setup(backend: 'disco' | 's3' = 'disco') {
  if (backend === 's3') bucket = await createTestBucket();
  t = await createTestServer({ JOBS: 'off', ...bucket?.env });
  const a = await createUser(t, { email: 'a@acme.com.br', empresa: 'ACME', empresaConfirmada: true });
  const b = await createUser(t, { email: 'b@beta.com.br', empresa: 'Beta', empresaConfirmada: true });
  const cookieA = await signIn(t.app, a.email, a.password);
  const cookieB = await signIn(t.app, b.email, b.password);
  const laudo = (
    await t.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: json(cookieA),
      payload: { nome: 'Caldeira', codigo: 'C-1', tipo: 'NR-13' },
    })
  ).json().laudo;
  // A small limit keeps the test fast: 1 MB.
  await t.server.settings.update({
    ...t.server.settings.get(),
    limits: { ...t.server.settings.get().limits, maxFileSizeMb: 1 },
  });
  const storageRoot = path.join(t.dataDir, 'storage', 'laudos');
  const emS3 = bucket;
  const stored = async () => {
    if (!emS3) return filesUnder(storageRoot);
    const open = await emS3.openUploads();
    return [...(await emS3.keys()), ...(open ? [`multipart abertos: ${open}`] : [])];
  };
  return { t, cookieA, cookieB, laudo, storageRoot, stored };
}

const upload = uploadArquivo;

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe.each(['disco', 's3'] as const)('laudo files (armazenamento em %s)', (backend) => {
  it('exactly the limit passes; one byte more is 413 and leaves no file', async () => {
    const { t, cookieA, laudo, stored } = await setup(backend);
    const limit = 1024 * 1024;
    const over = await upload(t, cookieA, laudo.id, 'pdf', 'grande.pdf', pdf(limit + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual({
      code: 'ARQUIVO_GRANDE_DEMAIS',
      message: 'Arquivo maior que o limite de 1 MB.',
    });
    expect(await stored()).toEqual([]);
    const exact = await upload(t, cookieA, laudo.id, 'pdf', 'exato.pdf', pdf(limit));
    expect(exact.statusCode).toBe(200);
    expect(exact.json().laudo).toMatchObject({
      arquivo_pdf: 'exato.pdf',
      arquivo_pdf_url: `/api/laudos/${laudo.id}/arquivos/pdf`,
    });
    expect(await stored()).toHaveLength(1);
  });

  it('checks the type by content: an executable named .pdf is refused', async () => {
    const { t, cookieA, laudo, stored } = await setup(backend);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2000)]);
    const res = await upload(t, cookieA, laudo.id, 'pdf', 'laudo.pdf', elf);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('O arquivo enviado não é um PDF. Envie o laudo em PDF.');
    const pdfAsExcel = await upload(t, cookieA, laudo.id, 'excel', 'planilha.xlsx', pdf(500));
    expect(pdfAsExcel.statusCode).toBe(415);
    expect(await stored()).toEqual([]);
  });

  it('views inline, downloads with the original name, previews Excel, replaces and removes', async () => {
    const { t, cookieA, laudo, stored } = await setup(backend);
    const content = pdf(3000);
    await upload(t, cookieA, laudo.id, 'pdf', 'laudo-caldeira.pdf', content);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${laudo.id}/arquivos/pdf`,
      headers: { cookie: cookieA },
    });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-disposition']).toMatch(/^inline; filename="laudo-caldeira\.pdf"/);
    expect(view.rawPayload.equals(content)).toBe(true);
    expect(view.headers['accept-ranges']).toBe('bytes');
    // A viewer asking for a part of the file (PDF.js, a resumed download) gets just those bytes.
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${laudo.id}/arquivos/pdf`,
      headers: { cookie: cookieA, range: 'bytes=100-1099' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-1099/3000');
    expect(part.rawPayload.equals(content.subarray(100, 1100))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${laudo.id}/arquivos/pdf`,
      headers: { cookie: cookieA, range: 'bytes=3000-' },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */3000');
    expect(beyond.json().error.code).toBe('INTERVALO_FORA_DO_ARQUIVO');

    const sheet = await xlsx();
    const up = await upload(t, cookieA, laudo.id, 'excel', 'medições.xlsx', sheet);
    expect(up.statusCode).toBe(200);
    const table = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${laudo.id}/arquivos/excel/tabela`,
      headers: { cookie: cookieA },
    });
    expect(table.json()).toMatchObject({ sheetName: 'Medições', truncated: false });
    expect(table.json().rows[1]).toEqual(['Costado A', '12,5', '20/11/2026']);
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${laudo.id}/arquivos/excel/download`,
      headers: { cookie: cookieA },
    });
    expect(dl.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(dl.rawPayload.equals(sheet)).toBe(true);

    // /documentos lists only laudos with files.
    await t.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: json(cookieA),
      payload: { nome: 'Sem arquivo', codigo: 'S-0', tipo: 'NR-12' },
    });
    const docs = await t.app.inject({
      method: 'GET',
      url: '/api/laudos?comArquivos=true',
      headers: { cookie: cookieA },
    });
    expect(docs.json().laudos.map((l: { codigo: string }) => l.codigo)).toEqual(['C-1']);

    // Replacing removes the old file.
    await upload(t, cookieA, laudo.id, 'pdf', 'novo.pdf', pdf(1500));
    expect(await stored()).toHaveLength(2);
    const rm = await t.app.inject({
      method: 'DELETE',
      url: `/api/laudos/${laudo.id}/arquivos/pdf`,
      headers: json(cookieA),
    });
    expect(rm.json().laudo.arquivo_pdf).toBeNull();
    expect(await stored()).toHaveLength(1);
    // Deleting the laudo removes its files.
    await t.app.inject({ method: 'DELETE', url: `/api/laudos/${laudo.id}`, headers: json(cookieA) });
    expect(await stored()).toEqual([]);
  });

  it('two concurrent uploads to one laudo leave one consistent file', async () => {
    const { t, cookieA, laudo, stored } = await setup(backend);
    const one = pdf(200_000);
    const two = Buffer.concat([pdf(100), Buffer.alloc(300_000, 0x41)]);
    const results = await Promise.all([
      upload(t, cookieA, laudo.id, 'pdf', 'um.pdf', one),
      upload(t, cookieA, laudo.id, 'pdf', 'dois.pdf', two),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await stored()).toHaveLength(1);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${laudo.id}/arquivos/pdf/download`,
      headers: { cookie: cookieA },
    });
    const name = (
      await t.app.inject({ method: 'GET', url: `/api/laudos/${laudo.id}`, headers: { cookie: cookieA } })
    ).json().laudo.arquivo_pdf;
    expect(view.rawPayload.equals(name === 'um.pdf' ? one : two)).toBe(true);
  });
});

describe('laudo files', () => {
  it('a file name with ../ or control characters is harmless', async () => {
    const { t, cookieA, laudo, storageRoot } = await setup();
    const res = await upload(t, cookieA, laudo.id, 'pdf', '../../etc/rel\u0007atório.pdf', pdf(2000));
    expect(res.statusCode).toBe(200);
    expect(res.json().laudo.arquivo_pdf).toBe('relatório.pdf');
    const files = filesUnder(storageRoot);
    expect(files).toHaveLength(1);
    expect(files[0]!.startsWith(storageRoot + path.sep)).toBe(true);
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${laudo.id}/arquivos/pdf/download`,
      headers: { cookie: cookieA },
    });
    expect(dl.headers['content-disposition']).toContain('attachment');
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''relat%C3%B3rio.pdf");
    expect(String(dl.headers['content-disposition'])).not.toMatch(/[\r\n]|\.\.\//);
  });

  it("deleting a user keeps their company's laudos and files; a person with no company takes theirs along", async () => {
    const { t, cookieA, laudo, storageRoot } = await setup();
    await upload(t, cookieA, laudo.id, 'pdf', 'a.pdf', pdf(1000));
    expect(filesUnder(storageRoot)).toHaveLength(1);
    const admin = await createAdmin(t);
    const excluir = async (cookie: string) => {
      const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/usuarios/${me.id}`,
        headers: json(admin.cookie),
      });
      expect(del.statusCode, del.body).toBe(204);
    };
    const lido = (id: string) =>
      t.app.inject({ method: 'GET', url: `/api/laudos/${id}`, headers: { cookie: admin.cookie } });
    // A's laudo is ACME's (issue 17): it stays, with its file.
    await excluir(cookieA);
    expect((await lido(laudo.id)).statusCode).toBe(200);
    expect(filesUnder(storageRoot)).toHaveLength(1);

    // Someone with no company: the laudos they created go, and their files.
    const sozinho = await createUser(t, { email: 'sozinho@autonomo.test' });
    const cookieS = await signIn(t.app, sozinho.email, sozinho.password);
    const seu = (
      await t.app.inject({
        method: 'POST',
        url: '/api/laudos',
        headers: json(cookieS),
        payload: { nome: 'Compressor', codigo: 'S-1', tipo: 'NR-13' },
      })
    ).json().laudo;
    await upload(t, cookieS, seu.id, 'pdf', 's.pdf', pdf(1000));
    // Renewed with a new PDF (decision 030): version 1's PDF stays in the history, and goes too.
    const renovado = await renovarLaudoDeTeste(
      t,
      cookieS,
      seu.id,
      { codigo: 'S-1', dataVencimento: '2030-01-01' },
      { pdf: ['s2.pdf', pdf(1100)] },
    );
    expect(renovado.statusCode, renovado.body).toBe(200);
    expect(filesUnder(storageRoot)).toHaveLength(3);
    await excluir(cookieS);
    expect((await lido(seu.id)).statusCode).toBe(404);
    expect(filesUnder(storageRoot)).toHaveLength(1);
  });

  it("another client cannot upload to, view, download or remove someone else's files", async () => {
    const { t, cookieA, cookieB, laudo } = await setup();
    await upload(t, cookieA, laudo.id, 'pdf', 'a.pdf', pdf(1000));
    for (const [method, url] of [
      ['GET', `/api/laudos/${laudo.id}/arquivos/pdf`],
      ['GET', `/api/laudos/${laudo.id}/arquivos/pdf/download`],
      ['DELETE', `/api/laudos/${laudo.id}/arquivos/pdf`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: json(cookieB) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await upload(t, cookieB, laudo.id, 'pdf', 'b.pdf', pdf(1000))).statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: `/api/laudos/${laudo.id}/arquivos/pdf` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('the other files on S3: blog covers, company logos, support attachments', () => {
  it('go to the bucket, are served from it, and a removed cover or logo leaves no object', async () => {
    bucket = await createTestBucket();
    t = await createTestServer({ JOBS: 'off', ...bucket.env });
    const db = t.server.database.db;
    const [empresarial] = await db
      .select({ id: planos.id })
      .from(planos)
      .where(eq(planos.nome, 'Empresarial'));
    const empresaId = await empresaDeTeste(t, 'Hotel Açaí', { planoId: empresarial!.id });
    const admin = await createAdmin(t);
    const gestor = await createUser(t, { email: 'gestor@acai.com.br', empresaId, papel: 'gestor' });
    const cookie = await signIn(t.app, gestor.email, gestor.password);
    const pedir = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      c: string,
      body?: { contentType: string; payload: Buffer } | object,
    ) =>
      t!.app.inject({
        method,
        url,
        headers: {
          cookie: c,
          origin: TEST_ORIGIN,
          ...(body && 'contentType' in body ? { 'content-type': body.contentType as string } : {}),
        },
        ...(body ? { payload: 'payload' in body ? (body.payload as Buffer) : body } : {}),
      });
    const noBucket = async () => (await bucket!.keys()).filter((k) => !k.startsWith('staging/'));

    // The blog cover.
    const post = (
      await pedir('POST', '/api/admin/blog/posts', admin.cookie, {
        titulo: 'Inspeção de Caldeiras',
        resumo: 'O que a NR-13 pede.',
        conteudo: 'Texto.',
      })
    ).json();
    const capa = await uploadCapa(t, admin.cookie, post.id, 'capa.png', await png(800, 600), {
      contentType: 'image/png',
    });
    expect(capa.statusCode, capa.body).toBe(200);
    const servidaCapa = await pedir('GET', capa.json().capa.url, admin.cookie);
    expect(servidaCapa.statusCode).toBe(200);
    expect(servidaCapa.headers['content-type']).toMatch(/^image\//);
    expect(await noBucket()).toHaveLength(1);

    // The company's logo.
    const logo = await pedir('PUT', '/api/empresa/marca/logo', cookie, multipart('logo.png', await png()));
    expect(logo.statusCode, logo.body).toBe(200);
    const servidoLogo = await pedir('GET', logo.json().logoUrl, cookie);
    expect(servidoLogo.statusCode).toBe(200);
    expect(servidoLogo.headers['content-type']).toBe('image/png');
    expect(await noBucket()).toHaveLength(2);

    // A support attachment, read back byte for byte.
    const aberto = await pedir('POST', '/api/suporte/chamados', cookie, {
      assunto: 'Dúvida',
      mensagem: 'Quando vence?',
    });
    expect(aberto.statusCode, aberto.body).toBe(201);
    const { chamado, mensagemId } = aberto.json();
    const arquivo = pdf(3000);
    const anexoUrl = `/api/suporte/chamados/${chamado.id}/mensagens/${mensagemId}/anexo`;
    expect((await pedir('POST', anexoUrl, cookie, multipart('placa.pdf', arquivo))).statusCode).toBe(200);
    const anexo = await pedir('GET', anexoUrl, cookie);
    expect(anexo.statusCode).toBe(200);
    expect(anexo.rawPayload.equals(arquivo)).toBe(true);
    expect(await noBucket()).toHaveLength(3);

    // Removing the cover and the logo removes their objects; the attachment stays.
    expect((await pedir('DELETE', `/api/admin/blog/posts/${post.id}/capa`, admin.cookie)).statusCode).toBe(
      200,
    );
    expect((await pedir('DELETE', '/api/empresa/marca/logo', cookie)).statusCode).toBe(200);
    expect(await noBucket()).toHaveLength(1);
    expect((await pedir('GET', anexoUrl, cookie)).rawPayload.equals(arquivo)).toBe(true);
  });
});
