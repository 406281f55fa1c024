import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditoria,
  empresas,
  laudos,
  notificationRules,
  pedidosEmpresa,
  planos,
  tiposLaudo,
} from '../../src/db/schema.ts';
import { assinarDescadastro } from '../../src/modules/preferencias/link.ts';
import { readSettings as getSettings } from '../../src/settings/store.ts';
import { createAdmin, createUser, json } from '../helpers/accounts.ts';
import { testEngine } from '../helpers/db.ts';
import { type JsonSchema, loadOperations, type Operation } from '../helpers/openapi.ts';
import {
  bodyArbitrary,
  describePayload,
  type FuzzHints,
  type Payload,
  pathSegmentArbitrary,
  payloadToRequest,
  queryArbitrary,
} from '../helpers/openapi-fuzz.ts';
import {
  changedTables,
  clienteComSessao,
  criarLaudo,
  dbFingerprint,
  importacaoDeTeste,
  registrosDaEquipe,
} from '../helpers/security.ts';
import { createTestServer, TEST_ORIGIN } from '../helpers/server.ts';

/*
 * Security checklist, item 3: fuzzing from the OpenAPI document with fast-check. Every operation
 * with a JSON body gets schema-shaped bodies, the same bodies broken (wrong types, missing and extra
 * fields, huge strings, binary unicode, nulls, deep nesting, NaN/1e308/-0, another content type,
 * __proto__), fc.anything() and raw text; every GET gets fuzzed query strings and path segments.
 * Whatever comes in: never a 5xx, every 4xx in the error shape with a message, and a refused request
 * saves nothing (a fingerprint of every table before and after).
 */

// Thousands of requests in all (about 5 000, two minutes on PGlite, one on PostgreSQL).
// SECURITY_FUZZ_SCALE=0.1 for a quick look, =10 for a long hunt.
const scale = Number(process.env.SECURITY_FUZZ_SCALE ?? 1);
const RUNS_PER_BODY_ROUTE = Math.max(1, Math.round(150 * scale));
const RUNS_PER_QUERY_ROUTE = Math.max(1, Math.round(50 * scale));

const t = await createTestServer({
  JOBS: 'off',
  // The SES webhook on (decision 036), so its parser meets the fuzzer's bodies.
  SES_SNS_TOPIC_ARNS: 'arn:aws:sns:us-east-1:123456789012:ses-avisos',
  // The abuse limits have their own tests (brute-force.test.ts); here they would only hide depth.
  RATE_LIMIT_SIGNIN_PER_IP: '100000',
  RATE_LIMIT_SIGNIN_PER_EMAIL: '100000',
  RATE_LIMIT_SIGNUP_PER_IP: '100000',
});
const operations = await loadOperations(t);
afterAll(() => t.close());

