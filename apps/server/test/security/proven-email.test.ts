import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { authVerification, emailLogs, laudos, usuarios } from '../../src/db/schema.ts';
import { createAdmin, json, lastEmailTo } from '../helpers/accounts.ts';
import { clienteComSessao, criarLaudo, criarLaudoComArquivos } from '../helpers/security.ts';
import { createTestServer, signIn, TEST_ORIGIN } from '../helpers/server.ts';

/*
 * Security checklist, item 9 (issue 13, points 1 and 2): access comes only through a proven e-mail,
 * a sign-up says nothing about who has an account, an unproven account never blocks the real owner,
 * and a client addresses laudos only to their own people.
 */

const t = await createTestServer({ JOBS: 'on', EMAIL_RATE_PER_SECOND: '100' });
afterAll(() => t.close());
const db = t.server.database.db;

async function cadastrar(email: string, senha: string, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cadastro',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { nome: 'Alguém', email, senha, ...extra },
  });
}

/** The token of the newest confirmation link mailed to `email`. */
async function linkDeConfirmacao(email: string): Promise<string> {
  const msg = await lastEmailTo(t, email, 'Confirme seu e-mail');
  const m = /\/confirmar-email\?token=([A-Za-z0-9_-]+)/.exec(msg.text);
  if (!m) throw new Error(`sem link em: ${msg.text}`);
  return m[1]!;
}

async function confirmar(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/conta/confirmar-email',
    headers: json(),
    payload: { token },
  });
}

async function get(url: string, cookie: string) {
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

async function emailsPara(endereco: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailLogs)
    .where(eq(sql`lower(${emailLogs.recipientEmail})`, endereco));
  return r?.n ?? 0;
}

const admin = await createAdmin(t);

