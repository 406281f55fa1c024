import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { authSession, authUser, convites, empresas, planos, usuarios } from '../src/db/schema.ts';
import { unseal } from '../src/email/seal.ts';
import { EMAIL_QUEUE } from '../src/jobs/enviar-email.ts';
import { createAdmin, createUser, empresaDeTeste, json, lastEmailTo } from './helpers/accounts.ts';
import { createTestServer, signIn, TEST_ORIGIN, type TestServer } from './helpers/server.ts';

/**
 * Teams (issue 17): a gestor invites colleagues by e-mail, resends or cancels invitations, changes
 * roles and deactivates people; admins do the same for any company. The plan's max_usuarios counts
 * active people plus pending invitations, and a company keeps an active gestor.
 */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
const start = async (env: Record<string, string> = {}) => {
  t = await createTestServer({ JOBS: 'off', ...env });
  return t;
};

type Metodo = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function chamar(t: TestServer, method: Metodo, url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: payload === undefined ? { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } : json(cookie),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const LIMITE = (plano: string, max: number) =>
  `Limite do plano atingido: o plano ${plano} permite até ${max} usuários. Fale conosco para mudar de plano.`;

/** A company on its own plan of `maxUsuarios` seats, with a signed-in gestor. */
async function empresaComGestor(t: TestServer, nome: string, maxUsuarios = 10) {
  const db = t.server.database.db;
  const [plano] = await db
    .insert(planos)
    .values({ nome: `Plano ${nome}`, maxUsuarios, maxLaudos: 100 })
    .returning({ id: planos.id, nome: planos.nome });
  const empresaId = await empresaDeTeste(t, nome, { planoId: plano!.id });
  const slug = nome.toLowerCase().replace(/\W+/g, '');
  const gestor = await pessoa(t, empresaId, `gestor@${slug}.com.br`, 'gestor', `Gestora ${nome}`);
  return { empresaId, plano: plano!, gestor };
}

async function pessoa(
  t: TestServer,
  empresaId: string,
  email: string,
  papel: 'gestor' | 'membro',
  nome = `Pessoa ${email}`,
) {
  const u = await createUser(t, { email, nome, empresaId, papel });
  return { ...u, cookie: await signIn(t.app, u.email, u.password) };
}

/**
 * The last invitation e-mail queued for `email`, read the way the delivery worker reads it (the
 * queue holds it sealed), with the token of its link.
 */
async function conviteNaFila(t: TestServer, email: string) {
  const result = (await t.server.database.db.execute(
    sql`select data from pgboss.job where name = ${EMAIL_QUEUE} order by created_on desc`,
  )) as unknown as { rows: { data: { sealed: string } }[] };
  for (const row of result.rows) {
    const msg = unseal<{ to: { address: string }; subject: string; text: string; html: string }>(
      t.config.authSecret,
      row.data.sealed,
    );
    if (msg.to.address !== email || !msg.subject.startsWith('Convite para a equipe')) continue;
    const token = /\/convite\/([\w-]+)/.exec(msg.text)?.[1];
    if (!token) throw new Error(`convite sem link: ${msg.text}`);
    return { ...msg, token };
  }
  throw new Error(`nenhum convite na fila para ${email}`);
}

async function convidar(t: TestServer, cookie: string, email: string, extra: Record<string, unknown> = {}) {
  return chamar(t, 'POST', '/api/empresa/convites', cookie, { email, ...extra });
}

describe('invitations', () => {
  it('gestor invites → the e-mail brings the link → the page shows it → accepting creates the proven account in the company, which sees its laudos', async () => {
    const t = await start({ JOBS: 'on', EMAIL_RATE_PER_SECOND: '100' });
    const admin = await createAdmin(t);
    const { empresaId, gestor } = await empresaComGestor(t, 'Usina Horizonte');
    const laudo = await chamar(t, 'POST', '/api/laudos', admin.cookie, {
      nome: 'Caldeira 3',
      codigo: 'UH-CAL-3',
      tipo: 'NR-13',
      empresaId,
    });
    expect(laudo.statusCode, laudo.body).toBe(201);

    const res = await convidar(t, gestor.cookie, 'Rafael@UsinaHorizonte.com.br', { nome: 'Rafael Costa' });
    expect(res.statusCode, res.body).toBe(201);
    const { convite } = res.json();
    expect(convite).toMatchObject({
      email: 'rafael@usinahorizonte.com.br',
      nome: 'Rafael Costa',
      papel: 'membro',
      expirado: false,
    });
    const dias = (Date.parse(convite.expiraEm) - Date.now()) / 86_400_000;
    expect(dias).toBeGreaterThan(6.99);
    expect(dias).toBeLessThanOrEqual(7);

    // The gestor sees it pending, and it takes a seat.
    const equipe = (await chamar(t, 'GET', '/api/empresa', gestor.cookie)).json();
    expect(equipe.convites.map((c: { email: string }) => c.email)).toEqual(['rafael@usinahorizonte.com.br']);
    expect(equipe.empresa.usuarios).toEqual({ usados: 2, limite: 10 });

    const email = await lastEmailTo(t, 'rafael@usinahorizonte.com.br', 'Convite para a equipe');
    expect(email.subject).toBe('Convite para a equipe Usina Horizonte no Laudos');
    expect(email.text).toContain('Olá, Rafael Costa,');
    expect(email.text).toContain('Gestora Usina Horizonte convidou você para a equipe da Usina Horizonte');
    expect(email.text).toContain('como membro');
    expect(email.text).toContain('válido por 7 dias');
    const token = new RegExp(`${TEST_ORIGIN}/convite/([\\w-]+)`).exec(email.text)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(email.html).toContain(`${TEST_ORIGIN}/convite/${token}`);

    // The token is nowhere in the database in clear: only its SHA-256 in convites, and the queued
    // e-mail is sealed.
    const db = t.server.database.db;
    const leaked = (await db.execute(
      sql`select (select count(*) from convites where token_hash like ${`%${token}%`} or email like ${`%${token}%`})
            + (select count(*) from email_logs where metadata::text like ${`%${token}%`} or subject like ${`%${token}%`})
            + (select count(*) from pgboss.job where data::text like ${`%${token}%`}) as n`,
    )) as unknown as { rows: { n: number | string }[] };
    expect(Number(leaked.rows[0]?.n)).toBe(0);

    const aberto = await chamar(t, 'GET', `/api/convites/${token}`);
    expect(aberto.statusCode).toBe(200);
    expect(aberto.json()).toEqual({
      empresa: 'Usina Horizonte',
      email: 'rafael@usinahorizonte.com.br',
      nome: 'Rafael Costa',
      papel: 'membro',
      expiraEm: convite.expiraEm,
    });

    const aceito = await chamar(t, 'POST', `/api/convites/${token}/aceitar`, undefined, {
      nome: 'Rafael C. Costa',
      senha: 'senha-do-rafael',
    });
    expect(aceito.statusCode, aceito.body).toBe(200);
    expect(aceito.json()).toEqual({ ok: true, email: 'rafael@usinahorizonte.com.br' });

    const cookie = await signIn(t.app, 'rafael@usinahorizonte.com.br', 'senha-do-rafael');
    const me = (await chamar(t, 'GET', '/api/me', cookie)).json();
    expect(me).toMatchObject({
      nome: 'Rafael C. Costa',
      empresa: 'Usina Horizonte',
      empresa_id: empresaId,
      papel: 'membro',
      email_verificado: true,
      primeiro_acesso: false,
    });
    const laudos = (await chamar(t, 'GET', '/api/laudos', cookie)).json();
    expect(laudos.laudos.map((l: { codigo: string }) => l.codigo)).toEqual(['UH-CAL-3']);

    // Used up: the link no longer opens, and the seat is now the person's.
    expect((await chamar(t, 'GET', `/api/convites/${token}`)).statusCode).toBe(404);
    const depois = (await chamar(t, 'GET', '/api/empresa', gestor.cookie)).json();
    expect(depois.convites).toEqual([]);
    expect(depois.empresa.usuarios).toEqual({ usados: 2, limite: 10 });
    expect(depois.pessoas.map((p: { email: string }) => p.email)).toContain('rafael@usinahorizonte.com.br');
  });

  it('the plan limit counts people and pending invitations: the (M+1)th is refused with the plan’s name; a cancelled one frees the seat', async () => {
    const t = await start();
    const { gestor, plano } = await empresaComGestor(t, 'Fundição Leste', 3);
    expect((await convidar(t, gestor.cookie, 'a@leste.com.br')).statusCode).toBe(201);
    const b = await convidar(t, gestor.cookie, 'b@leste.com.br');
    expect(b.statusCode).toBe(201);

    const cheio = await convidar(t, gestor.cookie, 'c@leste.com.br');
    expect(cheio.statusCode).toBe(409);
    expect(cheio.json().error).toEqual({ code: 'LIMITE_USUARIOS', message: LIMITE(plano.nome, 3) });

    // Renewing a pending invitation takes no new seat.
    expect((await convidar(t, gestor.cookie, 'b@leste.com.br')).statusCode).toBe(201);

    const cancelado = await chamar(
      t,
      'DELETE',
      `/api/empresa/convites/${b.json().convite.id}`,
      gestor.cookie,
    );
    expect(cancelado.statusCode).toBe(204);
    const c = await convidar(t, gestor.cookie, 'c@leste.com.br');
    expect(c.statusCode, c.body).toBe(201);
    expect((await chamar(t, 'GET', '/api/empresa', gestor.cookie)).json().empresa.usuarios).toEqual({
      usados: 3,
      limite: 3,
    });
  });

  it('two invitations for the last seat at the same instant: exactly one is sent', async () => {
    const t = await start();
    const { gestor, plano } = await empresaComGestor(t, 'Borracha Leste', 2);
    const respostas = await Promise.all(
      ['um@borracha.com.br', 'dois@borracha.com.br'].map((email) => convidar(t, gestor.cookie, email)),
    );
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(respostas.find((r) => r.statusCode === 409)?.json().error.message).toBe(LIMITE(plano.nome, 2));
    const pendentes = await t.server.database.db.select().from(convites);
    expect(pendentes).toHaveLength(1);
  });

  it('cancelled and expired invitations do not open nor accept; a used one cannot be accepted again', async () => {
    const t = await start();
    const { gestor } = await empresaComGestor(t, 'Têxtil Aurora');
    const db = t.server.database.db;

    const cancelar = await convidar(t, gestor.cookie, 'cancelado@aurora.com.br');
    const tokenCancelado = (await conviteNaFila(t, 'cancelado@aurora.com.br')).token;
    expect((await chamar(t, 'GET', `/api/convites/${tokenCancelado}`)).statusCode).toBe(200);
    await chamar(t, 'DELETE', `/api/empresa/convites/${cancelar.json().convite.id}`, gestor.cookie);

    const expirar = await convidar(t, gestor.cookie, 'expirado@aurora.com.br');
    const tokenExpirado = (await conviteNaFila(t, 'expirado@aurora.com.br')).token;
    await db
      .update(convites)
      .set({ expiraEm: new Date(Date.now() - 60_000) })
      .where(eq(convites.id, expirar.json().convite.id));

    for (const token of [tokenCancelado, tokenExpirado, 'token-que-nao-existe']) {
      const aberto = await chamar(t, 'GET', `/api/convites/${token}`);
      expect(aberto.statusCode).toBe(404);
      expect(aberto.json().error).toEqual({
        code: 'CONVITE_INVALIDO',
        message: 'Convite inválido ou expirado.',
      });
      const aceito = await chamar(t, 'POST', `/api/convites/${token}/aceitar`, undefined, {
        nome: 'Alguém',
        senha: 'senha-qualquer-1',
      });
      expect(aceito.statusCode).toBe(404);
      expect(aceito.json().error.code).toBe('CONVITE_INVALIDO');
    }
    const contas = await db
      .select()
      .from(usuarios)
      .where(sql`${usuarios.email} in ('cancelado@aurora.com.br', 'expirado@aurora.com.br')`);
    expect(contas).toEqual([]);

    // The expired one is listed as such (to resend) and no longer holds a seat.
    const equipe = (await chamar(t, 'GET', '/api/empresa', gestor.cookie)).json();
    expect(equipe.convites).toEqual([
      expect.objectContaining({ email: 'expirado@aurora.com.br', expirado: true }),
    ]);
    expect(equipe.empresa.usuarios.usados).toBe(1);

    await convidar(t, gestor.cookie, 'duas-vezes@aurora.com.br');
    const { token } = await conviteNaFila(t, 'duas-vezes@aurora.com.br');
    const corpo = { nome: 'Duas Vezes', senha: 'senha-duas-vezes' };
    expect((await chamar(t, 'POST', `/api/convites/${token}/aceitar`, undefined, corpo)).statusCode).toBe(
      200,
    );
    const segunda = await chamar(t, 'POST', `/api/convites/${token}/aceitar`, undefined, {
      ...corpo,
      senha: 'outra-senha-aqui',
    });
    expect(segunda.statusCode).toBe(404);
    expect(segunda.json().error.code).toBe('CONVITE_INVALIDO');
    // The first password stands.
    await signIn(t.app, 'duas-vezes@aurora.com.br', 'senha-duas-vezes');
  });

  it('two accepts of one link at the same instant give exactly one account', async () => {
    const t = await start();
    const { gestor } = await empresaComGestor(t, 'Papel Sul');
    await convidar(t, gestor.cookie, 'corrida@papelsul.com.br');
    const { token } = await conviteNaFila(t, 'corrida@papelsul.com.br');
    const respostas = await Promise.all(
      ['senha-da-primeira', 'senha-da-segunda'].map((senha) =>
        chamar(t, 'POST', `/api/convites/${token}/aceitar`, undefined, { nome: 'Corrida', senha }),
      ),
    );
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const contas = await t.server.database.db
      .select()
      .from(usuarios)
      .where(eq(usuarios.email, 'corrida@papelsul.com.br'));
    expect(contas).toHaveLength(1);
  });

  it('accepting asks for a valid password and refuses an address that got an account meanwhile; a deactivated company takes no one in', async () => {
    const t = await start();
    const { empresaId, gestor } = await empresaComGestor(t, 'Química Norte');
    await convidar(t, gestor.cookie, 'fraca@quimica.com.br');
    const fraca = (await conviteNaFila(t, 'fraca@quimica.com.br')).token;
    const curta = await chamar(t, 'POST', `/api/convites/${fraca}/aceitar`, undefined, {
      nome: 'Fraca',
      senha: '1234',
    });
    expect(curta.statusCode).toBe(400);
    expect(curta.json().error).toEqual({
      code: 'SENHA_FRACA',
      message: 'A senha deve ter entre 8 e 128 caracteres.',
    });

    // Meanwhile an admin created the account.
    await createUser(t, { email: 'fraca@quimica.com.br', emailVerified: true });
    const tomado = await chamar(t, 'POST', `/api/convites/${fraca}/aceitar`, undefined, {
      nome: 'Fraca',
      senha: 'senha-forte-agora',
    });
    expect(tomado.statusCode).toBe(409);
    expect(tomado.json().error).toEqual({
      code: 'EMAIL_JA_CADASTRADO',
      message: 'Este e-mail já tem uma conta no Laudos. Peça ao administrador para vinculá-la à empresa.',
    });

    await convidar(t, gestor.cookie, 'tarde@quimica.com.br');
    const tarde = (await conviteNaFila(t, 'tarde@quimica.com.br')).token;
    await t.server.database.db.update(empresas).set({ ativo: false }).where(eq(empresas.id, empresaId));
    expect((await chamar(t, 'GET', `/api/convites/${tarde}`)).statusCode).toBe(404);
    const inativa = await chamar(t, 'POST', `/api/convites/${tarde}/aceitar`, undefined, {
      nome: 'Tarde',
      senha: 'senha-forte-tarde',
    });
    expect(inativa.statusCode).toBe(404);
    expect(inativa.json().error.code).toBe('CONVITE_INVALIDO');
  });

  it('an address of the team or with an account is refused; an unproven sign-up gives way to the invited owner', async () => {
    const t = await start();
    const { empresaId, gestor } = await empresaComGestor(t, 'Metal Vale');
    await pessoa(t, empresaId, 'colega@metalvale.com.br', 'membro');
    const naEquipe = await convidar(t, gestor.cookie, 'Colega@MetalVale.com.br');
    expect(naEquipe.statusCode).toBe(409);
    expect(naEquipe.json().error).toEqual({
      code: 'JA_NA_EQUIPE',
      message: 'Esta pessoa já faz parte da equipe.',
    });

    await createUser(t, { email: 'outra@empresa.com.br', emailVerified: true });
    const comConta = await convidar(t, gestor.cookie, 'outra@empresa.com.br');
    expect(comConta.statusCode).toBe(409);
    expect(comConta.json().error.code).toBe('EMAIL_JA_CADASTRADO');

    // Someone signed up with the address and never proved it: the owner's invitation goes ahead,
    // and accepting it replaces that account.
    await createUser(t, {
      email: 'dono@metalvale.com.br',
      emailVerified: false,
      password: 'senha-do-intruso',
    });
    expect((await convidar(t, gestor.cookie, 'dono@metalvale.com.br')).statusCode).toBe(201);
    const { token } = await conviteNaFila(t, 'dono@metalvale.com.br');
    const aceito = await chamar(t, 'POST', `/api/convites/${token}/aceitar`, undefined, {
      nome: 'Dono',
      senha: 'senha-do-dono-1',
    });
    expect(aceito.statusCode, aceito.body).toBe(200);
    await signIn(t.app, 'dono@metalvale.com.br', 'senha-do-dono-1');
    const intruso = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json(),
      payload: { email: 'dono@metalvale.com.br', password: 'senha-do-intruso' },
    });
    expect(intruso.statusCode).toBe(401);
  });

  it('resending gives a new link (the old one stops working); an expired invitation needs a seat again', async () => {
    const t = await start();
    const { gestor, plano } = await empresaComGestor(t, 'Cerâmica Rio', 2);
    const res = await convidar(t, gestor.cookie, 'novo@ceramica.com.br', { papel: 'gestor' });
    const id = res.json().convite.id;
    const antigo = (await conviteNaFila(t, 'novo@ceramica.com.br')).token;

    const reenviado = await chamar(t, 'POST', `/api/empresa/convites/${id}/reenviar`, gestor.cookie);
    expect(reenviado.statusCode, reenviado.body).toBe(200);
    expect(reenviado.json().convite).toMatchObject({ id, papel: 'gestor', expirado: false });
    const novo = await conviteNaFila(t, 'novo@ceramica.com.br');
    expect(novo.token).not.toBe(antigo);
    expect(novo.text).toContain('Como gestor, você também convida colegas');
    expect((await chamar(t, 'GET', `/api/convites/${antigo}`)).statusCode).toBe(404);
    expect((await chamar(t, 'GET', `/api/convites/${novo.token}`)).json().papel).toBe('gestor');

    // Expired, it frees its seat; someone else takes it; resending it then finds no seat.
    const db = t.server.database.db;
    await db
      .update(convites)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(convites.id, id));
    expect((await convidar(t, gestor.cookie, 'outro@ceramica.com.br')).statusCode).toBe(201);
    const semVaga = await chamar(t, 'POST', `/api/empresa/convites/${id}/reenviar`, gestor.cookie);
    expect(semVaga.statusCode).toBe(409);
    expect(semVaga.json().error).toEqual({ code: 'LIMITE_USUARIOS', message: LIMITE(plano.nome, 2) });
  });
});