type Who = 'visitante' | 'cliente' | 'admin';
const cookies: Record<Who, string> = { visitante: '', cliente: '', admin: '' };
let hints: FuzzHints = {};
let targets: Record<string, string> = {};
let laudoDoCliente = { id: '', cliente: '', emailCliente: '', empresaId: '' };
let empresaDoCliente: typeof empresas.$inferSelect | undefined;
let baselineSettings: Awaited<ReturnType<typeof getSettings>>;
let fingerprint: Record<string, string> = {};
const stats = { requests: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  const db = t.server.database.db;
  cookies.admin = (await createAdmin(t)).cookie;
  const cliente = await clienteComSessao(t, { email: 'fuzz@acme.com.br', empresa: 'ACME' });
  cookies.cliente = cliente.cookie;
  const vitima = await createUser(t, { email: 'alvo@beta.com.br', nome: 'Alvo' });
  const pedinte = await createUser(t, {
    email: 'pede@gama.com.br',
    empresa: 'Gama',
    empresaConfirmada: false,
  });
  const [pedido] = await db.select().from(pedidosEmpresa).where(eq(pedidosEmpresa.usuarioId, pedinte.id));
  const [plano] = await db.insert(planos).values({ nome: 'Plano alvo', preco: 10 }).returning();
  const laudo = await criarLaudo(t, cookies.cliente, { nome: 'Caldeira', codigo: 'FZ-1', tipo: 'NR-13' });
  laudoDoCliente = {
    id: laudo.id,
    cliente: 'ACME',
    emailCliente: cliente.email,
    empresaId: cliente.empresaId!,
  };
  [empresaDoCliente] = await db.select().from(empresas).where(eq(empresas.id, cliente.empresaId!));
  const [regra] = await db.select().from(notificationRules).limit(1);
  const post = await t.app.inject({
    method: 'POST',
    url: '/api/admin/blog/posts',
    headers: json(cookies.admin),
    payload: { titulo: 'Post alvo', resumo: 'Resumo', conteudo: 'Texto' },
  });
  targets = {
    // The client's team (their company is put back after each accepted PATCH: afterSuccess).
    ...(await registrosDaEquipe(t, cliente.empresaId!)),
    '/api/admin/planos/{id}': plano!.id,
    // A type the run may change at will (put back after each accepted PATCH: afterSuccess).
    '/api/admin/tipos-laudo/{nome}': 'Consultoria',
    '/api/admin/usuarios/{id}': vitima.id,
    '/api/admin/empresas/{id}': cliente.empresaId!,
    '/api/admin/pedidos-empresa/{id}': pedido!.id,
    '/api/admin/email/templates/{type}': 'laudo_criado',
    '/api/admin/email/mensagens/{id}': '00000000-0000-4000-8000-000000000000',
    '/api/admin/email/supressoes/{id}': '00000000-0000-4000-8000-000000000000',
    '/api/laudos/{id}': laudo.id,
    '/api/laudos/{id}/versoes/{numero}': '1',
    // The laudo's creation is an audit entry (issue 22).
    '/api/admin/auditoria/{id}': (await db.select({ id: auditoria.id }).from(auditoria).limit(1))[0]!.id,
    // The client's company's spreadsheet import (decision 047).
    '/api/importacoes/{id}': await importacaoDeTeste(t, cliente.empresaId!),
    '/api/admin/notificacoes/regras/{id}': regra!.id,
    '/api/admin/blog/posts/{id}': post.json().id,
    '/api/blog/posts/{id}': post.json().id,
    '/api/blog/posts/{idOuSlug}': post.json().slug,
    // A feed token nobody holds (issue 20): a guess is a 404 like any other.
    '/api/calendario/{arquivo}': `${'x'.repeat(43)}.ics`,
    '/api/descadastro/{token}': assinarDescadastro('outro-segredo', cliente.id, 'lembrete_antes'),
  };
  hints = {
    byName: {
      tipo: ['NR-13', 'NR-12', 'cliente', 'admin'],
      planoId: [plano!.id],
      empresaId: [cliente.empresaId!],
      templateType: ['vencimento_7', 'vencido_30'],
      cliente: ['ACME'],
      emailCliente: [cliente.email, ''],
      email: [cliente.email, 'novo@acme.com.br'],
      to: ['destino@acme.com.br'],
      data: ['2026-12-31'],
      dataVencimento: ['2026-12-31', '2027-02-28'],
      vencimentoDe: ['2026-01-01'],
      vencimentoAte: ['2027-01-01'],
      de: ['2026-01-01'],
      ate: ['2027-01-01'],
      runTime: ['09:00', '18:30'],
      senhaAtual: [cliente.password],
      subject: ['Laudo {{ laudo_nome }}'],
      html: ['<p>{{ laudo_nome }}</p>'],
      text: ['{{ laudo_nome }}'],
      conteudo: ['# Título\n\nTexto com **negrito**.'],
    },
  };
  baselineSettings = await getSettings(db);
  fingerprint = await dbFingerprint(t);
});

afterAll(() => {
  const byStatus = [...stats.byStatus.entries()].sort(([a], [b]) => a - b);
  console.info(
    `fuzz (${testEngine}): ${stats.requests} requisições; por status: ${byStatus.map(([s, n]) => `${s}×${n}`).join(', ')}`,
  );
});

