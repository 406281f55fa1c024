import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, emailLogs, notificationRules, pedidosEmpresa, planos } from '../../src/db/schema.ts';
import { criarCalendario } from '../../src/modules/calendario/service.ts';
import { assinarDescadastro } from '../../src/modules/preferencias/link.ts';
import { createAdmin, createUser, json } from '../helpers/accounts.ts';
import { changesState, loadOperations, type Operation } from '../helpers/openapi.ts';
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
  registrosDaEquipe,
  supressaoDeTeste,
} from '../helpers/security.ts';
import { createTestServer, TEST_ORIGIN } from '../helpers/server.ts';

/*
 * Security checklist, item 7: a state-changing request from another site is refused. Every POST,
 * PUT, PATCH and DELETE of openapi.json, with a valid session cookie, real ids and a body that would
 * work, sent (a) with Origin: https://evil.example, (b) with Sec-Fetch-Site: cross-site, (c) with the
 * cookie and no Origin: 403 ORIGEM_NAO_PERMITIDA in Portuguese, and nothing changes. Better Auth's
 * own endpoints too (sign-out, ending sessions, two-factor, change-password), and addresses written
 * so they do not look like /api/ but are routed there.
 */

const EVIL = 'https://evil.example';
const t = await createTestServer({ JOBS: 'off' });
const operations = await loadOperations(t);
afterAll(() => t.close());

let adminCookie = '';
let cliente: Awaited<ReturnType<typeof clienteComSessao>>;
let reais: Record<string, string> = {};

beforeAll(async () => {
  const db = t.server.database.db;
  adminCookie = (await createAdmin(t)).cookie;
  cliente = await clienteComSessao(t, { email: 'cliente@acme.com.br', empresa: 'ACME' });
  const laudo = await criarLaudoComArquivos(t, cliente.cookie, {
    nome: 'Caldeira',
    codigo: 'CO-1',
    tipo: 'NR-13',
  });
  const post = await t.app.inject({
    method: 'POST',
    url: '/api/admin/blog/posts',
    headers: json(adminCookie),
    payload: { titulo: 'Post', resumo: 'Resumo', conteudo: 'Texto' },
  });
  const [plano] = await db.select().from(planos).limit(1);
  const [regra] = await db.select().from(notificationRules).limit(1);
  const [email] = await db.select().from(emailLogs).limit(1);
  const pedinte = await createUser(t, {
    email: 'pede@gama.com.br',
    empresa: 'Gama',
    empresaConfirmada: false,
  });
  const [pedido] = await db.select().from(pedidosEmpresa).where(eq(pedidosEmpresa.usuarioId, pedinte.id));
  // The client's calendar feed (issue 20): a forged POST or DELETE /api/calendario would replace or revoke it.
  await criarCalendario(db, cliente.id, t.config.publicUrl);
  reais = {
    '/api/laudos/{id}': laudo.id,
    '/api/laudos/{id}/versoes/{numero}': '1',
    '/api/admin/empresas/{id}': cliente.empresaId!,
    '/api/admin/pedidos-empresa/{id}': pedido!.id,
    '/api/admin/usuarios/{id}': cliente.id,
    '/api/admin/planos/{id}': plano!.id,
    '/api/admin/tipos-laudo/{nome}': 'Elevadores',
    '/api/admin/email/templates/{type}': 'laudo_criado',
    '/api/admin/email/mensagens/{id}': email!.id,
    '/api/admin/email/supressoes/{id}': await supressaoDeTeste(t),
    '/api/admin/notificacoes/regras/{id}': regra!.id,
    '/api/admin/blog/posts/{id}': post.json().id,
    '/api/admin/auditoria/{id}': (await db.select({ id: auditoria.id }).from(auditoria).limit(1))[0]!.id,
    '/api/importacoes/{id}': await importacaoDeTeste(t, cliente.empresaId!),
    ...(await registrosDaEquipe(t, cliente.empresaId!)),
  };
});

const UM_CLIQUE = 'POST /api/descadastro/{token}';

