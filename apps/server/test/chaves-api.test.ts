import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { apiKeys, empresas, laudos } from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json, planoChamado } from './helpers/accounts.ts';
import { multipart, pdf } from './helpers/security.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

/**
 * Issue 18, `api_access` (decision 024): a company's API keys, made by its gestor or an admin,
 * shown once and kept as a hash, reach its laudos — and nothing else — while its plan includes the
 * feature. (Every route of the document is swept with a key in authorization-sweep.test.ts.)
 */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function cenario(env: Record<string, string> = {}) {
  t = await createTestServer({ JOBS: 'off', ...env });
  const empresarial = await planoChamado(t, 'Empresarial');
  const empresaId = await empresaDeTeste(t, 'Usina Integrada', { planoId: empresarial });
  const outraId = await empresaDeTeste(t, 'Outra Usina', { planoId: empresarial });
  const admin = await createAdmin(t);
  const gestor = await createUser(t, { email: 'gestor@integrada.com.br', empresaId, papel: 'gestor' });
  const membro = await createUser(t, { email: 'membro@integrada.com.br', empresaId, papel: 'membro' });
  const cookie = await signIn(t.app, gestor.email, gestor.password);
  const cookieMembro = await signIn(t.app, membro.email, membro.password);
  for (const [codigo, id] of [
    ['INT-1', empresaId],
    ['OUT-1', outraId],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: json(admin.cookie),
      payload: { nome: `Caldeira ${codigo}`, codigo, tipo: 'NR-13', empresaId: id },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return { t, admin, cookie, cookieMembro, empresaId, outraId, membro };
}

async function novaChave(t: TestServer, cookie: string, url = '/api/empresa/chaves-api', nome = 'ERP') {
  const res = await t.app.inject({ method: 'POST', url, headers: json(cookie), payload: { nome } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { chave: { id: string; prefixo: string }; segredo: string };
}

/** Every row of every table of the product, as text. */
async function todoOBanco(t: TestServer): Promise<string> {
  const db = t.server.database.db;
  const tabelas = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const partes = tabelas.rows.map(
    ({ table_name }) => `select coalesce(string_agg(x::text, '|'), '') as linhas from "${table_name}" x`,
  );
  const res = (await db.execute(sql.raw(partes.join(' union all ')))) as unknown as {
    rows: { linhas: string }[];
  };
  return res.rows.map((r) => r.linhas).join('\n');
}

/** A call as a script makes it: curl sends no Origin and no cookie. */
const comChave = (t: TestServer, chave: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      authorization: `Bearer ${chave}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

describe('API keys', () => {
  it('the gestor makes a key shown once and kept only as its hash; it lists, creates and files laudos of its company only', async () => {
    const { t, cookie, cookieMembro, empresaId, membro } = await cenario();
    const db = t.server.database.db;

    await novaChave(t, cookie);
    const semNome = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/chaves-api',
      headers: json(cookie),
      payload: { nome: '  ' },
    });
    expect(semNome.statusCode).toBe(400);
    expect(semNome.json().error.campos).toEqual([
      { campo: 'nome', mensagem: 'Informe o nome da chave (por exemplo, "Integração do ERP").' },
    ]);

    const { chave, segredo } = await novaChave(t, cookie, undefined, 'Integração do ERP');
    expect(segredo).toMatch(/^laudos_[A-Za-z0-9_-]{43}$/);
    expect(chave.prefixo).toBe(segredo.slice(0, 11));
    // Hashed at rest: the key itself is in no row of any table.
    const tudo = await todoOBanco(t);
    expect(tudo).toContain(chave.prefixo);
    expect(tudo).not.toContain(segredo.slice(7));
    // The list never shows it again.
    const lista = await t.app.inject({ method: 'GET', url: '/api/empresa/chaves-api', headers: { cookie } });
    expect(lista.statusCode).toBe(200);
    expect(lista.body).not.toContain(segredo);
    expect(lista.json().chaves.map((c: { nome: string }) => c.nome)).toEqual(['Integração do ERP', 'ERP']);
    expect(lista.json().chaves[0]).toMatchObject({
      criadoPor: 'Cliente Teste',
      ultimoUsoEm: null,
      revogadoEm: null,
    });
    // A membro manages nothing.
    const doMembro = await t.app.inject({
      method: 'GET',
      url: '/api/empresa/chaves-api',
      headers: { cookie: cookieMembro },
    });
    expect(doMembro.statusCode).toBe(403);
    expect(doMembro.json().error.message).toBe('Apenas o gestor da empresa pode gerenciar as chaves de API.');

    // The key sees its company's laudo, never the other company's.
    const listados = await comChave(t, segredo, 'GET', '/api/laudos');
    expect(listados.statusCode, listados.body).toBe(200);
    expect(listados.json().laudos.map((l: { codigo: string }) => l.codigo)).toEqual(['INT-1']);
    const [alheio] = await db.select({ id: laudos.id }).from(laudos).where(eq(laudos.codigo, 'OUT-1'));
    expect((await comChave(t, segredo, 'GET', `/api/laudos/${alheio!.id}`)).statusCode).toBe(404);
    expect((await comChave(t, segredo, 'PATCH', `/api/laudos/${alheio!.id}`, { nome: 'x' })).statusCode).toBe(
      404,
    );
    expect((await comChave(t, segredo, 'DELETE', `/api/laudos/${alheio!.id}`)).statusCode).toBe(404);

    // It creates a laudo in its company, recorded as written by the key; addressed to a colleague.
    const criado = await comChave(t, segredo, 'POST', '/api/laudos', {
      nome: 'Vaso de pressão',
      codigo: 'INT-API-1',
      tipo: 'NR-13',
      data_vencimento: '2027-03-31',
      email_cliente: membro.email,
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const laudo = criado.json().laudo;
    expect(laudo).toMatchObject({
      empresa_id: empresaId,
      cliente: 'Usina Integrada',
      email_cliente: membro.email,
      criado_por: null,
      criador: { nome: 'Chave de API "Integração do ERP"', email: null },
    });
    // A stranger's address is refused: a script cannot make the firm mail anyone.
    const estranho = await comChave(t, segredo, 'POST', '/api/laudos', {
      nome: 'Outro',
      codigo: 'INT-API-2',
      tipo: 'NR-13',
      email_cliente: 'alguem@gmail.com',
    });
    expect(estranho.statusCode).toBe(403);
    // Its PDF: upload and download with the key.
    const corpo = multipart('laudo.pdf', pdf());
    const enviado = await t.app.inject({
      method: 'POST',
      url: `/api/laudos/${laudo.id}/arquivos/pdf`,
      headers: { authorization: `Bearer ${segredo}`, 'content-type': corpo.contentType },
      payload: corpo.payload,
    });
    expect(enviado.statusCode, enviado.body).toBe(200);
    const baixado = await comChave(t, segredo, 'GET', `/api/laudos/${laudo.id}/arquivos/pdf/download`);
    expect(baixado.statusCode).toBe(200);
    expect(baixado.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The gestor sees the new laudo in the app, by the key's name.
    const naApp = await t.app.inject({ method: 'GET', url: `/api/laudos/${laudo.id}`, headers: { cookie } });
    expect(naApp.json().laudo.criador.nome).toBe('Chave de API "Integração do ERP"');
    // Last use is recorded.
    const [usada] = await db.select().from(apiKeys).where(eq(apiKeys.id, chave.id));
    expect(usada!.ultimoUsoEm).toBeInstanceOf(Date);

    // Revoked: refused at once, with a pt-BR message.
    const revogar = await t.app.inject({
      method: 'DELETE',
      url: `/api/empresa/chaves-api/${chave.id}`,
      headers: json(cookie),
    });
    expect(revogar.statusCode).toBe(204);
    const recusada = await comChave(t, segredo, 'GET', '/api/laudos');
    expect(recusada.statusCode).toBe(401);
    expect(recusada.json().error).toEqual({
      code: 'CHAVE_API_INVALIDA',
      message: 'Chave de API inválida ou revogada. Peça uma nova chave ao gestor da empresa.',
    });
  });

  it('wrong keys, another company, an inactive company and a plan without the feature are refused at once', async () => {
    const { t, admin, cookie, empresaId, outraId } = await cenario();
    const db = t.server.database.db;
    const { segredo } = await novaChave(t, cookie);
    // The admin makes a key for the other company: it sees that company's laudo only.
    const daOutra = await novaChave(t, admin.cookie, `/api/admin/empresas/${outraId}/chaves-api`);
    const outros = await comChave(t, daOutra.segredo, 'GET', '/api/laudos');
    expect(outros.json().laudos.map((l: { codigo: string }) => l.codigo)).toEqual(['OUT-1']);
    const lista = await t.app.inject({
      method: 'GET',
      url: `/api/admin/empresas/${outraId}/chaves-api`,
      headers: { cookie: admin.cookie },
    });
    expect(lista.json().chaves).toHaveLength(1);
    // The gestor cannot revoke the other company's key.
    const alheia = await t.app.inject({
      method: 'DELETE',
      url: `/api/empresa/chaves-api/${daOutra.chave.id}`,
      headers: json(cookie),
    });
    expect(alheia.statusCode).toBe(404);

    for (const errada of [
      `${segredo.slice(0, -1)}${segredo.endsWith('A') ? 'B' : 'A'}`,
      'laudos_curta',
      'x'.repeat(5000),
      '',
    ]) {
      const res = await comChave(t, errada, 'GET', '/api/laudos');
      expect(res.statusCode, errada.slice(0, 20)).toBe(401);
      expect(res.json().error.code).toBe('CHAVE_API_INVALIDA');
    }
    // A key with a cookie is still only a key: the admin's cookie opens nothing more.
    const misturado = await t.app.inject({
      method: 'GET',
      url: '/api/admin/empresas',
      headers: { authorization: `Bearer ${segredo}`, cookie: admin.cookie },
    });
    expect(misturado.statusCode).toBe(401);
    expect(misturado.json().error.code).toBe('CHAVE_API_NAO_ACEITA');

    // The origin check stands for a key too: a page of another site posting (with or without the
    // person's cookie) is refused before the key is even read; curl (no Origin) is not.
    for (const headers of [
      { origin: 'https://outro-site.example' },
      { cookie, 'sec-fetch-site': 'cross-site' },
    ]) {
      const deOutroSite = await t.app.inject({
        method: 'POST',
        url: '/api/laudos',
        headers: { authorization: `Bearer ${segredo}`, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ nome: 'Invasor', codigo: 'INV-1', tipo: 'NR-13' }),
      });
      expect(deOutroSite.statusCode).toBe(403);
      expect(deOutroSite.json().error.code).toBe('ORIGEM_NAO_PERMITIDA');
    }

    // The plan loses the feature: the very next request is refused, naming the plans that have it.
    const basico = await planoChamado(t, 'Básico');
    await db.update(empresas).set({ planoId: basico }).where(eq(empresas.id, empresaId));
    const foraDoPlano = await comChave(t, segredo, 'GET', '/api/laudos');
    expect(foraDoPlano.statusCode).toBe(403);
    expect(foraDoPlano.json().error).toEqual({
      code: 'RECURSO_FORA_DO_PLANO',
      message: 'Seu plano não inclui acesso à API. Disponível no plano Empresarial.',
    });
    // …and the gestor can no longer manage keys, nor the admin create one for that company.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/empresa/chaves-api', headers: { cookie } })).statusCode,
    ).toBe(403);
    const criarSemPlano = await t.app.inject({
      method: 'POST',
      url: `/api/admin/empresas/${empresaId}/chaves-api`,
      headers: json(admin.cookie),
      payload: { nome: 'Sem plano' },
    });
    expect(criarSemPlano.statusCode).toBe(403);
    expect(criarSemPlano.json().error.code).toBe('RECURSO_FORA_DO_PLANO');

    // An inactive company's keys stop too.
    await db.update(empresas).set({ ativo: false }).where(eq(empresas.id, outraId));
    const inativa = await comChave(t, daOutra.segredo, 'GET', '/api/laudos');
    expect(inativa.statusCode).toBe(401);
    expect(inativa.json().error.message).toBe(
      'A empresa desta chave de API está desativada. Fale com o administrador.',
    );
  });

  it('one key has a limit of requests per minute (429 in pt-BR with Retry-After; other keys go on); a company has at most 10 active keys', async () => {
    const { t, cookie } = await cenario({ RATE_LIMIT_API_KEY_PER_MINUTE: '3' });
    const a = await novaChave(t, cookie, undefined, 'A');
    const b = await novaChave(t, cookie, undefined, 'B');
    for (let i = 0; i < 3; i++)
      expect((await comChave(t, a.segredo, 'GET', '/api/laudos')).statusCode).toBe(200);
    const demais = await comChave(t, a.segredo, 'GET', '/api/laudos');
    expect(demais.statusCode).toBe(429);
    expect(demais.json().error.code).toBe('MUITAS_TENTATIVAS');
    expect(demais.json().error.message).toMatch(
      /^Muitas tentativas\. Aguarde \d+ segundos? e tente novamente\.$/,
    );
    expect(Number(demais.headers['retry-after'])).toBeGreaterThan(0);
    expect((await comChave(t, b.segredo, 'GET', '/api/laudos')).statusCode).toBe(200);

    for (let i = 2; i < 10; i++) await novaChave(t, cookie, undefined, `K${i}`);
    const decimaPrimeira = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/chaves-api',
      headers: json(cookie),
      payload: { nome: 'K10' },
    });
    expect(decimaPrimeira.statusCode).toBe(409);
    expect(decimaPrimeira.json().error.message).toBe(
      'A empresa já tem 10 chaves de API ativas. Revogue uma que não use mais para criar outra.',
    );
    await t.app.inject({
      method: 'DELETE',
      url: `/api/empresa/chaves-api/${a.chave.id}`,
      headers: json(cookie),
    });
    await novaChave(t, cookie, undefined, 'K10');
  });

  it('/api/docs shows the document in Swagger UI from our own files, under our CSP, with the Bearer scheme on the key routes', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const pagina = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.headers['content-type']).toContain('text/html');
    expect(pagina.headers['content-security-policy']).toContain("script-src 'self'");
    expect(pagina.body).toContain('Laudos — documentação da API');
    // Every script and style the page loads is ours (works offline, passes the CSP).
    const recursos = [...pagina.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(recursos.length).toBeGreaterThan(2);
    for (const r of recursos) {
      expect(r).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(r, 'http://localhost/api/docs/').pathname;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect(pagina.body).not.toMatch(/<script>(?!<\/script>)/);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.info.description).toContain('curl -H "Authorization: Bearer $LAUDOS_CHAVE"');
    expect(doc.paths['/api/laudos'].get.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(doc.paths['/api/laudos'].get['x-chave-api']).toBe(true);
    expect(doc.paths['/api/empresa/chaves-api'].get.security).toEqual([{ sessionCookie: [] }]);
  });
});
