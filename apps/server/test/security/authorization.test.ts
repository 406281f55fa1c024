import path from 'node:path';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditoria,
  calendarioFeeds,
  emailLogs,
  empresas,
  notificationRules,
  pedidosEmpresa,
  planos,
} from '../../src/db/schema.ts';
import { criarCalendario } from '../../src/modules/calendario/service.ts';
import { assinarDescadastro } from '../../src/modules/preferencias/link.ts';
import { createAdmin, createUser, json } from '../helpers/accounts.ts';
import { loadOperations, type Operation } from '../helpers/openapi.ts';
import {
  changedTables,
  clienteComSessao,
  corpoDeRenovacao,
  criarLaudoComArquivos,
  dbFingerprint,
  filesUnder,
  importacaoDeTeste,
  multipart,
  pdf,
  png,
  registrosDaEquipe,
  renovarLaudoDeTeste,
  respostaDeTeste,
  supressaoDeTeste,
  uploadCapa,
  xlsx,
} from '../helpers/security.ts';
import { createTestServer, TEST_ORIGIN } from '../helpers/server.ts';

/*
 * Security checklist, item 1: the authorization sweep. test/authorization-sweep.test.ts walks
 * openapi.json with placeholder ids; this one checks that the file and blog routes are in that
 * walk, then walks it again with REAL records (a client's laudo with its PDF and spreadsheet, a
 * draft post with a cover, a user, a plan, a rule, an e-mail, the owner's company with a colleague
 * and a pending invitation, a request to join), so a missing check cannot hide behind a 404 for an
 * id that does not exist: a visitor gets 401, another client 403 on admin routes and 404 on the
 * owner's laudo and team, and neither changes a row or a file.
 */

const t = await createTestServer({ JOBS: 'off' });
const operations = await loadOperations(t);
afterAll(() => t.close());

let adminCookie = '';
let dono: Awaited<ReturnType<typeof clienteComSessao>>;
let outro: Awaited<ReturnType<typeof clienteComSessao>>;
let reais: Record<string, string> = {};
let publicado = { id: '', slug: '' };

beforeAll(async () => {
  const db = t.server.database.db;
  adminCookie = (await createAdmin(t)).cookie;
  dono = await clienteComSessao(t, { email: 'dono@acme.com.br', empresa: 'ACME' });
  outro = await clienteComSessao(t, { email: 'outro@beta.com.br', empresa: 'Beta' });
  // The other client's plan has every paid feature: a paid route of the owner's company (its API
  // keys) must answer 404 for what it is, not just be stopped by the plan.
  const [empresarial] = await db.select().from(planos).where(eq(planos.nome, 'Empresarial'));
  await db.update(empresas).set({ planoId: empresarial!.id }).where(eq(empresas.id, outro.empresaId!));
  const laudo = await criarLaudoComArquivos(t, dono.cookie, {
    nome: 'Caldeira',
    codigo: 'AUT-1',
    tipo: 'NR-13',
  });
  const post = async (titulo: string, publicar: boolean) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts',
      headers: json(adminCookie),
      payload: { titulo, resumo: 'Resumo', conteudo: 'Texto', publicado: publicar },
    });
    const criado = res.json() as { id: string; slug: string };
    expect((await uploadCapa(t, adminCookie, criado.id, 'capa.png', await png())).statusCode).toBe(200);
    return criado;
  };
  const rascunho = await post('Rascunho interno', false);
  publicado = await post('Post publicado', true);
  const [plano] = await db.select().from(planos).limit(1);
  const [regra] = await db.select().from(notificationRules).limit(1);
  const [email] = await db.select().from(emailLogs).limit(1);
  const pedinte = await createUser(t, {
    email: 'pede@gama.com.br',
    empresa: 'Gama',
    empresaConfirmada: false,
  });
  const [pedido] = await db.select().from(pedidosEmpresa).where(eq(pedidosEmpresa.usuarioId, pedinte.id));
  // The laudo renewed once (decision 030): its version 1 and that version's files are real.
  const renovado = await renovarLaudoDeTeste(
    t,
    dono.cookie,
    laudo.id,
    { codigo: laudo.codigo, dataVencimento: '2099-12-31' },
    { pdf: ['renovado.pdf', pdf(2500)], excel: ['renovado.xlsx', await xlsx()] },
  );
  expect(renovado.statusCode, renovado.body).toBe(200);
  reais = {
    '/api/laudos/{id}': laudo.id,
    '/api/laudos/{id}/versoes/{numero}': '1',
    '/api/admin/empresas/{id}': dono.empresaId!,
    '/api/admin/pedidos-empresa/{id}': pedido!.id,
    '/api/admin/usuarios/{id}': dono.id,
    '/api/admin/planos/{id}': plano!.id,
    '/api/admin/tipos-laudo/{nome}': 'Elevadores',
    '/api/admin/email/templates/{type}': 'laudo_criado',
    '/api/admin/email/mensagens/{id}': email!.id,
    '/api/admin/email/supressoes/{id}': await supressaoDeTeste(t),
    '/api/admin/notificacoes/regras/{id}': regra!.id,
    '/api/admin/blog/posts/{id}': rascunho.id,
    '/api/admin/auditoria/{id}': (await db.select({ id: auditoria.id }).from(auditoria).limit(1))[0]!.id,
    // The owner's company's spreadsheet import (decision 047).
    '/api/importacoes/{id}': await importacaoDeTeste(t, dono.empresaId!),
    '/api/blog/posts/{id}': rascunho.id,
    '/api/blog/posts/{idOuSlug}': rascunho.slug,
    // Better Auth's catch-all, exercised through a session read.
    '/api/auth/{*}': 'get-session',
    ...(await registrosDaEquipe(t, dono.empresaId!)),
    // A reminder's signed link is its own credential: a live one records an answer by design
    // (respostas.test.ts). Here, a renewed laudo's old link, which must change nothing.
    '/api/respostas/{token}': await respostaDeTeste(t, dono.empresaId!, { renovado: true }),
    // The owner's live calendar feed (issue 20): public by design (the token is the credential),
    // it only reads; the other client's POST/DELETE /api/calendario act on their own link only.
    '/api/calendario/{arquivo}': (await criarCalendario(db, dono.id, t.config.publicUrl)).url
      .split('/')
      .pop()!,
    // An unsubscribe link is its own credential too (preferencias.test.ts): here one signed with
    // another secret, well formed, which must change nothing.
    '/api/descadastro/{token}': assinarDescadastro('outro-segredo', dono.id, 'lembrete_antes'),
  };
});

