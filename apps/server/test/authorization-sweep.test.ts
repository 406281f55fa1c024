import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, planos } from '../src/db/schema.ts';
import { gerarChaveApi } from '../src/modules/chaves-api/service.ts';
import {
  conviteDeTeste,
  createAdmin,
  createUser,
  empresaDeTeste,
  pedidoDeTeste,
} from './helpers/accounts.ts';
import { changedTables, dbFingerprint } from './helpers/security.ts';
import { createTestServer, signIn, TEST_ORIGIN, type TestServer } from './helpers/server.ts';

/**
 * Generated from /api/openapi.json: every operation, called anonymously, as a client, as an admin
 * and with an API key, answers as its `x-access` (and `x-chave-api`) says. A route without
 * `x-access` fails the sweep.
 */
let t: TestServer;
let clientCookie: string;
let adminCookie: string;
/** The fourth caller: an API key of a company whose plan includes `apiAccess` (decision 024). */
let chaveApi: string;
let operations: {
  method: string;
  path: string;
  access: unknown;
  recurso?: string | undefined;
  chaveApi: boolean;
}[] = [];

beforeAll(async () => {
  t = await createTestServer({ JOBS: 'off' });
  const client = await createUser(t, { email: 'varredura@cliente.com.br' });
  clientCookie = await signIn(t.app, client.email, client.password);
  adminCookie = (await createAdmin(t)).cookie;
  const [empresarial] = await t.server.database.db
    .select()
    .from(planos)
    .where(eq(planos.nome, 'Empresarial'));
  const empresaDaChave = await empresaDeTeste(t, 'Varredura Integrada', { planoId: empresarial!.id });
  const criada = await t.app.inject({
    method: 'POST',
    url: `/api/admin/empresas/${empresaDaChave}/chaves-api`,
    headers: { origin: TEST_ORIGIN, cookie: adminCookie, 'content-type': 'application/json' },
    payload: { nome: 'Varredura' },
  });
  chaveApi = criada.json().segredo;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      access: op['x-access'],
      recurso: op['x-recurso'] as string | undefined,
      chaveApi: op['x-chave-api'] === true,
    })),
  );
});
afterAll(() => t.close());

const placeholder = '00000000-0000-4000-8000-000000000000';
function concrete(path: string): string {
  // The Better Auth catch-all is exercised through a session read.
  return path.replace('{*}', 'get-session').replace(/\{[^}]+\}/g, placeholder);
}