/** The real record an operation's path parameter points at (the longest matching path prefix). */
function pathFor(op: Operation, segments: Record<string, string> = {}): string {
  return op.path.replace(/\{([^}]+)\}/g, (whole, name: string, offset: number) => {
    if (segments[name] !== undefined) return segments[name];
    const values = op.pathParams.find((p) => p.name === name)?.schema.enum;
    if (values && values.length > 0) return encodeURIComponent(String(values[0]));
    const key = `${op.path.slice(0, offset)}${whole}`;
    const value = targets[key];
    if (value === undefined)
      throw new Error(`${op.label}: nenhum registro de teste para ${key} (acrescente-o em targets)`);
    return encodeURIComponent(value);
  });
}

function callersFor(op: Operation): Who[] {
  if (op.access === 'admin') return ['admin'];
  if (op.access === 'user') return ['admin', 'cliente'];
  return ['visitante'];
}

/** After a request the server accepted, put back what would blunt the rest of the run. */
async function afterSuccess(op: Operation) {
  const db = t.server.database.db;
  if (op.label === 'PUT /api/admin/settings') await t.server.settings.update(baselineSettings);
  // The fuzzed type goes back to active and tied to no exam (the registry's laudos keep NR-13).
  if (op.label === 'PATCH /api/admin/tipos-laudo/{nome}' || op.label === 'POST /api/admin/tipos-laudo')
    await db
      .update(tiposLaudo)
      .set({ ativo: true, exame: null })
      .where(sql`${tiposLaudo.exame} is not null or ${tiposLaudo.nome} = 'Consultoria'`);
  if (op.label === 'PATCH /api/laudos/{id}') {
    await db
      .update(laudos)
      .set({
        cliente: laudoDoCliente.cliente,
        emailCliente: laudoDoCliente.emailCliente,
        empresaId: laudoDoCliente.empresaId,
      })
      .where(sql`${laudos.id} = ${laudoDoCliente.id}`);
  }
  // The client's company stays active and named (a deactivated one would lock the client out).
  if (op.label === 'PATCH /api/admin/empresas/{id}' && empresaDoCliente) {
    await db.update(empresas).set(empresaDoCliente).where(eq(empresas.id, empresaDoCliente.id));
    await db
      .update(laudos)
      .set({ cliente: empresaDoCliente.nomeFantasia })
      .where(eq(laudos.empresaId, empresaDoCliente.id));
  }
}