describe('security 9: a proven e-mail', () => {
  it('a sign-up with the address laudos go to sees, downloads and deletes nothing until it follows the link; the link works once', async () => {
    const alvo = 'compras@cliente-alvo.com.br';
    const laudo = await criarLaudoComArquivos(t, admin.cookie, {
      nome: 'Caldeira 3',
      codigo: 'CLD-ALVO-3',
      tipo: 'NR-13',
      cliente: 'Cliente Alvo',
      emailCliente: alvo,
    });

    const res = await cadastrar('Compras@Cliente-Alvo.com.br', 'senha-do-estranho');
    expect(res.statusCode).toBe(201);
    expect(res.headers['set-cookie']).toBeUndefined();
    const cookie = await signIn(t.app, alvo, 'senha-do-estranho');

    const lista = await get('/api/laudos', cookie);
    expect(lista.json().laudos).toEqual([]);
    expect((await get('/api/laudos/estatisticas', cookie)).json()).toMatchObject({ total: 0 });
    expect((await get(`/api/laudos/${laudo.id}`, cookie)).statusCode).toBe(404);
    expect((await get(`/api/laudos/${laudo.id}/arquivos/pdf`, cookie)).statusCode).toBe(404);
    const apagar = await t.app.inject({
      method: 'DELETE',
      url: `/api/laudos/${laudo.id}`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(apagar.statusCode).toBe(404);
    expect(await db.select({ id: laudos.id }).from(laudos).where(eq(laudos.id, laudo.id))).toHaveLength(1);
    // An unproven account cannot make the firm mail anyone either.
    const criar = await t.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: json(cookie),
      payload: { nome: 'Boleto vencido: pague em http://x', codigo: 'X-1', tipo: 'NR-13' },
    });
    expect(criar.statusCode).toBe(403);
    expect(criar.json().error.code).toBe('EMAIL_NAO_CONFIRMADO');
    expect((await get('/api/me', cookie)).json().email_verificado).toBe(false);

    // The mailbox's owner follows the link: now the laudos addressed to it are visible.
    const token = await linkDeConfirmacao(alvo);
    const ok = await confirmar(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true, email: alvo });
    expect((await get('/api/me', cookie)).json().email_verificado).toBe(true);
    expect((await get('/api/laudos', cookie)).json().laudos.map((l: { id: string }) => l.id)).toEqual([
      laudo.id,
    ]);
    expect((await get(`/api/laudos/${laudo.id}/arquivos/pdf`, cookie)).statusCode).toBe(200);

    // Once only.
    const de_novo = await confirmar(token);
    expect(de_novo.statusCode).toBe(400);
    expect(de_novo.json().error.code).toBe('LINK_INVALIDO');
  });

  it('a link older than 24 hours is refused; the banner resends one, a few times an hour', async () => {
    const email = 'atrasado@cliente.com.br';
    expect((await cadastrar(email, 'senha-do-atrasado')).statusCode).toBe(201);
    const cookie = await signIn(t.app, email, 'senha-do-atrasado');
    const token = await linkDeConfirmacao(email);
    // 24 hours and a minute later.
    await db
      .update(authVerification)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${authVerification.value} like ${`%"${email}"%`}`);
    const velho = await confirmar(token);
    expect(velho.statusCode).toBe(400);
    expect(velho.json().error.message).toBe(
      'Este link de confirmação é inválido, expirou ou já foi usado. Entre na sua conta e peça um novo.',
    );

    const reenviar = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/conta/reenviar-confirmacao',
        headers: json(cookie),
        payload: {},
      });
    const antes = await emailsPara(email);
    expect((await reenviar()).statusCode).toBe(200);
    expect(await emailsPara(email)).toBe(antes + 1);
    const novo = await waitForNewLink(email, token);
    expect((await reenviar()).statusCode).toBe(200);
    expect((await reenviar()).statusCode).toBe(200);
    const limite = await reenviar();
    expect(limite.statusCode).toBe(429);
    expect(limite.json().error.message).toMatch(
      /^Muitas tentativas\. Aguarde \d+ minutos e tente novamente\.$/,
    );
    expect((await confirmar(novo)).statusCode).toBe(200);
    const depois = await reenviar();
    expect(depois.statusCode).toBe(400);
    expect(depois.json().error.code).toBe('EMAIL_JA_CONFIRMADO');
  });
});

describe('security 9: no enumeration, no squatting', () => {
  it('a sign-up with a taken e-mail answers byte for byte like a new one, mails the owner, and changes nothing', async () => {
    const dono = await clienteComSessao(t, { email: 'dona@empresa-real.com.br', nome: 'Dona Real' });
    const novo = await cadastrar('ninguem-ainda@empresa-real.com.br', 'senha-qualquer-1');
    const tomado = await cadastrar('DONA@empresa-real.com.br', 'senha-qualquer-1');
    expect(tomado.statusCode).toBe(novo.statusCode);
    expect(tomado.body).toBe(novo.body);
    expect(tomado.headers['set-cookie']).toBeUndefined();
    expect(novo.headers['set-cookie']).toBeUndefined();
    expect(tomado.headers['content-type']).toBe(novo.headers['content-type']);

    const aviso = await lastEmailTo(t, dono.email, 'Alguém tentou criar uma conta com seu e-mail');
    expect(aviso.text).toContain(`${TEST_ORIGIN}/forgot-password`);
    // The owner's password still works, and the attacker's does not.
    expect(await signIn(t.app, dono.email, dono.password)).toContain('session_token');
    const intruso = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json(),
      payload: { email: dono.email, password: 'senha-qualquer-1' },
    });
    expect(intruso.statusCode).toBe(401);
    const perfis = await db
      .select({ nome: usuarios.nome })
      .from(usuarios)
      .where(eq(sql`lower(${usuarios.email})`, dono.email));
    expect(perfis).toEqual([{ nome: 'Dona Real' }]);
  });

  it('an unproven sign-up never blocks the owner: the admin creating the user takes the address and the squatter’s session dies', async () => {
    const email = 'gerente@metalurgica-alvo.com.br';
    expect((await cadastrar(email, 'senha-do-invasor', { empresa: 'Metalúrgica Alvo' })).statusCode).toBe(
      201,
    );
    const invasor = await signIn(t.app, email, 'senha-do-invasor');
    expect((await get('/api/me', invasor)).statusCode).toBe(200);

    const criado = await t.app.inject({
      method: 'POST',
      url: '/api/admin/usuarios',
      headers: json(admin.cookie),
      payload: { nome: 'Gerente de Verdade', email },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    expect(criado.json().usuario).toMatchObject({ nome: 'Gerente de Verdade', email, primeiroAcesso: true });
    expect((await get('/api/me', invasor)).statusCode).toBe(401);
    const entrar = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json(),
      payload: { email, password: 'senha-do-invasor' },
    });
    expect(entrar.statusCode).toBe(401);
    const perfis = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, email));
    expect(perfis).toEqual([{ id: criado.json().usuario.id }]);
  });

  it('the owner signing up after a squatter gets a link that replaces the unproven account', async () => {
    const email = 'tecnico@fabrica-alvo.com.br';
    expect((await cadastrar(email, 'senha-do-invasor')).statusCode).toBe(201);
    const invasor = await signIn(t.app, email, 'senha-do-invasor');
    const primeiroLink = await linkDeConfirmacao(email);

    expect((await cadastrar(email, 'senha-da-dona-1', { nome: 'Técnica Dona' })).statusCode).toBe(201);
    const link = await waitForNewLink(email, primeiroLink);
    expect((await confirmar(link)).statusCode).toBe(200);

    expect((await get('/api/me', invasor)).statusCode).toBe(401);
    const dona = await signIn(t.app, email, 'senha-da-dona-1');
    expect((await get('/api/me', dona)).json()).toMatchObject({
      nome: 'Técnica Dona',
      email_verificado: true,
    });
    // The squatter's own link no longer proves anything.
    expect((await confirmar(primeiroLink)).statusCode).toBe(400);
  });

  it('a password reset by the mailbox’s owner proves the address and ends the squatter’s sessions', async () => {
    const email = 'financeiro@industria-alvo.com.br';
    expect((await cadastrar(email, 'senha-do-invasor', { empresa: 'Empresa Falsa' })).statusCode).toBe(201);
    const invasor = await signIn(t.app, email, 'senha-do-invasor');
    const pedido = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: json(),
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(pedido.statusCode).toBe(200);
    const msg = await lastEmailTo(t, email, 'Redefinição de senha');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(msg.text)![1]!;
    const redefinir = await t.app.inject({
      method: 'POST',
      url: '/api/conta/redefinir-senha',
      headers: json(),
      payload: { token, novaSenha: 'senha-da-dona-2' },
    });
    expect(redefinir.statusCode, redefinir.body).toBe(200);
    expect((await get('/api/me', invasor)).statusCode).toBe(401);
    const dona = await signIn(t.app, email, 'senha-da-dona-2');
    // The squatter's request to join "Empresa Falsa" went with the takeover.
    expect((await get('/api/me', dona)).json()).toMatchObject({
      email_verificado: true,
      empresa: null,
      pedido_empresa: null,
    });
  });
});

async function waitForNewLink(email: string, anterior: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const token = await linkDeConfirmacao(email);
    if (token !== anterior) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('o novo link não chegou');
}

describe('security 9: clients address only their own people', () => {
  it('client A cannot create or PATCH a laudo addressed to B: 403, no row, no e-mail; a confirmed colleague is fine', async () => {
    const empresa = 'Usina Azul';
    const a = await clienteComSessao(t, { email: 'ana@usina-azul.com.br', empresa });
    const colega = await clienteComSessao(t, { email: 'bruno@usina-azul.com.br', empresa });
    const b = await clienteComSessao(t, { email: 'carla@vizinha.com.br', empresa: 'Vizinha S.A.' });
    const antesB = await emailsPara(b.email);
    const linhasAntes = (await db.select({ id: laudos.id }).from(laudos)).length;

    const criar = await t.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: json(a.cookie),
      payload: {
        nome: 'Boleto vencido: pague em http://golpe.example',
        codigo: 'GOLPE-1',
        tipo: 'NR-13',
        emailCliente: 'Carla@Vizinha.com.br',
      },
    });
    expect(criar.statusCode).toBe(403);
    expect(criar.json().error).toEqual({
      code: 'DESTINATARIO_NAO_PERMITIDO',
      message:
        'Você só pode enviar laudos para o seu e-mail ou para o de um colega da sua empresa com e-mail confirmado.',
    });
    expect((await db.select({ id: laudos.id }).from(laudos)).length).toBe(linhasAntes);

    const meu = await criarLaudo(t, a.cookie, { nome: 'Vaso 1', codigo: 'USA-V1', tipo: 'NR-13' });
    const mudar = await t.app.inject({
      method: 'PATCH',
      url: `/api/laudos/${meu.id}`,
      headers: json(a.cookie),
      payload: { emailCliente: b.email, nome: 'Boleto vencido' },
    });
    expect(mudar.statusCode).toBe(403);
    const [salvo] = await db.select().from(laudos).where(eq(laudos.id, meu.id));
    expect(salvo).toMatchObject({ nome: 'Vaso 1', emailCliente: a.email });
    expect((await get('/api/laudos', b.cookie)).json().laudos).toEqual([]);
    expect(await emailsPara(b.email)).toBe(antesB);

    // A colleague of the same confirmed company, with a proven e-mail, may be addressed.
    const paraColega = await t.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: json(a.cookie),
      payload: { nome: 'Vaso 2', codigo: 'USA-V2', tipo: 'NR-13', emailCliente: colega.email },
    });
    expect(paraColega.statusCode, paraColega.body).toBe(201);
    expect(paraColega.json().laudo.email_cliente).toBe(colega.email);
    await lastEmailTo(t, colega.email, 'Novo Laudo Criado: Vaso 2');
    const patchColega = await t.app.inject({
      method: 'PATCH',
      url: `/api/laudos/${meu.id}`,
      headers: json(a.cookie),
      payload: { emailCliente: colega.email },
    });
    expect(patchColega.statusCode).toBe(200);

    // A colleague who never proved their e-mail may not.
    await clienteComSessao(t, { email: 'novato@usina-azul.com.br', empresa });
    await db.execute(
      sql`update auth_user set email_verified = false where lower(email) = 'novato@usina-azul.com.br'`,
    );
    const paraNovato = await t.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: json(a.cookie),
      payload: { nome: 'Vaso 3', codigo: 'USA-V3', tipo: 'NR-13', emailCliente: 'novato@usina-azul.com.br' },
    });
    expect(paraNovato.statusCode).toBe(403);
  });
});