/** The operation's URL with real records in it, or undefined when no record is known for a parameter. */
function urlReal(op: Operation): string | undefined {
  let missing = false;
  const url = op.path.replace(/\{([^}]+)\}/g, (whole, name: string, offset: number) => {
    const values = op.pathParams.find((p) => p.name === name)?.schema.enum;
    if (values?.length) return String(values[0]);
    const value = reais[`${op.path.slice(0, offset)}${whole}`];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? undefined : url;
}

/** A body that would do something if accepted: a real file for the upload routes, JSON otherwise. */
async function chamar(op: Operation, url: string, cookie?: string) {
  let body: { payload: Buffer | string; contentType: string } | undefined;
  if (op.label === 'POST /api/laudos/{id}/arquivos/{tipo}') body = multipart('novo.pdf', pdf(2000));
  else if (op.label === 'POST /api/laudos/{id}/renovar')
    body = corpoDeRenovacao(
      { codigo: 'RENOVADO-DE-FORA', dataVencimento: '2100-01-01' },
      { pdf: ['novo.pdf', pdf(2000)] },
    );
  else if (op.label === 'PUT /api/admin/blog/posts/{id}/capa') body = multipart('nova.png', await png());
  else if (op.label === 'POST /api/suporte/chamados/{id}/mensagens/{mensagemId}/anexo')
    body = multipart('anexo.pdf', pdf(2000));
  else if (op.label === 'POST /api/suporte/chamados/{id}/mensagens')
    body = { payload: JSON.stringify({ mensagem: 'De fora' }), contentType: 'application/json' };
  else if (op.label === 'PUT /api/admin/empresas/{id}/marca/logo') body = multipart('logo.png', await png());
  else if (op.label.startsWith('POST /api/equipamentos/importacao')) {
    // A real sheet aimed at the owner's company.
    const b = '----importacaodeoutro';
    body = {
      payload: `--${b}\r\nContent-Disposition: form-data; name="empresaId"\r\n\r\n${dono.empresaId}\r\n--${b}\r\nContent-Disposition: form-data; name="arquivo"; filename="equipamentos.csv"\r\nContent-Type: text/csv\r\n\r\nTAG;Tipo\r\nDE-FORA-1;Tanque\r\n--${b}--\r\n`,
      contentType: `multipart/form-data; boundary=${b}`,
    };
  } else if (!['GET', 'DELETE'].includes(op.method))
    body = { payload: '{}', contentType: 'application/json' };
  return t.app.inject({
    method: op.method,
    url,
    headers: {
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': body.contentType } : {}),
    },
    ...(body ? { payload: body.payload } : {}),
  });
}

describe('security 1: authorization sweep', () => {
  it('openapi.json lists the file and blog routes, each with its x-access', () => {
    const acesso = Object.fromEntries(operations.map((op) => [op.label, op.access]));
    expect(acesso).toMatchObject({
      'POST /api/laudos/{id}/arquivos/{tipo}': 'user',
      'GET /api/laudos/{id}/arquivos/{tipo}': 'user',
      'GET /api/laudos/{id}/arquivos/{tipo}/download': 'user',
      'GET /api/laudos/{id}/arquivos/excel/tabela': 'user',
      'DELETE /api/laudos/{id}/arquivos/{tipo}': 'user',
      'GET /api/blog/posts': 'public',
      'GET /api/blog/posts/{idOuSlug}': 'public',
      'GET /api/blog/posts/{id}/capa': 'public',
      'GET /api/admin/blog/posts': 'admin',
      'POST /api/admin/blog/posts': 'admin',
      'GET /api/admin/blog/posts/{id}': 'admin',
      'PUT /api/admin/blog/posts/{id}': 'admin',
      'DELETE /api/admin/blog/posts/{id}': 'admin',
      'POST /api/admin/blog/posts/{id}/publicar': 'admin',
      'POST /api/admin/blog/posts/{id}/despublicar': 'admin',
      'PUT /api/admin/blog/posts/{id}/capa': 'admin',
      'DELETE /api/admin/blog/posts/{id}/capa': 'admin',
      'POST /api/admin/blog/preview': 'admin',
    });
    for (const op of operations) expect(['public', 'user', 'admin'], op.label).toContain(op.access);
  });

  it('with real records, a visitor gets 401 and another client 403 (admin routes) or 404 (the owner’s laudo); nothing changes', async () => {
    const semRegistro = operations.filter((op) => !urlReal(op)).map((op) => op.label);
    expect(semRegistro, 'rotas sem registro real para o teste (acrescente em `reais`)').toEqual([]);

    const storage = path.join(t.dataDir, 'storage', 'laudos');
    const arquivosAntes = filesUnder(storage);
    const bancoAntes = await dbFingerprint(t);
    const db = t.server.database.db;
    const linksDosOutros = () =>
      db.select().from(calendarioFeeds).where(ne(calendarioFeeds.usuarioId, outro.id));
    const linksAntes = await linksDosOutros();
    const problemas: string[] = [];
    for (const op of operations) {
      // Ending sessions is its own test (cross-origin.test.ts); here it would end the sweep's own.
      if (op.path === '/api/auth/{*}' && op.method === 'POST') continue;
      const url = urlReal(op)!;
      const visitante = await chamar(op, url);
      const cliente = await chamar(op, url, outro.cookie);
      if (op.access !== 'public') {
        if (visitante.statusCode !== 401 || visitante.json().error?.code !== 'NAO_AUTENTICADO')
          problemas.push(`${op.label}: visitante recebeu ${visitante.statusCode}`);
      }
      if (op.access === 'admin' && cliente.statusCode !== 403)
        problemas.push(`${op.label}: outro cliente recebeu ${cliente.statusCode}`);
      if (op.access === 'user' && op.path.startsWith('/api/laudos/{id}') && cliente.statusCode !== 404)
        problemas.push(`${op.label}: outro cliente recebeu ${cliente.statusCode} no laudo do dono`);
      if (
        op.access === 'user' &&
        op.path.startsWith('/api/suporte/chamados/{id}') &&
        cliente.statusCode !== 404
      )
        problemas.push(`${op.label}: outro cliente recebeu ${cliente.statusCode} no chamado do dono`);
      // Another company's import: 403 when their plan lacks the feature, 404 otherwise (400 for a
      // body the route's schema refuses before looking), never its data.
      if (
        op.path.startsWith('/api/equipamentos/importacao') &&
        op.method === 'POST' &&
        ![403, 404].includes(cliente.statusCode)
      )
        problemas.push(
          `${op.label}: outro cliente recebeu ${cliente.statusCode} ao importar na empresa do dono`,
        );
      if (op.path.startsWith('/api/importacoes/{id}') && ![400, 403, 404].includes(cliente.statusCode))
        problemas.push(`${op.label}: outro cliente recebeu ${cliente.statusCode} na importação do dono`);
      if (op.access === 'user' && op.path.startsWith('/api/avisos/{id}') && cliente.statusCode !== 404)
        problemas.push(`${op.label}: outro cliente recebeu ${cliente.statusCode} no aviso de outra pessoa`);
      if (op.access === 'user' && /^\/api\/empresa\/.*\{/.test(op.path) && cliente.statusCode !== 404)
        problemas.push(
          `${op.label}: o gestor de outra empresa recebeu ${cliente.statusCode} na equipe do dono`,
        );
      // A paid feature refuses a client whose plan lacks it, with that code only (issue 18).
      const foraDoPlano =
        op.recurso && cliente.statusCode === 403 && cliente.json().error.code === 'RECURSO_FORA_DO_PLANO';
      if (
        op.access === 'user' &&
        [401, 403].includes(cliente.statusCode) &&
        !op.path.includes('{') &&
        !foraDoPlano
      )
        problemas.push(`${op.label}: cliente recebeu ${cliente.statusCode}`);
      for (const [quem, res] of [
        ['visitante', visitante],
        ['outro cliente', cliente],
      ] as const) {
        if (res.statusCode >= 500) problemas.push(`${op.label} como ${quem}: ${res.statusCode}`);
      }
    }
    expect(problemas).toEqual([]);
    // POST /api/calendario gave the other client a link of their own: the one change allowed, and
    // nobody else's link moved.
    const alteradas = changedTables(bancoAntes, await dbFingerprint(t));
    expect(
      alteradas.filter((tabela) => tabela !== 'calendario_feeds'),
      'tabelas alteradas',
    ).toEqual([]);
    expect(await linksDosOutros(), 'links de calendário de outras pessoas').toEqual(linksAntes);
    expect(filesUnder(storage), 'arquivos').toEqual(arquivosAntes);
  });

  it('the owner and the admin do reach the files; a draft’s cover and page exist only for the admin', async () => {
    const laudo = reais['/api/laudos/{id}'];
    for (const cookie of [dono.cookie, adminCookie]) {
      for (const url of [
        `/api/laudos/${laudo}/arquivos/pdf`,
        `/api/laudos/${laudo}/arquivos/pdf/download`,
        `/api/laudos/${laudo}/arquivos/excel/tabela`,
        `/api/laudos/${laudo}/versoes`,
        `/api/laudos/${laudo}/versoes/1/arquivos/pdf/download`,
      ]) {
        expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode, url).toBe(200);
      }
    }
    const rascunho = reais['/api/admin/blog/posts/{id}'];
    const capa = `/api/blog/posts/${rascunho}/capa`;
    expect((await t.app.inject({ method: 'GET', url: capa })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: capa, headers: { cookie: outro.cookie } })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: capa, headers: { cookie: adminCookie } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/posts/${rascunho}` })).statusCode).toBe(404);
    const capaPublica = await t.app.inject({ method: 'GET', url: `/api/blog/posts/${publicado.id}/capa` });
    expect(capaPublica.statusCode).toBe(200);
    expect(capaPublica.headers['content-type']).toBe('image/webp');
    const lista = (await t.app.inject({ method: 'GET', url: '/api/blog/posts' })).json();
    expect(lista.posts.map((p: { id: string }) => p.id)).toEqual([publicado.id]);
  });

  it('a client cannot replace or remove a blog cover, nor upload to a laudo by changing the type in the path', async () => {
    const rascunho = reais['/api/admin/blog/posts/{id}'];
    const put = await uploadCapa(t, outro.cookie, rascunho!, 'x.png', await png());
    expect(put.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blog/posts/${rascunho}/capa`,
      headers: json(outro.cookie),
    });
    expect(del.statusCode).toBe(403);
    const laudo = reais['/api/laudos/{id}'];
    const excel = multipart('x.xlsx', await xlsx());
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/laudos/${laudo}/arquivos/excel`,
      headers: { cookie: outro.cookie, origin: TEST_ORIGIN, 'content-type': excel.contentType },
      payload: excel.payload,
    });
    expect(up.statusCode).toBe(404);
  });
});