/** Bodies that the server would accept from our own pages. */
const corpos: Record<string, unknown> = {
  'POST /api/laudos': { nome: 'Criado de fora', codigo: 'FORA-1', tipo: 'NR-13' },
  'POST /api/importacoes/{id}/previa': {
    mapeamento: { codigo: 'Código', nome: 'Nome', tipo: 'Tipo' },
    existentes: 'pular',
  },
  'POST /api/importacoes/{id}/executar': { existentes: 'pular', enviarEmails: false },
  'PATCH /api/laudos/{id}': { nome: 'Alterado de fora' },
  'POST /api/conta/senha': { senhaAtual: 'senha-do-cliente', novaSenha: 'senha-de-fora-1' },
  'POST /api/admin/usuarios': { nome: 'Invasor', email: 'invasor@evil.example', tipo: 'admin' },
  'PATCH /api/admin/usuarios/{id}': { tipo: 'admin' },
  'PUT /api/admin/blog/posts/{id}': { titulo: 'De fora', resumo: 'x', conteudo: 'x' },
  'POST /api/admin/blog/posts': { titulo: 'De fora', resumo: 'x', conteudo: 'x', publicado: true },
  'POST /api/admin/tipos-laudo': { nome: 'Tipo de fora' },
  'PATCH /api/admin/tipos-laudo/{nome}': { exame: 'interno', periodoMeses: 1 },
  'POST /api/admin/email/limpar-logs': { dias: 1 },
  'POST /api/admin/empresas': { razaoSocial: 'De Fora Ltda.', nomeFantasia: 'De Fora' },
  'PATCH /api/admin/empresas/{id}': { ativo: false },
  'POST /api/admin/pedidos-empresa/{id}/aprovar': {
    nova: { razaoSocial: 'De Fora Ltda.', nomeFantasia: 'De Fora' },
  },
  'POST /api/admin/empresas/{id}/convites': { email: 'invasor@evil.example', papel: 'gestor' },
  'PATCH /api/admin/empresas/{id}/pessoas/{usuarioId}': { papel: 'gestor' },
  'POST /api/empresa/convites': { email: 'invasor@evil.example', papel: 'gestor' },
  'PATCH /api/empresa/pessoas/{id}': { papel: 'gestor' },
  'POST /api/convites/{token}/aceitar': { nome: 'Invasor', senha: 'senha-do-invasor' },
  'POST /api/respostas/{token}': { observacao: 'Pedido forjado de outro site' },
  'POST /api/admin/renovacoes/{id}/estagio': { estagio: 'perdido', motivoPerda: 'Movido de fora' },
  'POST /api/admin/renovacoes/{id}/notas': { nota: 'Nota de fora' },
  'POST /api/conta/pedido-empresa': { nome: 'Outra Empresa' },
  'PUT /api/admin/empresas/{id}/marca': { cor: '#ff0000' },
  'PUT /api/empresa/marca': { cor: '#ff0000' },
};

/** Webhooks called by other services, which send no Origin: the payload's signature is checked. */
const semOrigem = new Set(['POST /api/webhooks/ses']);

/** Better Auth's own state-changing endpoints (one catch-all in the document). */
const betterAuth = [
  'sign-out',
  'revoke-sessions',
  'revoke-other-sessions',
  'revoke-session',
  'two-factor/enable',
  'two-factor/disable',
  'change-password',
  'sign-in/email',
  'request-password-reset',
];

function url(op: Operation): string {
  return op.path.replace(/\{([^}]+)\}/g, (whole, name: string, offset: number) => {
    const values = op.pathParams.find((p) => p.name === name)?.schema.enum;
    if (values?.length) return String(values[0]);
    const value = reais[`${op.path.slice(0, offset)}${whole}`];
    if (value === undefined) throw new Error(`${op.label}: sem registro real para {${name}}`);
    return value;
  });
}

const variantes: { nome: string; headers: Record<string, string> }[] = [
  { nome: 'Origin de outro site', headers: { origin: EVIL } },
  { nome: 'Sec-Fetch-Site: cross-site', headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'cross-site' } },
  { nome: 'cookie sem Origin', headers: {} },
];

async function enviar(
  metodo: string,
  endereco: string,
  label: string,
  cookie: string,
  extra: Record<string, string>,
) {
  let body: { payload: Buffer | string; contentType: string } | undefined;
  if (label === 'POST /api/laudos/{id}/arquivos/{tipo}') body = multipart('de-fora.pdf', pdf(1500));
  else if (label === 'POST /api/importacoes')
    body = multipart('de-fora.csv', Buffer.from('Código;Nome;Tipo\r\nFORA-9;De fora;NR-13\r\n'));
  else if (label.startsWith('POST /api/equipamentos/importacao'))
    body = multipart('de-fora.csv', Buffer.from('TAG;Tipo\r\nFORA-9;Tanque\r\n'));
  else if (label === 'POST /api/laudos/{id}/renovar')
    body = corpoDeRenovacao(
      { codigo: 'FORA-2', dataVencimento: '2100-01-01' },
      { pdf: ['de-fora.pdf', pdf(1500)] },
    );
  else if (metodo !== 'DELETE')
    body = { payload: JSON.stringify(corpos[label] ?? {}), contentType: 'application/json' };
  return t.app.inject({
    method: metodo as 'POST',
    url: endereco,
    headers: { cookie, ...extra, ...(body ? { 'content-type': body.contentType } : {}) },
    ...(body ? { payload: body.payload } : {}),
  });
}

function recusada(res: { statusCode: number; json(): unknown }): boolean {
  const body = res.json() as { error?: { code?: string; message?: string } };
  return (
    res.statusCode === 403 &&
    body.error?.code === 'ORIGEM_NAO_PERMITIDA' &&
    body.error.message === 'Requisição de outra origem recusada.'
  );
}

