import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { authSession, usuarios } from '../src/db/schema.ts';
import { CADASTRO_RECEBIDO } from '../src/modules/conta/routes.ts';
import { readSettings as getSettings } from '../src/settings/store.ts';
import {
  cookiesOf,
  createAdmin,
  createUser,
  empresaDeTeste,
  json,
  lastEmailTo,
  totp,
} from './helpers/accounts.ts';
import { createTestServer, signIn, TEST_ORIGIN, type TestServer } from './helpers/server.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
const start = async (env: Record<string, string> = {}) => {
  t = await createTestServer({ JOBS: 'on', EMAIL_RATE_PER_SECOND: '100', ...env });
  return t;
};

async function me(t: TestServer, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
}

async function signInRaw(t: TestServer, email: string, password: string, origin = TEST_ORIGIN) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin, 'content-type': 'application/json' },
    payload: { email, password },
  });
}

describe('sign-up and sign-in', () => {
  it('sign-up creates an unverified client on the default plan, with no session and the company only claimed', async () => {
    const t = await start();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cadastro',
      headers: json(),
      payload: {
        nome: 'Joana Prado',
        email: 'Joana@Fabrica.com.br',
        senha: 'senha-segura-1',
        empresa: 'Fábrica Prado',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, mensagem: CADASTRO_RECEBIDO });
    expect(res.headers['set-cookie']).toBeUndefined();
    const link = await lastEmailTo(t, 'joana@fabrica.com.br', 'Confirme seu e-mail');
    expect(link.text).toMatch(/\/confirmar-email\?token=/);

    // The password works at once; the account is there, unverified until the link is followed.
    const signedIn = await signInRaw(t, 'joana@fabrica.com.br', 'senha-segura-1');
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookiesOf(signedIn);
    const cookieHeader = String(signedIn.headers['set-cookie']);
    expect(cookieHeader).toMatch(/HttpOnly/i);
    expect(cookieHeader).toMatch(/SameSite=Lax/i);
    const profile = await me(t, cookie);
    expect(profile.json()).toMatchObject({
      nome: 'Joana Prado',
      email: 'joana@fabrica.com.br',
      tipo: 'cliente',
      // The company typed at sign-up is a request an admin resolves (issue 17): no company yet.
      empresa: null,
      empresa_id: null,
      papel: null,
      pedido_empresa: { nome: 'Fábrica Prado', cnpj: null },
      primeiro_acesso: false,
      plano: { nome: 'Básico', maxLaudos: 100 },
      dois_fatores: false,
      email_verificado: false,
    });
    const [row] = await t.server.database.db
      .select()
      .from(usuarios)
      .where(eq(usuarios.email, 'joana@fabrica.com.br'));
    expect(row?.empresaId).toBeNull();

    // A second sign-up with the address answers the same and changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/cadastro',
      headers: json(),
      payload: { nome: 'Outra', email: 'joana@fabrica.com.br', senha: 'senha-segura-2' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(res.body);

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/cadastro',
      headers: json(),
      payload: { nome: 'Fraca', email: 'fraca@x.com.br', senha: '123' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toEqual({
      code: 'SENHA_FRACA',
      message: 'A senha deve ter entre 8 e 128 caracteres.',
    });

    // Better Auth's own sign-up is closed: every account gets its profile through ours.
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json(),
      payload: { name: 'x', email: 'x@x.com.br', password: 'senha-segura-3' },
    });
    expect(direct.statusCode).toBe(404);
  });

  it('a wrong password is refused in Portuguese; brute force gets 429', async () => {
    const t = await start({ JOBS: 'off' });
    const u = await createUser(t);
    const wrong = await signInRaw(t, u.email, 'senha-errada');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'E-mail ou senha incorretos.' },
    });
    let last = wrong;
    for (let i = 0; i < 10; i++) last = await signInRaw(t, u.email, 'senha-errada');
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('MUITAS_TENTATIVAS');
    expect(last.json().error.message).toMatch(
      /^Muitas tentativas\. Aguarde \d+ minutos e tente novamente\.$/,
    );
    // Even the right password waits now, from this address: the limit is per account and address.
    expect((await signInRaw(t, u.email, u.password)).statusCode).toBe(429);
  });

  it('refuses a sign-in or a state-changing call from another origin', async () => {
    const t = await start({ JOBS: 'off' });
    const u = await createUser(t);
    const foreign = await signInRaw(t, u.email, u.password, 'https://ataque.example');
    expect(foreign.statusCode).toBe(403);
    const admin = await createAdmin(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: admin.cookie, origin: 'https://ataque.example', 'content-type': 'application/json' },
      payload: await getSettings(t.server.database.db),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'ORIGEM_NAO_PERMITIDA',
      message: 'Requisição de outra origem recusada.',
    });
  });

  it('an account without a profile is treated as signed out', async () => {
    const t = await start({ JOBS: 'off' });
    const u = await createUser(t);
    const cookie = await signIn(t.app, u.email, u.password);
    expect((await me(t, cookie)).statusCode).toBe(200);
    await t.server.database.db.delete(usuarios).where(eq(usuarios.id, u.id));
    const res = await me(t, cookie);
    expect(res.statusCode).toBe(401);
    const again = await signInRaw(t, u.email, u.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toEqual({
      code: 'PERFIL_NAO_ENCONTRADO',
      message: 'Perfil de usuário não encontrado. Verifique se o usuário foi criado corretamente.',
    });
  });
});