async function call(method: string, path: string, cookie?: string, chave?: string) {
  return t.app.inject({
    method: method as 'GET',
    url: concrete(path),
    headers: {
      // A script sends no Origin; the browser callers do.
      ...(chave ? { authorization: `Bearer ${chave}` } : { origin: TEST_ORIGIN }),
      ...(cookie ? { cookie } : {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
  });
}

/**
 * Public routes that Meta calls with a shared secret instead of a session (decision 037): the
 * webhook's verify token and X-Hub-Signature-256. Without them they answer 403, as Meta expects.
 */
const AUTENTICADAS_POR_SEGREDO = new Set(['GET /api/webhooks/whatsapp', 'POST /api/webhooks/whatsapp']);

describe('authorization sweep over /api/openapi.json', () => {
  it('finds the routes, each with a valid x-access', () => {
    expect(operations.length).toBeGreaterThan(15);
    for (const op of operations)
      expect(['public', 'user', 'admin'], `${op.method} ${op.path}`).toContain(op.access);
  });

  it('every operation answers as its x-access says, for a visitor, a client, an admin and an API key', async () => {
    const problems: string[] = [];
    for (const op of operations) {
      // Ending every session would end the sweep's own sessions.
      if (op.path.includes('revoke') || op.path.includes('sign-out')) continue;
      const id = `${op.method} ${op.path}`;
      const anon = await call(op.method, op.path);
      const client = await call(op.method, op.path, clientCookie);
      const admin = await call(op.method, op.path, adminCookie);
      const chave = await call(op.method, op.path, undefined, chaveApi);
      for (const [who, res] of [
        ['visitante', anon],
        ['cliente', client],
        ['admin', admin],
        ['chave de API', chave],
      ] as const) {
        if (res.statusCode >= 500)
          problems.push(`${id} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400 && !res.headers['content-type']?.toString().includes('json')) {
          problems.push(`${id} as ${who}: error without the JSON error shape`);
        }
      }
      if (op.access === 'public') {
        if ([401, 403].includes(anon.statusCode) && !AUTENTICADAS_POR_SEGREDO.has(id))
          problems.push(`${id}: public but ${anon.statusCode} for a visitor`);
      } else {
        if (anon.statusCode !== 401)
          problems.push(`${id}: ${op.access} but ${anon.statusCode} for a visitor`);
        const adminDenied = [401, 403].includes(admin.statusCode);
        if (adminDenied) problems.push(`${id}: ${admin.statusCode} for an admin`);
        if (op.access === 'admin' && client.statusCode !== 403)
          problems.push(`${id}: admin-only but ${client.statusCode} for a client`);
        // A paid feature refuses a client whose plan lacks it, with that code only (issue 18).
        const foraDoPlano =
          op.recurso && client.statusCode === 403 && client.json().error.code === 'RECURSO_FORA_DO_PLANO';
        if (op.access === 'user' && [401, 403].includes(client.statusCode) && !foraDoPlano)
          problems.push(`${id}: ${client.statusCode} for a client`);
      }
      // A key reaches the routes that opt in (as its company's gestor) and is a 401 everywhere else:
      // no admin, account, session or key-management route.
      if (op.chaveApi) {
        if (op.access !== 'user') problems.push(`${id}: x-chave-api on a ${op.access} route`);
        if ([401, 403].includes(chave.statusCode))
          problems.push(`${id}: opted in but ${chave.statusCode} for a key ${chave.body.slice(0, 120)}`);
      } else if (chave.statusCode !== 401 || chave.json().error.code !== 'CHAVE_API_NAO_ACEITA') {
        problems.push(`${id}: ${chave.statusCode} for an API key (expected 401 CHAVE_API_NAO_ACEITA)`);
      }
      if (anon.statusCode === 401) expect(anon.json().error.code).toBe('NAO_AUTENTICADO');
    }
    expect(problems).toEqual([]);
    // The laudo routes are the ones a key reaches, and only they.
    expect(
      operations.filter((op) => op.chaveApi).every((op) => /^\/api\/(laudos|tipos-laudo)/.test(op.path)),
    ).toBe(true);
    expect(operations.filter((op) => op.chaveApi).map((op) => `${op.method} ${op.path}`)).toContain(
      'POST /api/laudos',
    );
  });
});

/*
 * Issue 17's routes (companies, requests to join, teams, invitations) with real records of company
 * A, for a visitor, a membro of A, the gestor of another company (B) and an admin. Every route of
 * the document under these paths must have a case here (a new one fails the sweep until it has),
 * and a refused call changes nothing in the database.
 */
const ROTAS_DA_ISSUE_17 = [
  /^\/api\/admin\/empresas(\/|$)/,
  /^\/api\/admin\/pedidos-empresa(\/|$)/,
  /^\/api\/empresa(\/|$)/,
  /^\/api\/convites\//,
  /^\/api\/conta\/pedido-empresa$/,
];

type Quem = 'visitante' | 'membro' | 'gestorDeOutra' | 'admin';
type Pedido = { url: string; body?: unknown };
interface Caso {
  /** The request, built anew for each caller (a call that succeeds may use its records up). */
  preparar: () => Promise<Pedido>;
  esperado: Record<Quem, number>;
}

describe('authorization sweep of the companies and teams routes (issue 17)', () => {
  const A = 'Alfa Sigilosa Caldeiras';
  let empresaA = '';
  let gestorA = { id: '' };
  let membroA = { id: '' };
  const cookies = {} as Record<Quem, string | undefined>;
  let n = 0;
  const unico = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

  beforeAll(async () => {
    empresaA = await empresaDeTeste(t, A);
    const empresaB = await empresaDeTeste(t, 'Beta Montagens');
    gestorA = await createUser(t, { email: 'gestor@alfa.com.br', empresaId: empresaA, papel: 'gestor' });
    const membro = await createUser(t, { email: 'membro@alfa.com.br', empresaId: empresaA, papel: 'membro' });
    membroA = membro;
    const gestorB = await createUser(t, {
      email: 'gestor@beta.com.br',
      empresaId: empresaB,
      papel: 'gestor',
    });
    const [empresarial] = await t.server.database.db
      .select()
      .from(planos)
      .where(eq(planos.nome, 'Empresarial'));
    empresaC = await empresaDeTeste(t, 'Gama Integrada', { planoId: empresarial!.id });
    cookies.visitante = undefined;
    cookies.membro = await signIn(t.app, membro.email, membro.password);
    cookies.gestorDeOutra = await signIn(t.app, gestorB.email, gestorB.password);
    cookies.admin = adminCookie;
  });

  const conviteDeA = () => conviteDeTeste(t, empresaA, `convidado-${unico()}@alfa.com.br`);
  let empresaC = '';
  const chaveDeC = async () => {
    const { prefixo, hash } = gerarChaveApi();
    const [chave] = await t.server.database.db
      .insert(apiKeys)
      .values({ empresaId: empresaC, nome: `Chave ${unico()}`, prefixo, hash })
      .returning({ id: apiKeys.id });
    return chave!.id;
  };
  const pedido = () => pedidoDeTeste(t);

  const soAdmin = (ok: number) => ({ visitante: 401, membro: 403, gestorDeOutra: 403, admin: ok });
  const fixo = (p: Pedido) => async () => p;
  const casos: Record<string, Caso> = {
    'GET /api/admin/empresas': { preparar: fixo({ url: '/api/admin/empresas' }), esperado: soAdmin(200) },
    'GET /api/admin/empresas/opcoes': {
      preparar: fixo({ url: '/api/admin/empresas/opcoes?busca=alfa' }),
      esperado: soAdmin(200),
    },
    'POST /api/admin/empresas': {
      preparar: async () => ({
        url: '/api/admin/empresas',
        body: { razaoSocial: `Nova ${unico()} Ltda.`, nomeFantasia: `Nova ${unico()}` },
      }),
      esperado: soAdmin(201),
    },
    'GET /api/admin/empresas/{id}': {
      preparar: async () => ({ url: `/api/admin/empresas/${empresaA}` }),
      esperado: soAdmin(200),
    },
    'PATCH /api/admin/empresas/{id}': {
      preparar: async () => ({
        url: `/api/admin/empresas/${empresaA}`,
        body: { telefone: '(11) 4000-1000' },
      }),
      esperado: soAdmin(200),
    },
    'GET /api/admin/pedidos-empresa': {
      preparar: fixo({ url: '/api/admin/pedidos-empresa' }),
      esperado: soAdmin(200),
    },
    'POST /api/admin/pedidos-empresa/{id}/aprovar': {
      preparar: async () => ({
        url: `/api/admin/pedidos-empresa/${await pedido()}/aprovar`,
        body: { empresaId: empresaA },
      }),
      esperado: soAdmin(200),
    },
    'POST /api/admin/pedidos-empresa/{id}/recusar': {
      preparar: async () => ({ url: `/api/admin/pedidos-empresa/${await pedido()}/recusar`, body: {} }),
      esperado: soAdmin(200),
    },
    'POST /api/admin/empresas/{id}/convites': {
      preparar: async () => ({
        url: `/api/admin/empresas/${empresaA}/convites`,
        body: { email: `novo-${unico()}@alfa.com.br` },
      }),
      esperado: soAdmin(201),
    },
    'POST /api/admin/empresas/{id}/convites/{conviteId}/reenviar': {
      preparar: async () => ({
        url: `/api/admin/empresas/${empresaA}/convites/${(await conviteDeA()).id}/reenviar`,
      }),
      esperado: soAdmin(200),
    },
    'DELETE /api/admin/empresas/{id}/convites/{conviteId}': {
      preparar: async () => ({ url: `/api/admin/empresas/${empresaA}/convites/${(await conviteDeA()).id}` }),
      esperado: soAdmin(204),
    },
    'PATCH /api/admin/empresas/{id}/pessoas/{usuarioId}': {
      preparar: async () => ({
        url: `/api/admin/empresas/${empresaA}/pessoas/${membroA.id}`,
        body: { receberLembretes: true },
      }),
      esperado: soAdmin(200),
    },
    // API keys (issue 18): a paid feature these companies' plans lack (the client's routes stop
    // there); the admin manages the keys of any company (C's plan includes it).
    'GET /api/admin/empresas/{id}/chaves-api': {
      preparar: async () => ({ url: `/api/admin/empresas/${empresaA}/chaves-api` }),
      esperado: soAdmin(200),
    },
    'POST /api/admin/empresas/{id}/chaves-api': {
      preparar: async () => ({
        url: `/api/admin/empresas/${empresaC}/chaves-api`,
        body: { nome: `K ${unico()}` },
      }),
      esperado: soAdmin(201),
    },
    'DELETE /api/admin/empresas/{id}/chaves-api/{chaveId}': {
      preparar: async () => ({ url: `/api/admin/empresas/${empresaC}/chaves-api/${await chaveDeC()}` }),
      esperado: soAdmin(204),
    },
    'GET /api/empresa/chaves-api': {
      preparar: fixo({ url: '/api/empresa/chaves-api' }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 404 },
    },
    'POST /api/empresa/chaves-api': {
      preparar: fixo({ url: '/api/empresa/chaves-api', body: { nome: 'Minha chave' } }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 404 },
    },
    'DELETE /api/empresa/chaves-api/{id}': {
      preparar: async () => ({ url: `/api/empresa/chaves-api/${await chaveDeC()}` }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 404 },
    },
    // The company's branding (issue 18, decision 026): A and B's plans lack it, so the client's
    // routes stop at the plan (a membro would read, not change); the admin sets any company's.
    'GET /api/admin/empresas/{id}/marca': {
      preparar: async () => ({ url: `/api/admin/empresas/${empresaA}/marca` }),
      esperado: soAdmin(200),
    },
    'PUT /api/admin/empresas/{id}/marca': {
      preparar: async () => ({ url: `/api/admin/empresas/${empresaA}/marca`, body: { cor: '#123456' } }),
      esperado: soAdmin(200),
    },
    'PUT /api/admin/empresas/{id}/marca/logo': {
      preparar: async () => ({ url: `/api/admin/empresas/${empresaA}/marca/logo`, body: {} }),
      esperado: soAdmin(400),
    },
    'GET /api/admin/empresas/{id}/marca/logo': {
      preparar: async () => ({ url: `/api/admin/empresas/${empresaA}/marca/logo` }),
      esperado: soAdmin(404),
    },
    'DELETE /api/admin/empresas/{id}/marca/logo': {
      preparar: async () => ({ url: `/api/admin/empresas/${empresaA}/marca/logo` }),
      esperado: soAdmin(200),
    },
    'GET /api/empresa/marca': {
      preparar: fixo({ url: '/api/empresa/marca' }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 404 },
    },
    'PUT /api/empresa/marca': {
      preparar: fixo({ url: '/api/empresa/marca', body: { cor: '#654321' } }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 404 },
    },
    'PUT /api/empresa/marca/logo': {
      preparar: fixo({ url: '/api/empresa/marca/logo', body: {} }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 404 },
    },
    'GET /api/empresa/marca/logo': {
      preparar: fixo({ url: '/api/empresa/marca/logo' }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 404 },
    },
    'DELETE /api/empresa/marca/logo': {
      preparar: fixo({ url: '/api/empresa/marca/logo' }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 404 },
    },
    // The client's own company: the gestor of B reaches only B; an admin has none.
    'GET /api/empresa': {
      preparar: fixo({ url: '/api/empresa' }),
      esperado: { visitante: 401, membro: 200, gestorDeOutra: 200, admin: 404 },
    },
    'POST /api/empresa/convites': {
      preparar: async () => ({
        url: '/api/empresa/convites',
        body: { email: `colega-${unico()}@beta.com.br` },
      }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 201, admin: 404 },
    },
    'POST /api/empresa/convites/{id}/reenviar': {
      preparar: async () => ({ url: `/api/empresa/convites/${(await conviteDeA()).id}/reenviar` }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 404, admin: 404 },
    },
    'DELETE /api/empresa/convites/{id}': {
      preparar: async () => ({ url: `/api/empresa/convites/${(await conviteDeA()).id}` }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 404, admin: 404 },
    },
    'PATCH /api/empresa/pessoas/{id}': {
      preparar: async () => ({ url: `/api/empresa/pessoas/${gestorA.id}`, body: { ativo: false } }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 404, admin: 404 },
    },
    // The invitation link: whoever holds it (the link is the proof), signed in or not.
    'GET /api/convites/{token}': {
      preparar: async () => ({ url: `/api/convites/${(await conviteDeA()).token}` }),
      esperado: { visitante: 200, membro: 200, gestorDeOutra: 200, admin: 200 },
    },
    'POST /api/convites/{token}/aceitar': {
      preparar: async () => ({
        url: `/api/convites/${(await conviteDeA()).token}/aceitar`,
        body: { nome: 'Convidado', senha: 'senha-do-convidado' },
      }),
      esperado: { visitante: 200, membro: 200, gestorDeOutra: 200, admin: 200 },
    },
    // Only a client with no company asks to join one.
    'POST /api/conta/pedido-empresa': {
      preparar: fixo({ url: '/api/conta/pedido-empresa', body: { nome: A } }),
      esperado: { visitante: 401, membro: 409, gestorDeOutra: 409, admin: 400 },
    },
  };

  it('every route of issue 17 has its case, and every case is a route', () => {
    const rotas = operations
      .filter((op) => ROTAS_DA_ISSUE_17.some((r) => r.test(op.path)))
      .map((op) => `${op.method} ${op.path}`);
    expect(rotas.sort()).toEqual(Object.keys(casos).sort());
  });

  it('each caller gets what their role allows; a refusal changes nothing and never shows A', async () => {
    const problemas: string[] = [];
    for (const [rota, caso] of Object.entries(casos)) {
      const method = rota.split(' ')[0] as 'GET';
      for (const quem of ['visitante', 'membro', 'gestorDeOutra', 'admin'] as const) {
        const { url, body } = await caso.preparar();
        const antes = await dbFingerprint(t);
        const cookie = cookies[quem];
        const res = await t.app.inject({
          method,
          url,
          headers: {
            origin: TEST_ORIGIN,
            ...(cookie ? { cookie } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        const esperado = caso.esperado[quem];
        if (res.statusCode !== esperado) {
          problemas.push(
            `${rota} como ${quem}: ${res.statusCode} (esperado ${esperado}) ${res.body.slice(0, 160)}`,
          );
          continue;
        }
        if (res.statusCode < 400) continue;
        const { error } = res.json() as { error?: { code: string; message: string } };
        if (!error?.message) problemas.push(`${rota} como ${quem}: ${res.statusCode} sem mensagem`);
        if (res.body.includes(A)) problemas.push(`${rota} como ${quem}: a recusa mostra ${A}`);
        const mudou = changedTables(antes, await dbFingerprint(t));
        if (mudou.length > 0) problemas.push(`${rota} como ${quem}: recusado, mas mudou ${mudou.join(', ')}`);
      }
    }
    expect(problemas).toEqual([]);
  });

  it("the gestor of another company sees their own team, never A's", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/empresa',
      headers: { cookie: cookies.gestorDeOutra! },
    });
    expect(res.json().empresa.nomeFantasia).toBe('Beta Montagens');
    expect(res.body).not.toContain(A);
    expect(res.body).not.toContain('alfa.com.br');
    const doMembro = await t.app.inject({
      method: 'GET',
      url: '/api/empresa',
      headers: { cookie: cookies.membro! },
    });
    expect(doMembro.json().empresa.nomeFantasia).toBe(A);
    expect(doMembro.json().convites).toEqual([]);
  });
});

/*
 * Issue 22's routes (the audit log) with real records of company A: the admin's list, entry and
 * CSV, and a laudo's history. Every route of the document under these paths must have a case here,
 * and a refused call changes nothing and shows nothing of A.
 */
const ROTAS_DA_AUDITORIA = [/^\/api\/admin\/auditoria(\/|$)/, /^\/api\/laudos\/\{id\}\/historico$/];

describe('authorization sweep of the audit log (issue 22)', () => {
  const A = 'Alfa Auditada Caldeiras';
  const cookies = {} as Record<Quem, string | undefined>;
  let laudoA = '';
  let entradaA = '';

  beforeAll(async () => {
    const empresaA = await empresaDeTeste(t, A);
    const empresaB = await empresaDeTeste(t, 'Beta Auditada');
    const membro = await createUser(t, {
      email: 'membro@auditada-a.com.br',
      empresaId: empresaA,
      papel: 'membro',
    });
    const gestorB = await createUser(t, {
      email: 'gestor@auditada-b.com.br',
      empresaId: empresaB,
      papel: 'gestor',
    });
    cookies.membro = await signIn(t.app, membro.email, membro.password);
    cookies.gestorDeOutra = await signIn(t.app, gestorB.email, gestorB.password);
    cookies.admin = adminCookie;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: { origin: TEST_ORIGIN, cookie: adminCookie, 'content-type': 'application/json' },
      payload: { nome: 'Caldeira auditada', codigo: 'AUD-1', tipo: 'NR-13', empresaId: empresaA },
    });
    expect(res.statusCode, res.body).toBe(201);
    laudoA = res.json().laudo.id;
    const lista = await t.app.inject({
      method: 'GET',
      url: `/api/admin/auditoria?empresa=${empresaA}&entidade=laudo`,
      headers: { cookie: adminCookie },
    });
    entradaA = lista.json().entradas[0].id;
  });

  const casos: Record<string, { url: () => string; esperado: Record<Quem, number> }> = {
    'GET /api/admin/auditoria': {
      url: () => '/api/admin/auditoria',
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 200 },
    },
    'GET /api/admin/auditoria/exportar': {
      url: () => '/api/admin/auditoria/exportar',
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 200 },
    },
    'GET /api/admin/auditoria/{id}': {
      url: () => `/api/admin/auditoria/${entradaA}`,
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 200 },
    },
    // Another company's laudo does not exist for its caller (404, like every laudo route).
    'GET /api/laudos/{id}/historico': {
      url: () => `/api/laudos/${laudoA}/historico`,
      esperado: { visitante: 401, membro: 200, gestorDeOutra: 404, admin: 200 },
    },
  };

  it('every audit route has its case, and every case is a route', () => {
    const rotas = operations
      .filter((op) => ROTAS_DA_AUDITORIA.some((r) => r.test(op.path)))
      .map((op) => `${op.method} ${op.path}`);
    expect(rotas.sort()).toEqual(Object.keys(casos).sort());
  });

  it('each caller gets what their role allows; a refusal changes nothing and never shows A', async () => {
    const problemas: string[] = [];
    for (const [rota, caso] of Object.entries(casos)) {
      for (const quem of ['visitante', 'membro', 'gestorDeOutra', 'admin'] as const) {
        const antes = await dbFingerprint(t);
        const cookie = cookies[quem];
        const res = await t.app.inject({
          method: 'GET',
          url: caso.url(),
          headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        });
        if (res.statusCode !== caso.esperado[quem]) {
          problemas.push(`${rota} como ${quem}: ${res.statusCode} (esperado ${caso.esperado[quem]})`);
          continue;
        }
        if (res.statusCode < 400) continue;
        if (!res.json().error?.message)
          problemas.push(`${rota} como ${quem}: ${res.statusCode} sem mensagem`);
        if (res.body.includes(A) || res.body.includes('AUD-1'))
          problemas.push(`${rota} como ${quem}: a recusa mostra A`);
        const mudou = changedTables(antes, await dbFingerprint(t));
        if (mudou.length > 0) problemas.push(`${rota} como ${quem}: recusado, mas mudou ${mudou.join(', ')}`);
      }
    }
    expect(problemas).toEqual([]);
  });
});

/*
 * Issue 22's spreadsheet import (decision 047) with a real import of company A: a member is
 * refused (403), another company's gestor does not see it (404), the admin sees every one. Every
 * route under /api/importacoes must have a case here; a refusal changes nothing and shows nothing
 * of A.
 */
describe('authorization sweep of the spreadsheet import (issue 22)', () => {
  const A = 'Alfa Importadora Caldeiras';
  const cookies = {} as Record<Quem, string | undefined>;
  let importacaoA = '';

  beforeAll(async () => {
    const [empresarial] = await t.server.database.db
      .select()
      .from(planos)
      .where(eq(planos.nome, 'Empresarial'));
    const empresaA = await empresaDeTeste(t, A, { planoId: empresarial!.id });
    const empresaB = await empresaDeTeste(t, 'Beta Importadora', { planoId: empresarial!.id });
    const gestorA = await createUser(t, {
      email: 'gestor@importadora-a.com.br',
      empresaId: empresaA,
      papel: 'gestor',
    });
    const membro = await createUser(t, {
      email: 'membro@importadora-a.com.br',
      empresaId: empresaA,
      papel: 'membro',
    });
    const gestorB = await createUser(t, {
      email: 'gestor@importadora-b.com.br',
      empresaId: empresaB,
      papel: 'gestor',
    });
    cookies.membro = await signIn(t.app, membro.email, membro.password);
    cookies.gestorDeOutra = await signIn(t.app, gestorB.email, gestorB.password);
    cookies.admin = adminCookie;
    const boundary = '----varreduraimportacao';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/importacoes',
      headers: {
        origin: TEST_ORIGIN,
        cookie: await signIn(t.app, gestorA.email, gestorA.password),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="alfa-importadora.csv"\r\nContent-Type: text/csv\r\n\r\nCódigo;Nome;Tipo\r\nIMPA-1;Caldeira de ${A};NR-13\r\n\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(201);
    importacaoA = res.json().importacao.id;
  });

  const mapeamento = { codigo: 'Código', nome: 'Nome', tipo: 'Tipo' };
  const casos: Record<string, { pedido: () => Pedido; esperado: Record<Quem, number> }> = {
    'GET /api/importacoes/modelo': {
      pedido: () => ({ url: '/api/importacoes/modelo' }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 200, admin: 200 },
    },
    // No file: the route refuses it after the access check (400), for whoever may import.
    'POST /api/importacoes': {
      pedido: () => ({ url: '/api/importacoes', body: {} }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 400, admin: 400 },
    },
    'GET /api/importacoes': {
      pedido: () => ({ url: '/api/importacoes' }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 200, admin: 200 },
    },
    'GET /api/importacoes/{id}': {
      pedido: () => ({ url: `/api/importacoes/${importacaoA}` }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 404, admin: 200 },
    },
    'POST /api/importacoes/{id}/previa': {
      pedido: () => ({
        url: `/api/importacoes/${importacaoA}/previa`,
        body: { mapeamento, existentes: 'pular' },
      }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 404, admin: 200 },
    },
    // The preview above chose "pular": executing with "atualizar" is refused (409) even for the admin.
    'POST /api/importacoes/{id}/executar': {
      pedido: () => ({
        url: `/api/importacoes/${importacaoA}/executar`,
        body: { existentes: 'atualizar', enviarEmails: false },
      }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 404, admin: 409 },
    },
    'GET /api/importacoes/{id}/relatorio.csv': {
      pedido: () => ({ url: `/api/importacoes/${importacaoA}/relatorio.csv` }),
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 404, admin: 200 },
    },
  };

  it('every import route has its case, and every case is a route', () => {
    const rotas = operations
      .filter((op) => /^\/api\/importacoes(\/|$)/.test(op.path))
      .map((op) => `${op.method} ${op.path}`);
    expect(rotas.sort()).toEqual(Object.keys(casos).sort());
  });

  it('each caller gets what their role allows; a refusal changes nothing and never shows A', async () => {
    const problemas: string[] = [];
    for (const [rota, caso] of Object.entries(casos)) {
      const method = rota.split(' ')[0] as 'GET' | 'POST';
      for (const quem of ['visitante', 'membro', 'gestorDeOutra', 'admin'] as const) {
        const antes = await dbFingerprint(t);
        const cookie = cookies[quem];
        const { url, body } = caso.pedido();
        const res = await t.app.inject({
          method,
          url,
          headers: {
            origin: TEST_ORIGIN,
            ...(cookie ? { cookie } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        if (res.statusCode !== caso.esperado[quem]) {
          problemas.push(`${rota} como ${quem}: ${res.statusCode} (esperado ${caso.esperado[quem]})`);
          continue;
        }
        if (quem !== 'admin' && (res.body.includes(A) || res.body.includes('IMPA-1')))
          problemas.push(`${rota} como ${quem}: mostra A`);
        if (res.statusCode < 400) continue;
        if (!res.json().error?.message)
          problemas.push(`${rota} como ${quem}: ${res.statusCode} sem mensagem`);
        const mudou = changedTables(antes, await dbFingerprint(t));
        if (mudou.length > 0) problemas.push(`${rota} como ${quem}: recusado, mas mudou ${mudou.join(', ')}`);
      }
    }
    expect(problemas).toEqual([]);
  });
});

/*
 * Issue 23's routes (the NR-13 equipment registry) with real records of company A: a membro of A
 * works on A's equipment, a gestor of another company finds none of it (404, and its list never
 * shows A's), deleting and deciding an extension are a gestor's or an admin's. Every route of the
 * document under /api/equipamentos must have a case here, and a refused call changes nothing.
 */
const ROTAS_DO_CADASTRO = [/^\/api\/equipamentos(\/|$)/];

describe('authorization sweep of the equipment registry (issue 23)', () => {
  const TAG_A = 'VASO-ALFA-SECRETO';
  const cookies = {} as Record<Quem, string | undefined>;
  let empresaA = '';
  let vaso = '';
  let paraExcluir = '';
  const prorrogacoes: string[] = [];

  beforeAll(async () => {
    empresaA = await empresaDeTeste(t, 'Alfa Equipada');
    const empresaB = await empresaDeTeste(t, 'Beta Equipada');
    const membro = await createUser(t, {
      email: 'membro@equipada-a.com.br',
      empresaId: empresaA,
      papel: 'membro',
    });
    const gestorB = await createUser(t, {
      email: 'gestor@equipada-b.com.br',
      empresaId: empresaB,
      papel: 'gestor',
    });
    cookies.membro = await signIn(t.app, membro.email, membro.password);
    cookies.gestorDeOutra = await signIn(t.app, gestorB.email, gestorB.password);
    cookies.admin = adminCookie;
    const criar = async (tag: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/equipamentos',
        headers: { origin: TEST_ORIGIN, cookie: adminCookie, 'content-type': 'application/json' },
        payload: {
          tipo: 'vaso',
          tag,
          empresaId: empresaA,
          pressaoMaximaKpa: 1240,
          volumeM3: 10,
          classeFluido: 'B',
          ultimosExames: { interno: '2024-01-10', externo: '2024-01-10' },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().equipamento.id as string;
    };
    vaso = await criar(TAG_A);
    paraExcluir = await criar(`${TAG_A}-2`);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/equipamentos/${vaso}/prorrogacoes`,
        headers: { origin: TEST_ORIGIN, cookie: adminCookie, 'content-type': 'application/json' },
        payload: {
          exame: 'interno',
          tipo: 'forca_maior',
          meses: 2,
          justificativa: 'Parada geral adiada',
          phNome: 'Eng. Alfa',
          phCrea: 'SP-1',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      prorrogacoes.push(res.json().equipamento.prorrogacoes[0].id);
    }
  });

  type Caso = {
    metodo: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    url: () => string;
    corpo?: (quem: Quem) => unknown;
    esperado: Record<Quem, number>;
  };
  const inspecao = {
    tipo: 'periodica',
    exames: ['externo'],
    dataFim: '2025-01-10',
    phNome: 'Eng. Alfa',
    phCrea: 'SP-1',
    resultado: 'aprovado',
  };
  const casos: Record<string, Caso> = {
    'GET /api/equipamentos': {
      metodo: 'GET',
      url: () => '/api/equipamentos',
      esperado: { visitante: 401, membro: 200, gestorDeOutra: 200, admin: 200 },
    },
    'POST /api/equipamentos': {
      metodo: 'POST',
      url: () => '/api/equipamentos',
      corpo: (quem) => ({
        tipo: 'tanque',
        tag: `T-${quem}`,
        ...(quem === 'admin' ? { empresaId: empresaA } : {}),
      }),
      esperado: { visitante: 401, membro: 201, gestorDeOutra: 201, admin: 201 },
    },
    'GET /api/equipamentos/{id}': {
      metodo: 'GET',
      url: () => `/api/equipamentos/${vaso}`,
      esperado: { visitante: 401, membro: 200, gestorDeOutra: 404, admin: 200 },
    },
    'PATCH /api/equipamentos/{id}': {
      metodo: 'PATCH',
      url: () => `/api/equipamentos/${vaso}`,
      corpo: (quem) => ({ localizacao: `Casa de máquinas (${quem})` }),
      esperado: { visitante: 401, membro: 200, gestorDeOutra: 404, admin: 200 },
    },
    'POST /api/equipamentos/{id}/inspecoes': {
      metodo: 'POST',
      url: () => `/api/equipamentos/${vaso}/inspecoes`,
      corpo: () => inspecao,
      esperado: { visitante: 401, membro: 201, gestorDeOutra: 404, admin: 201 },
    },
    'POST /api/equipamentos/{id}/eventos': {
      metodo: 'POST',
      url: () => `/api/equipamentos/${vaso}/eventos`,
      corpo: () => ({ tipo: 'parada', data: '2025-02-01' }),
      esperado: { visitante: 401, membro: 201, gestorDeOutra: 404, admin: 201 },
    },
    'POST /api/equipamentos/{id}/prorrogacoes': {
      metodo: 'POST',
      url: () => `/api/equipamentos/${vaso}/prorrogacoes`,
      corpo: () => ({
        exame: 'interno',
        tipo: 'forca_maior',
        meses: 1,
        justificativa: 'Chuvas impediram a parada',
        phNome: 'Eng. Alfa',
        phCrea: 'SP-1',
      }),
      esperado: { visitante: 401, membro: 201, gestorDeOutra: 404, admin: 201 },
    },
    'POST /api/equipamentos/{id}/prorrogacoes/{prorrogacaoId}/aprovar': {
      metodo: 'POST',
      url: () => `/api/equipamentos/${vaso}/prorrogacoes/${prorrogacoes[0]}/aprovar`,
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 404, admin: 200 },
    },
    'POST /api/equipamentos/{id}/prorrogacoes/{prorrogacaoId}/recusar': {
      metodo: 'POST',
      url: () => `/api/equipamentos/${vaso}/prorrogacoes/${prorrogacoes[1]}/recusar`,
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 404, admin: 200 },
    },
    'DELETE /api/equipamentos/{id}': {
      metodo: 'DELETE',
      url: () => `/api/equipamentos/${paraExcluir}`,
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 404, admin: 204 },
    },
    // The spreadsheet import: admins and gestores whose plan has the feature (B's has none).
    'GET /api/equipamentos/importacao/modelo': {
      metodo: 'GET',
      url: () => '/api/equipamentos/importacao/modelo',
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 200 },
    },
    // No file: refused after the access check (400), for whoever may import.
    'POST /api/equipamentos/importacao/previa': {
      metodo: 'POST',
      url: () => '/api/equipamentos/importacao/previa',
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 400 },
    },
    'POST /api/equipamentos/importacao': {
      metodo: 'POST',
      url: () => '/api/equipamentos/importacao',
      esperado: { visitante: 401, membro: 403, gestorDeOutra: 403, admin: 400 },
    },
  };

  it('every registry route has its case, and every case is a route', () => {
    const rotas = operations
      .filter((op) => ROTAS_DO_CADASTRO.some((r) => r.test(op.path)))
      .map((op) => `${op.method} ${op.path}`);
    expect(rotas.sort()).toEqual(Object.keys(casos).sort());
  });

  it('each caller gets what their role allows; another company never sees A; a refusal changes nothing', async () => {
    const problemas: string[] = [];
    for (const [rota, caso] of Object.entries(casos)) {
      for (const quem of ['visitante', 'membro', 'gestorDeOutra', 'admin'] as const) {
        const antes = await dbFingerprint(t);
        const cookie = cookies[quem];
        const corpo = caso.corpo?.(quem);
        const res = await t.app.inject({
          method: caso.metodo,
          url: caso.url(),
          headers: {
            origin: TEST_ORIGIN,
            ...(cookie ? { cookie } : {}),
            ...(corpo ? { 'content-type': 'application/json' } : {}),
          },
          ...(corpo ? { payload: JSON.stringify(corpo) } : {}),
        });
        if (res.statusCode !== caso.esperado[quem]) {
          problemas.push(
            `${rota} como ${quem}: ${res.statusCode} (esperado ${caso.esperado[quem]}) ${res.body}`,
          );
          continue;
        }
        if ((quem === 'gestorDeOutra' || quem === 'visitante') && res.body.includes(TAG_A))
          problemas.push(`${rota} como ${quem}: mostra o equipamento de A`);
        if (res.statusCode < 400) continue;
        if (!res.json().error?.message)
          problemas.push(`${rota} como ${quem}: ${res.statusCode} sem mensagem`);
        const mudou = changedTables(antes, await dbFingerprint(t));
        if (mudou.length > 0) problemas.push(`${rota} como ${quem}: recusado, mas mudou ${mudou.join(', ')}`);
      }
    }
    expect(problemas).toEqual([]);
  });
});