describe('security 7: a cross-origin state-changing request is refused', () => {
  it('every POST/PUT/PATCH/DELETE of the API, and Better Auth’s own endpoints: 403 ORIGEM_NAO_PERMITIDA, nothing changed', async () => {
    // The one-click unsubscribe is posted by mail providers, from no page: exempt by design (its
    // own test below; decision 035).
    const mudam = operations.filter((op) => changesState(op) && op.label !== UM_CLIQUE);
    expect(mudam.length).toBeGreaterThan(25);
    const storage = path.join(t.dataDir, 'storage', 'laudos');
    const arquivosAntes = filesUnder(storage);
    const bancoAntes = await dbFingerprint(t);
    const problemas: string[] = [];
    const alvos = mudam.flatMap((op) =>
      op.path === '/api/auth/{*}'
        ? betterAuth.map((p) => ({ op, endereco: `/api/auth/${p}`, label: op.label }))
        : [{ op, endereco: url(op), label: op.label }],
    );
    for (const { op, endereco, label } of alvos) {
      const cookie = op.access === 'user' ? cliente.cookie : adminCookie;
      for (const v of variantes) {
        const res = await enviar(op.method, endereco, label, cookie, v.headers);
        // Machines post here without an Origin (decision 036): the SNS signature is its guard, so
        // it is not refused for the origin, but an unsigned post still changes nothing.
        if (semOrigem.has(label)) {
          if (res.statusCode < 400 || res.statusCode >= 500)
            problemas.push(
              `${op.method} ${endereco} (${v.nome}): ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          continue;
        }
        if (!recusada(res))
          problemas.push(`${op.method} ${endereco} (${v.nome}): ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(problemas).toEqual([]);
    expect(changedTables(bancoAntes, await dbFingerprint(t)), 'tabelas alteradas').toEqual([]);
    expect(filesUnder(storage)).toEqual(arquivosAntes);
    // The sessions were not ended by the refused sign-outs.
    for (const cookie of [adminCookie, cliente.cookie])
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(
        200,
      );
  });

  it('the one exception: the one-click unsubscribe (RFC 8058) takes a POST from anywhere, but only with a valid signed token', async () => {
    expect(operations.filter(changesState).map((op) => op.label)).toContain(UM_CLIQUE);
    const antes = await dbFingerprint(t);
    for (const v of variantes) {
      const forjado = await t.app.inject({
        method: 'POST',
        url: `/api/descadastro/${assinarDescadastro('outro-segredo', cliente.id, 'lembrete_antes')}`,
        headers: v.headers,
      });
      expect(forjado.statusCode, v.nome).toBe(404);
      expect(forjado.json().error.code).toBe('LINK_INVALIDO');
    }
    expect(changedTables(antes, await dbFingerprint(t))).toEqual([]);
    // The GET of the same address, and the person's own preferences, are not exempt.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/preferencias',
      headers: { origin: EVIL, cookie: cliente.cookie, 'content-type': 'application/json' },
      payload: { itens: [{ tipo: 'lembrete_antes', canal: 'email', ativo: false }] },
    });
    expect(recusada(put)).toBe(true);
    const valido = await t.app.inject({
      method: 'POST',
      url: `/api/descadastro/${assinarDescadastro(t.config.authSecret, cliente.id, 'resumo_mensal')}`,
      headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(valido.statusCode, valido.body).toBe(200);
    expect(valido.json()).toMatchObject({ tipo: 'resumo_mensal', descadastrado: true });
  });

  it('the same requests from our own pages do go through (the refusal above was about the origin)', async () => {
    const res = await enviar('POST', '/api/laudos', 'POST /api/laudos', cliente.cookie, {
      origin: TEST_ORIGIN,
    });
    expect(res.statusCode, res.body).toBe(201);
    const sair = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-other-sessions',
      headers: json(cliente.cookie),
      payload: {},
    });
    expect(sair.statusCode, sair.body).toBe(200);
  });

  it('addresses that do not look like /api/ but are routed there are checked too (real HTTP)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const post = (rawPath: string, body: unknown) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const text = JSON.stringify(body);
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: rawPath,
            headers: {
              origin: EVIL,
              cookie: cliente.cookie,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(text),
            },
          },
          (res) => {
            let data = '';
            res.on('data', (c) => {
              data += c;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
          },
        );
        req.on('error', reject);
        req.end(text);
      });
    const antes = await dbFingerprint(t);
    const tentativas = [
      '/%61pi/laudos',
      '/%61%70%69/laudos',
      '/api/%6caudos',
      '/api/auth/callback/../sign-out',
      '/api/auth/callback/%2e%2e/sign-out',
      '/api/auth/callback/x/../../revoke-sessions',
    ];
    const problemas: string[] = [];
    for (const rawPath of tentativas) {
      const res = await post(rawPath, {
        nome: 'Por endereço torto',
        codigo: `TORTO-${rawPath.length}`,
        tipo: 'NR-13',
      });
      if (res.status !== 403 && res.status !== 404)
        problemas.push(`${rawPath}: ${res.status} ${res.body.slice(0, 120)}`);
    }
    expect(problemas).toEqual([]);
    expect(changedTables(antes, await dbFingerprint(t))).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cliente.cookie } })).statusCode,
    ).toBe(200);
  });

  it('reads answered to another site carry no CORS permission, so its page cannot read them', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cliente.cookie, origin: EVIL },
    });
    expect(me.headers['access-control-allow-origin']).toBeUndefined();
    expect(me.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/laudos',
      headers: { origin: EVIL, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