describe('first access with a temporary password', () => {
  it('admin creates a user → welcome e-mail with the temporary password → forced change → normal use', async () => {
    const t = await start();
    const admin = await createAdmin(t);
    const empresaId = await empresaDeTeste(t, 'Usina Norte');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/usuarios',
      headers: json(admin.cookie),
      payload: { nome: 'Carlos Lima', email: 'carlos@usina.com.br', tipo: 'cliente', empresaId },
    });
    expect(created.statusCode).toBe(201);
    // The company's first person is its gestor.
    expect(created.json().usuario).toMatchObject({
      email: 'carlos@usina.com.br',
      primeiroAcesso: true,
      empresa: 'Usina Norte',
      empresaId,
      papel: 'gestor',
    });

    const welcome = await lastEmailTo(t, 'carlos@usina.com.br', 'Bem-vindo');
    const senha = /Senha temporária: (\S+)/.exec(welcome.text)?.[1];
    expect(senha).toMatch(/^\S{16}$/);
    expect(welcome.text).toContain('Empresa: Usina Norte');
    // Never stored in clear: not in the logs, not in the queue.
    const leaked = (await t.server.database.db.execute(
      sql`select (select count(*) from email_logs where metadata::text like ${`%${senha}%`} or subject like ${`%${senha}%`})
            + (select count(*) from pgboss.job where data::text like ${`%${senha}%`}) as n`,
    )) as unknown as { rows: { n: number | string }[] };
    expect(Number(leaked.rows[0]?.n)).toBe(0);

    const cookie = await signIn(t.app, 'carlos@usina.com.br', senha!);
    expect((await me(t, cookie)).json().primeiro_acesso).toBe(true);
    // Everything else waits for the change.
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/auth/list-sessions',
      headers: { cookie },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('PRIMEIRO_ACESSO');

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/conta/senha',
      headers: json(cookie),
      payload: { senhaAtual: 'nao-e-essa', novaSenha: 'minha-senha-nova' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('A senha atual está incorreta.');
    // The first access asks only for the new password: the session was opened with the temporary
    // one. The new one must still differ from it.
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/conta/senha',
      headers: json(cookie),
      payload: { novaSenha: senha },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toEqual({
      code: 'SENHA_REPETIDA',
      message: 'A nova senha deve ser diferente da atual.',
    });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/conta/senha',
      headers: json(cookie),
      payload: { nova_senha: 'minha-senha-nova' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(t, cookie)).json().primeiro_acesso).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers: { cookie } })).statusCode,
    ).toBe(200);
    await lastEmailTo(t, 'carlos@usina.com.br', 'Sua senha foi alterada');
    expect((await signInRaw(t, 'carlos@usina.com.br', senha!)).statusCode).toBe(401);
    expect((await signInRaw(t, 'carlos@usina.com.br', 'minha-senha-nova')).statusCode).toBe(200);

    // Past the first access, a change asks for the current password again.
    const semAtual = await t.app.inject({
      method: 'POST',
      url: '/api/conta/senha',
      headers: json(cookie),
      payload: { novaSenha: 'outra-senha-nova' },
    });
    expect(semAtual.statusCode).toBe(400);
    expect(semAtual.json().error).toEqual({
      code: 'SENHA_ATUAL_OBRIGATORIA',
      message: 'Informe a senha atual.',
    });
    expect((await signInRaw(t, 'carlos@usina.com.br', 'outra-senha-nova')).statusCode).toBe(401);
    expect((await signInRaw(t, 'carlos@usina.com.br', 'minha-senha-nova')).statusCode).toBe(200);
  });

  it('an expired temporary password cannot sign in', async () => {
    const t = await start({ JOBS: 'off' });
    const u = await createUser(t, {
      primeiroAcesso: true,
      senhaTemporariaExpiraEm: new Date(Date.now() - 60_000),
    });
    const res = await signInRaw(t, u.email, u.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SENHA_TEMPORARIA_EXPIRADA');
    expect(res.json().error.message).toMatch(
      /^Sua senha temporária expirou em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\. Peça ao administrador uma nova\.$/,
    );
  });

  it('an admin reset gives a new temporary password and ends the sessions', async () => {
    const t = await start();
    const admin = await createAdmin(t);
    const u = await createUser(t, { email: 'rita@obra.com.br' });
    const cookie = await signIn(t.app, u.email, u.password);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/usuarios/${u.id}/senha-temporaria`,
      headers: json(admin.cookie),
    });
    expect(res.statusCode).toBe(200);
    expect((await me(t, cookie)).statusCode).toBe(401);
    const mail = await lastEmailTo(t, 'rita@obra.com.br', 'Nova senha temporária');
    const senha = /Senha temporária: (\S+)/.exec(mail.text)?.[1];
    expect((await signInRaw(t, u.email, u.password)).statusCode).toBe(401);
    const again = await signIn(t.app, u.email, senha!);
    expect((await me(t, again)).json().primeiro_acesso).toBe(true);
  });
});

describe('password reset by e-mail', () => {
  async function requestReset(t: TestServer, email: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: json(),
      payload: { email, redirectTo: '/reset-password' },
    });
  }

  it('an IP that asks for more links than RATE_LIMIT_LINKS_PER_IP in an hour waits (429 in Portuguese)', async () => {
    const t = await start({ JOBS: 'off', RATE_LIMIT_LINKS_PER_IP: '2' });
    expect((await requestReset(t, 'um@cliente.com.br')).statusCode).toBe(200);
    expect((await requestReset(t, 'dois@cliente.com.br')).statusCode).toBe(200);
    const terceiro = await requestReset(t, 'tres@cliente.com.br');
    expect(terceiro.statusCode).toBe(429);
    expect(terceiro.json().error.message).toMatch(
      /^Muitas tentativas\. Aguarde \d+ minutos e tente novamente\.$/,
    );
  });

  it('answers the same whether the e-mail exists or not; the link works once; old sessions end', async () => {
    const t = await start();
    const u = await createUser(t, { email: 'ana@cliente.com.br' });
    const session = await signIn(t.app, u.email, u.password);
    const known = await requestReset(t, 'ana@cliente.com.br');
    const unknown = await requestReset(t, 'ninguem@cliente.com.br');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const mail = await lastEmailTo(t, 'ana@cliente.com.br', 'Redefinição de senha');
    const link = /(http:\/\/localhost:3000\/reset-password\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const token = new URL(link!).searchParams.get('token')!;
    // The token is kept only as a hash.
    const stored = (await t.server.database.db.execute(
      sql`select count(*)::int as n from auth_verification where identifier like ${`%${token}%`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(stored.rows[0]?.n).toBe(0);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/conta/redefinir-senha',
      headers: json(),
      payload: { token, novaSenha: 'senha-redefinida' },
    });
    expect(ok.statusCode).toBe(200);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/conta/redefinir-senha',
      headers: json(),
      payload: { token, novaSenha: 'outra-senha-qualquer' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toEqual({
      code: 'LINK_INVALIDO',
      message: 'Este link de redefinição é inválido ou já foi usado. Peça um novo.',
    });
    expect((await me(t, session)).statusCode).toBe(401);
    expect((await signInRaw(t, u.email, u.password)).statusCode).toBe(401);
    expect((await signInRaw(t, u.email, 'senha-redefinida')).statusCode).toBe(200);
    await lastEmailTo(t, 'ana@cliente.com.br', 'Sua senha foi alterada');
  });

  it('two concurrent uses of one link: exactly one succeeds', async () => {
    const t = await start();
    const u = await createUser(t, { email: 'beto@cliente.com.br' });
    await requestReset(t, u.email);
    const mail = await lastEmailTo(t, u.email, 'Redefinição de senha');
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    const results = await Promise.all(
      ['primeira-senha-1', 'segunda-senha-2'].map((novaSenha) =>
        t.app.inject({
          method: 'POST',
          url: '/api/conta/redefinir-senha',
          headers: json(),
          payload: { token, novaSenha },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'primeira-senha-1' : 'segunda-senha-2';
    expect((await signInRaw(t, u.email, winner)).statusCode).toBe(200);
  });
});

describe('sessions, deactivation and two-factor', () => {
  it('signs out of this session, of the others, or of all', async () => {
    const t = await start({ JOBS: 'off' });
    const u = await createUser(t);
    const a = await signIn(t.app, u.email, u.password);
    const b = await signIn(t.app, u.email, u.password);
    const c = await signIn(t.app, u.email, u.password);
    const others = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-other-sessions',
      headers: json(a),
      payload: {},
    });
    expect(others.statusCode).toBe(200);
    expect((await me(t, a)).statusCode).toBe(200);
    expect((await me(t, b)).statusCode).toBe(401);
    expect((await me(t, c)).statusCode).toBe(401);
    const d = await signIn(t.app, u.email, u.password);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: json(d),
      payload: {},
    });
    expect(all.statusCode).toBe(200);
    expect((await me(t, a)).statusCode).toBe(401);
    expect((await me(t, d)).statusCode).toBe(401);
    const e = await signIn(t.app, u.email, u.password);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: json(e),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(t, e)).statusCode).toBe(401);
  });

  it('a deactivated user loses its sessions and cannot sign in; reactivated, it can', async () => {
    const t = await start({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const u = await createUser(t);
    const cookie = await signIn(t.app, u.email, u.password);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/usuarios/${u.id}`,
      headers: json(admin.cookie),
      payload: { ativo: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await me(t, cookie)).statusCode).toBe(401);
    const sessions = await t.server.database.db
      .select()
      .from(authSession)
      .where(eq(authSession.userId, u.id));
    expect(sessions).toHaveLength(0);
    const refused = await signInRaw(t, u.email, u.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'USUARIO_INATIVO',
      message: 'Usuário desativado. Fale com o administrador.',
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/usuarios/${u.id}`,
      headers: json(admin.cookie),
      payload: { ativo: true },
    });
    expect((await signInRaw(t, u.email, u.password)).statusCode).toBe(200);
  });

  it('TOTP two-factor: enabled from the account, asked at sign-in, required for admins by a setting', async () => {
    const t = await start({ JOBS: 'off' });
    const admin = await createAdmin(t);
    await t.server.settings.update({
      ...t.server.settings.get(),
      security: { requireTwoFactorForAdmins: true },
    });
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/admin/usuarios',
      headers: { cookie: admin.cookie },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('DOIS_FATORES_OBRIGATORIO');

    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: json(admin.cookie),
      payload: { password: admin.password },
    });
    expect(enable.statusCode).toBe(200);
    const secret = new URL(enable.json().totpURI).searchParams.get('secret')!;
    expect(enable.json().backupCodes.length).toBeGreaterThan(0);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: json(admin.cookie),
      payload: { code: totp(secret) },
    });
    expect(verify.statusCode).toBe(200);
    const fresh = cookiesOf(verify) || admin.cookie;
    expect((await me(t, fresh)).json().dois_fatores).toBe(true);

    const first = await signInRaw(t, admin.email, admin.password);
    expect(first.statusCode).toBe(200);
    expect(first.json().twoFactorRedirect).toBe(true);
    const pending = cookiesOf(first);
    expect((await me(t, pending)).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: json(pending),
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(
      'Código inválido. Confira o código no seu aplicativo autenticador.',
    );
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: json(pending),
      payload: { code: totp(secret) },
    });
    expect(second.statusCode).toBe(200);
    const session = cookiesOf(second);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/usuarios',
      headers: { cookie: session },
    });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('admin users and plans', () => {
  it('answers non-admins with the texts of the spec', async () => {
    const t = await start({ JOBS: 'off' });
    const u = await createUser(t);
    const cookie = await signIn(t.app, u.email, u.password);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/usuarios', headers: { cookie } });
    expect(list.statusCode).toBe(403);
    expect(list.json().error.message).toBe(
      'Acesso negado: apenas administradores podem ver todos os usuários',
    );
    const pw = await t.app.inject({
      method: 'POST',
      url: `/api/admin/usuarios/${u.id}/senha-temporaria`,
      headers: json(cookie),
    });
    expect(pw.json().error.message).toBe('Apenas administradores podem alterar senhas de usuários');
    const sync = await t.app.inject({
      method: 'POST',
      url: '/api/admin/usuarios/sincronizar',
      headers: json(cookie),
    });
    expect(sync.json().error.message).toBe('Apenas administradores podem sincronizar usuários');
  });

  it('lists with search and filters, refuses deleting oneself, deletes others', async () => {
    const t = await start({ JOBS: 'off' });
    const admin = await createAdmin(t);
    await createUser(t, { email: 'joao@acme.com.br', nome: 'João Acme', empresa: 'ACME' });
    const other = await createUser(t, { email: 'maria@beta.com.br', nome: 'Maria Beta', empresa: 'Beta' });
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/admin/usuarios?busca=acme',
      headers: { cookie: admin.cookie },
    });
    expect(found.json().usuarios.map((u: { email: string }) => u.email)).toEqual(['joao@acme.com.br']);
    const admins = await t.app.inject({
      method: 'GET',
      url: '/api/admin/usuarios?tipo=admin',
      headers: { cookie: admin.cookie },
    });
    expect(admins.json().usuarios.map((u: { tipo: string }) => u.tipo)).toEqual(['admin', 'admin']);
    expect(admins.json().usuarios.map((u: { email: string }) => u.email)).toContain(admin.email);
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/usuarios/${admin.id}`,
      headers: json(admin.cookie),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('Você não pode deletar sua própria conta.');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/usuarios/${other.id}`,
      headers: json(admin.cookie),
    });
    expect(del.statusCode).toBe(204);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/admin/usuarios/${other.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('manages plans: ordered by price, unique names, one default, inactive ones hidden from the public', async () => {
    const t = await start({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/planos',
      headers: json(admin.cookie),
      payload: {
        nome: 'Inicial',
        descricao: null,
        preco: 49.9,
        ativo: true,
        padrao: false,
        maxLaudos: 20,
        maxUsuarios: 1,
        notificacoes: true,
        whatsappAlerts: false,
        emailSupport: true,
        prioritySupport: false,
        customReports: false,
        apiAccess: false,
        dataExport: false,
        customBranding: false,
      },
    });
    expect(created.statusCode).toBe(201);
    const plano = created.json().plano;
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/planos',
      headers: json(admin.cookie),
      payload: { ...plano, id: undefined, usuarios: undefined, nome: 'inicial' },
    });
    expect(dup.statusCode).toBe(409);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/planos',
      headers: { cookie: admin.cookie },
    });
    expect(list.json().planos.map((p: { nome: string }) => p.nome)).toEqual([
      'Inicial',
      'Básico',
      'Profissional',
      'Empresarial',
    ]);
    const basico = list.json().planos.find((p: { nome: string }) => p.nome === 'Básico');
    expect(basico.usuarios).toBeGreaterThanOrEqual(1);

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/planos/${plano.id}`,
      headers: json(admin.cookie),
      payload: { ativo: false },
    });
    expect(off.json().plano.ativo).toBe(false);
    const pub = await t.app.inject({ method: 'GET', url: '/api/planos' });
    expect(pub.json().planos.map((p: { nome: string }) => p.nome)).toEqual([
      'Básico',
      'Profissional',
      'Empresarial',
    ]);
    // No plan is recommended until the admin picks one in the settings; then only that one is.
    expect(pub.json().planos.map((p: { recomendado: boolean }) => p.recomendado)).toEqual([
      false,
      false,
      false,
    ]);
    const profissional = list.json().planos.find((p: { nome: string }) => p.nome === 'Profissional');
    const antes = t.server.settings.get();
    const recomendar = (recommendedPlanId: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: json(admin.cookie),
        payload: { ...antes, plans: { recommendedPlanId } },
      });
    const invalido = await recomendar('nao-e-um-id');
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().error.campos.map((c: { campo: string }) => c.campo)).toContain(
      'plans.recommendedPlanId',
    );
    const salvo = await recomendar(profissional.id);
    expect(salvo.statusCode).toBe(200);
    expect(salvo.json().plans).toEqual({ recommendedPlanId: profissional.id });
    const comRecomendado = await t.app.inject({ method: 'GET', url: '/api/planos' });
    expect(
      comRecomendado
        .json()
        .planos.map((p: { nome: string; recomendado: boolean }) => [p.nome, p.recomendado]),
    ).toEqual([
      ['Básico', false],
      ['Profissional', true],
      ['Empresarial', false],
    ]);
    // An inactive recommended plan is simply not shown: nothing else is marked in its place.
    expect((await recomendar(plano.id)).statusCode).toBe(200);
    const semRecomendado = await t.app.inject({ method: 'GET', url: '/api/planos' });
    expect(semRecomendado.json().planos.some((p: { recomendado: boolean }) => p.recomendado)).toBe(false);

    const noDefaultOff = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/planos/${basico.id}`,
      headers: json(admin.cookie),
      payload: { ativo: false },
    });
    expect(noDefaultOff.statusCode).toBe(400);

    const users = await t.app.inject({
      method: 'GET',
      url: `/api/admin/planos/${basico.id}/usuarios`,
      headers: { cookie: admin.cookie },
    });
    expect(users.json().usuarios.map((u: { email: string }) => u.email)).toContain(admin.email);
  });
});