describe('people and roles', () => {
  it('a member sees the people but cannot invite, resend, cancel, change roles or deactivate; they switch their own reminders', async () => {
    const t = await start();
    const { empresaId, gestor } = await empresaComGestor(t, 'Alimentos Serra');
    const membro = await pessoa(t, empresaId, 'membro@serra.com.br', 'membro');
    const convite = (await convidar(t, gestor.cookie, 'pendente@serra.com.br')).json().convite;

    const equipe = await chamar(t, 'GET', '/api/empresa', membro.cookie);
    expect(equipe.statusCode).toBe(200);
    expect(equipe.json().convites).toEqual([]);
    expect(
      equipe
        .json()
        .pessoas.map((p: { email: string }) => p.email)
        .sort(),
    ).toEqual(['gestor@alimentosserra.com.br', 'membro@serra.com.br']);

    const recusas: [Metodo, string, unknown, string][] = [
      ['POST', '/api/empresa/convites', { email: 'x@serra.com.br' }, 'convidar pessoas'],
      ['POST', `/api/empresa/convites/${convite.id}/reenviar`, undefined, 'reenviar convites'],
      ['DELETE', `/api/empresa/convites/${convite.id}`, undefined, 'cancelar convites'],
      ['PATCH', `/api/empresa/pessoas/${gestor.id}`, { papel: 'membro' }, 'mudar o papel das pessoas'],
      ['PATCH', `/api/empresa/pessoas/${membro.id}`, { papel: 'gestor' }, 'mudar o papel das pessoas'],
      ['PATCH', `/api/empresa/pessoas/${gestor.id}`, { ativo: false }, 'ativar ou desativar pessoas'],
      [
        'PATCH',
        `/api/empresa/pessoas/${gestor.id}`,
        { receberLembretes: false },
        'mudar os lembretes de outras pessoas',
      ],
    ];
    for (const [method, url, body, acao] of recusas) {
      const res = await chamar(t, method, url, membro.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toEqual({
        code: 'APENAS_GESTOR',
        message: `Apenas o gestor da empresa pode ${acao}.`,
      });
    }
    // Nothing changed.
    const depois = (await chamar(t, 'GET', '/api/empresa', gestor.cookie)).json();
    expect(depois.convites).toHaveLength(1);
    expect(depois.pessoas.find((p: { id: string }) => p.id === gestor.id)).toMatchObject({
      papel: 'gestor',
      ativo: true,
      receberLembretes: true,
    });

    // Their own reminders (off by default for a membro).
    expect(depois.pessoas.find((p: { id: string }) => p.id === membro.id).receberLembretes).toBe(false);
    const liga = await chamar(t, 'PATCH', `/api/empresa/pessoas/${membro.id}`, membro.cookie, {
      receber_lembretes: true,
    });
    expect(liga.statusCode, liga.body).toBe(200);
    expect(liga.json().pessoa).toEqual({
      id: membro.id,
      nome: membro.nome,
      email: 'membro@serra.com.br',
      papel: 'membro',
      ativo: true,
      receberLembretes: true,
    });
  });

  it('the gestor changes roles and reminders; the last active gestor cannot be demoted nor deactivated', async () => {
    const t = await start();
    const { empresaId, gestor } = await empresaComGestor(t, 'Vidros Oeste');
    const membro = await pessoa(t, empresaId, 'membro@vidros.com.br', 'membro');
    const ULTIMO = { code: 'ULTIMO_GESTOR', message: 'A empresa precisa de pelo menos um gestor ativo.' };

    for (const body of [{ papel: 'membro' }, { ativo: false }]) {
      const res = await chamar(t, 'PATCH', `/api/empresa/pessoas/${gestor.id}`, gestor.cookie, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual(ULTIMO);
    }

    const lembretes = await chamar(t, 'PATCH', `/api/empresa/pessoas/${membro.id}`, gestor.cookie, {
      receberLembretes: true,
    });
    expect(lembretes.json().pessoa.receberLembretes).toBe(true);
    const promovido = await chamar(t, 'PATCH', `/api/empresa/pessoas/${membro.id}`, gestor.cookie, {
      papel: 'gestor',
    });
    expect(promovido.statusCode).toBe(200);
    expect(promovido.json().pessoa.papel).toBe('gestor');

    // With another gestor, the first may step down; the new one is then the last.
    const rebaixado = await chamar(t, 'PATCH', `/api/empresa/pessoas/${gestor.id}`, gestor.cookie, {
      papel: 'membro',
    });
    expect(rebaixado.statusCode).toBe(200);
    const ultimo = await chamar(t, 'PATCH', `/api/empresa/pessoas/${membro.id}`, membro.cookie, {
      ativo: false,
    });
    expect(ultimo.statusCode).toBe(409);
    expect(ultimo.json().error).toEqual(ULTIMO);
    // The old gestor is a membro now: their next try is a member's.
    const agoraMembro = await chamar(t, 'PATCH', `/api/empresa/pessoas/${gestor.id}`, gestor.cookie, {
      papel: 'gestor',
    });
    expect(agoraMembro.statusCode).toBe(403);
  });

  it('a deactivated person loses their sessions and cannot sign in; reactivating needs a seat', async () => {
    const t = await start();
    const { empresaId, gestor, plano } = await empresaComGestor(t, 'Plásticos Delta', 2);
    const membro = await pessoa(t, empresaId, 'saiu@delta.com.br', 'membro');
    expect((await chamar(t, 'GET', '/api/me', membro.cookie)).statusCode).toBe(200);

    const off = await chamar(t, 'PATCH', `/api/empresa/pessoas/${membro.id}`, gestor.cookie, {
      ativo: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().pessoa.ativo).toBe(false);
    expect((await chamar(t, 'GET', '/api/me', membro.cookie)).statusCode).toBe(401);
    const db = t.server.database.db;
    expect(await db.select().from(authSession).where(eq(authSession.userId, membro.id))).toEqual([]);
    const [auth] = await db
      .select({ banned: authUser.banned })
      .from(authUser)
      .where(eq(authUser.id, membro.id));
    expect(auth?.banned).toBe(true);
    await expect(signIn(t.app, membro.email, membro.password)).rejects.toThrow(/403/);

    // The freed seat went to an invitation: coming back finds the plan full.
    expect((await convidar(t, gestor.cookie, 'novato@delta.com.br')).statusCode).toBe(201);
    const cheio = await chamar(t, 'PATCH', `/api/empresa/pessoas/${membro.id}`, gestor.cookie, {
      ativo: true,
    });
    expect(cheio.statusCode).toBe(409);
    expect(cheio.json().error).toEqual({ code: 'LIMITE_USUARIOS', message: LIMITE(plano.nome, 2) });

    const convite = (await chamar(t, 'GET', '/api/empresa', gestor.cookie)).json().convites[0];
    await chamar(t, 'DELETE', `/api/empresa/convites/${convite.id}`, gestor.cookie);
    const on = await chamar(t, 'PATCH', `/api/empresa/pessoas/${membro.id}`, gestor.cookie, { ativo: true });
    expect(on.statusCode).toBe(200);
    await signIn(t.app, membro.email, membro.password);
  });

  it('nobody is moved to another company here', async () => {
    const t = await start();
    const a = await empresaComGestor(t, 'Empresa Um');
    const b = await empresaComGestor(t, 'Empresa Dois');
    const membro = await pessoa(t, a.empresaId, 'fica@um.com.br', 'membro');
    const res = await chamar(t, 'PATCH', `/api/empresa/pessoas/${membro.id}`, a.gestor.cookie, {
      empresaId: b.empresaId,
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.server.database.db
      .select({ empresaId: usuarios.empresaId })
      .from(usuarios)
      .where(eq(usuarios.id, membro.id));
    expect(row?.empresaId).toBe(a.empresaId);
  });
});

describe('boundaries between companies, and the admin', () => {
  it("a gestor of company A gets 404 on B's invitations and people, and B's stay as they were", async () => {
    const t = await start();
    const a = await empresaComGestor(t, 'Alfa Caldeiraria');
    const b = await empresaComGestor(t, 'Beta Montagens');
    const membroB = await pessoa(t, b.empresaId, 'membro@beta.com.br', 'membro');
    const conviteB = (await convidar(t, b.gestor.cookie, 'pendente@beta.com.br')).json().convite;
    const db = t.server.database.db;
    const antes = {
      convites: await db.select().from(convites).where(eq(convites.empresaId, b.empresaId)),
      pessoas: await db.select().from(usuarios).where(eq(usuarios.empresaId, b.empresaId)),
    };

    const tentativas: [Metodo, string, unknown, string][] = [
      ['POST', `/api/empresa/convites/${conviteB.id}/reenviar`, undefined, 'Convite não encontrado.'],
      ['DELETE', `/api/empresa/convites/${conviteB.id}`, undefined, 'Convite não encontrado.'],
      [
        'PATCH',
        `/api/empresa/pessoas/${membroB.id}`,
        { ativo: false },
        'Pessoa não encontrada nesta empresa.',
      ],
      [
        'PATCH',
        `/api/empresa/pessoas/${b.gestor.id}`,
        { papel: 'membro' },
        'Pessoa não encontrada nesta empresa.',
      ],
    ];
    for (const [method, url, body, message] of tentativas) {
      const res = await chamar(t, method, url, a.gestor.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toEqual({ code: 'NAO_ENCONTRADO', message });
    }
    // A's own view shows nothing of B.
    const equipeA = await chamar(t, 'GET', '/api/empresa', a.gestor.cookie);
    expect(equipeA.body).not.toContain('beta.com.br');
    expect(equipeA.body).not.toContain('Beta Montagens');

    expect({
      convites: await db.select().from(convites).where(eq(convites.empresaId, b.empresaId)),
      pessoas: await db.select().from(usuarios).where(eq(usuarios.empresaId, b.empresaId)),
    }).toEqual(antes);
    expect((await chamar(t, 'GET', '/api/me', membroB.cookie)).statusCode).toBe(200);
  });

  it('a client with no company and an admin have no /api/empresa', async () => {
    const t = await start();
    const admin = await createAdmin(t);
    const sozinho = await createUser(t, { email: 'sozinho@gmail.com' });
    const cookie = await signIn(t.app, sozinho.email, sozinho.password);
    for (const c of [cookie, admin.cookie]) {
      const res = await chamar(t, 'GET', '/api/empresa', c);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'SEM_EMPRESA',
        message: 'Você ainda não faz parte de uma empresa.',
      });
      expect((await convidar(t, c, 'x@y.com.br')).statusCode).toBe(404);
    }
  });

  it('an admin invites, resends, cancels and changes people of any company, within the plan limit and the last-gestor rule', async () => {
    const t = await start();
    const admin = await createAdmin(t);
    const { empresaId, gestor, plano } = await empresaComGestor(t, 'Gama Energia', 2);
    const base = `/api/admin/empresas/${empresaId}`;

    const res = await chamar(t, 'POST', `${base}/convites`, admin.cookie, {
      email: 'novo@gama.com.br',
      nome: 'Nova\nGestora',
      papel: 'gestor',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().convite.id;
    const enviado = await conviteNaFila(t, 'novo@gama.com.br');
    expect(enviado.subject).toBe('Convite para a equipe Gama Energia no Laudos');
    expect(enviado.text).toContain('Firma convidou você');
    // A line break typed in the name would break the e-mail's To header: kept on one line.
    expect(enviado.text).toContain('Olá, Nova Gestora,');
    expect(res.json().convite.nome).toBe('Nova Gestora');

    const cheio = await chamar(t, 'POST', `${base}/convites`, admin.cookie, { email: 'mais@gama.com.br' });
    expect(cheio.statusCode).toBe(409);
    expect(cheio.json().error.message).toBe(LIMITE(plano.nome, 2));

    const reenviado = await chamar(t, 'POST', `${base}/convites/${id}/reenviar`, admin.cookie);
    expect(reenviado.statusCode).toBe(200);
    expect((await conviteNaFila(t, 'novo@gama.com.br')).token).not.toBe(enviado.token);

    // The admin's company page shows it.
    const pagina = (await chamar(t, 'GET', base, admin.cookie)).json();
    expect(pagina.convites.map((c: { id: string }) => c.id)).toEqual([id]);

    expect((await chamar(t, 'DELETE', `${base}/convites/${id}`, admin.cookie)).statusCode).toBe(204);
    expect((await chamar(t, 'DELETE', `${base}/convites/${id}`, admin.cookie)).statusCode).toBe(404);

    const ultimo = await chamar(t, 'PATCH', `${base}/pessoas/${gestor.id}`, admin.cookie, {
      papel: 'membro',
    });
    expect(ultimo.statusCode).toBe(409);
    expect(ultimo.json().error.code).toBe('ULTIMO_GESTOR');
    const lembretes = await chamar(t, 'PATCH', `${base}/pessoas/${gestor.id}`, admin.cookie, {
      receberLembretes: false,
    });
    expect(lembretes.statusCode).toBe(200);
    expect(lembretes.json().pessoa.receberLembretes).toBe(false);

    // Another company's id with this one's person or invitation: 404.
    const outra = await empresaComGestor(t, 'Delta Portos');
    const cruzado = await chamar(
      t,
      'PATCH',
      `/api/admin/empresas/${outra.empresaId}/pessoas/${gestor.id}`,
      admin.cookie,
      {
        ativo: false,
      },
    );
    expect(cruzado.statusCode).toBe(404);
    const inexistente = await chamar(
      t,
      'POST',
      '/api/admin/empresas/00000000-0000-4000-8000-000000000000/convites',
      admin.cookie,
      { email: 'x@y.com.br' },
    );
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json().error.message).toBe('Empresa não encontrada.');
  });
});