let ipCounter = 0;
async function send(op: Operation, who: Who, url: string, payload?: Payload) {
  const body = payload ? payloadToRequest(payload) : undefined;
  ipCounter++;
  return t.app.inject({
    method: op.method,
    url,
    // A different address per request: the per-IP limits are not what is under test here.
    remoteAddress: `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    headers: {
      origin: TEST_ORIGIN,
      ...(cookies[who] ? { cookie: cookies[who] } : {}),
      ...(body ? { 'content-type': body.contentType } : {}),
    },
    ...(body ? { payload: body.payload } : {}),
  });
}

/** What is wrong with an answer (empty when it is fine); also saves or checks the fingerprint. */
async function check(op: Operation, res: Awaited<ReturnType<typeof send>>): Promise<string[]> {
  stats.requests++;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`${res.statusCode}: ${res.body.slice(0, 300)}`);
  if (res.statusCode >= 400) {
    let error: { code?: unknown; message?: unknown } | undefined;
    try {
      error = (res.json() as { error?: typeof error }).error;
    } catch {
      error = undefined;
    }
    if (typeof error?.code !== 'string' || typeof error.message !== 'string' || error.message.trim() === '') {
      problems.push(
        `${res.statusCode} fora do formato { error: { code, message } }: ${res.body.slice(0, 300)}`,
      );
    }
    const after = await dbFingerprint(t);
    const changed = changedTables(fingerprint, after);
    if (changed.length > 0)
      problems.push(`recusado com ${res.statusCode}, mas alterou: ${changed.join(', ')}`);
    // The next request is compared with this one's outcome: a refused sign-in's one audit row
    // (allowed by changedTables) must not add up with the next one's.
    fingerprint = after;
  } else {
    await afterSuccess(op);
    fingerprint = await dbFingerprint(t);
  }
  return problems;
}

const bodyOperations = operations.filter((op) => op.jsonBody);
const getOperations = operations.filter(
  (op) =>
    op.method === 'GET' &&
    (op.queryParams.length > 0 || op.pathParams.length > 0) &&
    !op.path.includes('{*}'),
);

describe('security 3: the inputs the fuzzer once turned into a 500 are 4xx in Portuguese', () => {
  const deep = (n: number) => `{"email":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`;
  const casos: {
    caso: string;
    who: Who;
    method: 'GET' | 'POST' | 'PUT';
    url: string;
    body?: string;
    status: number;
    message: RegExp;
  }[] = [
    {
      caso: 'NUL num campo de texto',
      who: 'cliente',
      method: 'POST',
      url: '/api/laudos',
      body: JSON.stringify({ nome: 'a\u0000b', codigo: 'NUL-1', tipo: 'NR-13' }),
      status: 400,
      message: /^Dados inválidos: o texto enviado tem caracteres não permitidos\.$/,
    },
    {
      caso: 'NUL na busca',
      who: 'cliente',
      method: 'GET',
      url: '/api/laudos?busca=%00',
      status: 400,
      message: /caracteres não permitidos/,
    },
    {
      caso: 'surrogate solto num campo guardado em jsonb',
      who: 'admin',
      method: 'PUT',
      url: '/api/admin/settings',
      body: '{"contact":{"website":"\\udfff\\ud800"}}',
      status: 400,
      message: /caracteres não permitidos/,
    },
    {
      caso: '5000 objetos aninhados para o Better Auth',
      who: 'visitante',
      method: 'POST',
      url: '/api/auth/request-password-reset',
      body: deep(5000),
      status: 400,
      message: /^Dados inválidos: estrutura aninhada demais\.$/,
    },
    {
      caso: 'parâmetro de caminho com mais de 200 caracteres',
      who: 'cliente',
      method: 'GET',
      url: `/api/laudos/${'a'.repeat(201)}`,
      status: 414,
      message: /^Endereço longo demais\.$/,
    },
    {
      caso: 'percent-encoding quebrado no caminho',
      who: 'cliente',
      method: 'GET',
      url: '/api/laudos/%E0%A4%A',
      status: 400,
      message: /^Endereço inválido\.$/,
    },
    {
      caso: 'post publicado no ano 0000',
      who: 'admin',
      method: 'POST',
      url: '/api/admin/blog/posts',
      body: JSON.stringify({ titulo: 't', resumo: 'r', conteudo: 'c', publicadoEm: '0000-02-29T20:00:00Z' }),
      status: 400,
      message: /^Data de publicação inválida/,
    },
    {
      caso: 'post publicado no ano 10000 (9999 com fuso)',
      who: 'admin',
      method: 'POST',
      url: '/api/admin/blog/posts',
      body: JSON.stringify({
        titulo: 't',
        resumo: 'r',
        conteudo: 'c',
        publicadoEm: '9999-12-31T23:59:59-23:59',
      }),
      status: 400,
      message: /^Data de publicação inválida/,
    },
    {
      caso: 'simulação em 9999-12-31',
      who: 'admin',
      method: 'POST',
      url: '/api/admin/notificacoes/simular',
      body: JSON.stringify({ data: '9999-12-31' }),
      status: 400,
      message: /^Dados inválidos/,
    },
  ];
  for (const c of casos) {
    it(`${c.caso}: ${c.method} ${c.url.slice(0, 60)} → ${c.status}`, async () => {
      const antes = await dbFingerprint(t);
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: {
          origin: TEST_ORIGIN,
          ...(cookies[c.who] ? { cookie: cookies[c.who] } : {}),
          ...(c.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(c.body ? { payload: c.body } : {}),
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(c.status);
      expect(res.json().error.message).toMatch(c.message);
      expect(changedTables(antes, await dbFingerprint(t))).toEqual([]);
    });
  }
});

describe('security 3: fuzzing every JSON body of the OpenAPI document', () => {
  it('finds the operations with a JSON body', () => {
    expect(bodyOperations.map((op) => op.label)).toEqual(
      expect.arrayContaining(['POST /api/laudos', 'PATCH /api/laudos/{id}', 'PUT /api/admin/settings']),
    );
  });

  for (const op of bodyOperations) {
    for (const who of callersFor(op)) {
      it(`${op.label} as ${who}: never 5xx, errors in shape, nothing saved when refused`, {
        timeout: 300_000,
      }, async () => {
        const url = pathFor(op);
        await fc.assert(
          fc.asyncProperty(bodyArbitrary(op.jsonBody as JsonSchema, hints), async (payload) => {
            const problems = await check(op, await send(op, who, url, payload));
            if (problems.length > 0)
              throw new Error(
                `${op.label} como ${who}: ${problems.join('; ')}\n  corpo: ${describePayload(payload)}`,
              );
          }),
          { numRuns: RUNS_PER_BODY_ROUTE },
        );
      });
    }
  }
});

describe('security 3: fuzzing query strings and path parameters', () => {
  for (const op of getOperations) {
    for (const who of callersFor(op)) {
      it(`${op.label} as ${who}`, { timeout: 300_000 }, async () => {
        // Each path parameter keeps its real value, takes another of its enum, or gets fuzzed.
        const segments = fc.record(
          Object.fromEntries(
            op.pathParams.map((p) => [
              p.name,
              fc.oneof(
                fc.constant(undefined),
                p.schema.enum
                  ? fc.constantFrom(...p.schema.enum.map((v) => encodeURIComponent(String(v))))
                  : pathSegmentArbitrary(p.schema, hints, p.name),
              ),
            ]),
          ),
        ) as fc.Arbitrary<Record<string, string>>;
        await fc.assert(
          fc.asyncProperty(segments, queryArbitrary(op.queryParams, hints), async (segs, query) => {
            const url = pathFor(op, segs) + query;
            const problems = await check(op, await send(op, who, url));
            if (problems.length > 0)
              throw new Error(`${op.label} como ${who}: ${problems.join('; ')}\n  url: ${url}`);
          }),
          { numRuns: RUNS_PER_QUERY_ROUTE },
        );
      });
    }
  }
});

/** Better Auth's endpoints are one catch-all in the document; their bodies are described here. */
const email: JsonSchema = { type: 'string', format: 'email', maxLength: 254 };
const authBodies: { path: string; who: Who; schema: JsonSchema }[] = [
  {
    path: 'sign-in/email',
    who: 'visitante',
    schema: {
      type: 'object',
      properties: { email, password: { type: 'string', maxLength: 200 }, rememberMe: { type: 'boolean' } },
      required: ['email', 'password'],
    },
  },
  {
    path: 'request-password-reset',
    who: 'visitante',
    schema: {
      type: 'object',
      properties: { email, redirectTo: { type: 'string', maxLength: 300 } },
      required: ['email'],
    },
  },
  {
    path: 'two-factor/verify-totp',
    who: 'visitante',
    schema: { type: 'object', properties: { code: { type: 'string', maxLength: 12 } }, required: ['code'] },
  },
  {
    path: 'two-factor/enable',
    who: 'cliente',
    schema: {
      type: 'object',
      properties: { password: { type: 'string', maxLength: 200 } },
      required: ['password'],
    },
  },
  {
    path: 'revoke-session',
    who: 'cliente',
    schema: {
      type: 'object',
      properties: { token: { type: 'string', maxLength: 200 } },
      required: ['token'],
    },
  },
];

describe('security 3: fuzzing Better Auth’s own endpoints', () => {
  for (const { path, who, schema } of authBodies) {
    it(`POST /api/auth/${path} as ${who}`, { timeout: 300_000 }, async () => {
      const op = operations.find((o) => o.label === 'POST /api/auth/{*}');
      expect(op, 'POST /api/auth/{*} no documento').toBeDefined();
      await fc.assert(
        fc.asyncProperty(bodyArbitrary(schema, hints), async (payload) => {
          const problems = await check(op!, await send(op!, who, `/api/auth/${path}`, payload));
          if (problems.length > 0)
            throw new Error(
              `POST /api/auth/${path} como ${who}: ${problems.join('; ')}\n  corpo: ${describePayload(payload)}`,
            );
        }),
        { numRuns: Math.round(RUNS_PER_BODY_ROUTE / 2) },
      );
    });
  }

  it('no body polluted the server’s Object.prototype', () => {
    const probe = {} as Record<string, unknown>;
    expect([probe.polluted, probe.tipo, probe.isAdmin]).toEqual([undefined, undefined, undefined]);
  });
});
