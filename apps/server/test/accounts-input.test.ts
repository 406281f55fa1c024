import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authVerification, planos, usuarios } from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json } from './helpers/accounts.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

/**
 * Strict input on the account routes (issue 14): an unknown or misspelled field is a 400 that names
 * it in `error.campos`, and nothing changes; the spec's snake_case names are taken.
 */

let t: TestServer;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await createTestServer({ JOBS: 'off' });
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

type Resposta = { statusCode: number; json(): { error: { code: string; campos?: { campo: string }[] } } };

function recusouCampo(res: Resposta, campo: string) {
  expect(res.statusCode).toBe(400);
  const { error } = res.json();
  expect(error.code).toBe('DADOS_INVALIDOS');
  expect(error.campos?.map((c) => c.campo)).toContain(campo);
}

const novoPlano = {
  nome: 'Estrito',
  descricao: null,
  preco: 10,
  ativo: true,
  padrao: false,
  maxLaudos: 5,
  maxUsuarios: 1,
  notificacoes: true,
  whatsappAlerts: false,
  emailSupport: false,
  prioritySupport: false,
  customReports: false,
  apiAccess: false,
  dataExport: false,
  customBranding: false,
};

describe('strict input on the account routes', () => {
  it('usuarios: a misspelled field is a 400 naming it and changes nothing; plano_id is taken', async () => {
    const db = t.server.database.db;
    const criar = await t.app.inject({
      method: 'POST',
      url: '/api/admin/usuarios',
      headers: json(admin.cookie),
      payload: { nome: 'Novo', email: 'novo-estrito@acme.com.br', telefon: '1199' },
    });
    recusouCampo(criar, 'telefon');
    const criados = await db.select().from(usuarios).where(eq(usuarios.email, 'novo-estrito@acme.com.br'));
    expect(criados).toHaveLength(0);

    const u = await createUser(t, { nome: 'Antes' });
    const editar = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/usuarios/${u.id}`,
      headers: json(admin.cookie),
      payload: { nome: 'Depois', ativoo: false },
    });
    recusouCampo(editar, 'ativoo');
    const [depois] = await db.select().from(usuarios).where(eq(usuarios.id, u.id));
    expect(depois).toMatchObject({ nome: 'Antes', ativo: true });

    const [profissional] = await db.select().from(planos).where(eq(planos.nome, 'Profissional'));
    const empresaId = await empresaDeTeste(t, 'Entrada Estrita', { planoId: profissional!.id });
    const snake = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/usuarios/${u.id}`,
      headers: json(admin.cookie),
      payload: { plano_id: profissional!.id, empresa_id: empresaId },
    });
    expect(snake.statusCode).toBe(200);
    expect(snake.json().usuario.plano).toEqual({ id: profissional!.id, nome: 'Profissional' });
    expect(snake.json().usuario.empresaId).toBe(empresaId);
  });

  it('planos: a misspelled field is a 400 naming it and changes nothing; max_laudos is taken', async () => {
    const db = t.server.database.db;
    const criar = await t.app.inject({
      method: 'POST',
      url: '/api/admin/planos',
      headers: json(admin.cookie),
      payload: { ...novoPlano, maxLaudo: 5 },
    });
    recusouCampo(criar, 'maxLaudo');
    expect(await db.select().from(planos).where(eq(planos.nome, 'Estrito'))).toHaveLength(0);

    const [basico] = await db.select().from(planos).where(eq(planos.nome, 'Básico'));
    const editar = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/planos/${basico!.id}`,
      headers: json(admin.cookie),
      payload: { preco: 1, precoo: 2 },
    });
    recusouCampo(editar, 'precoo');
    const [depois] = await db.select().from(planos).where(eq(planos.id, basico!.id));
    expect(Number(depois!.preco)).toBe(Number(basico!.preco));

    const { maxLaudos: _, ...semMaxLaudos } = novoPlano;
    const snake = await t.app.inject({
      method: 'POST',
      url: '/api/admin/planos',
      headers: json(admin.cookie),
      payload: { ...semMaxLaudos, max_laudos: 7 },
    });
    expect(snake.statusCode).toBe(201);
    expect(snake.json().plano.maxLaudos).toBe(7);
  });

  it('conta: a misspelled field is a 400 naming it and changes nothing', async () => {
    const db = t.server.database.db;
    const cadastro = await t.app.inject({
      method: 'POST',
      url: '/api/cadastro',
      headers: json(),
      payload: { nome: 'Joana', email: 'joana-estrita@acme.com.br', senha: 'uma-senha-boa', empressa: 'X' },
    });
    recusouCampo(cadastro, 'empressa');
    expect(
      await db
        .select()
        .from(usuarios)
        .where(eq(sql`lower(${usuarios.email})`, 'joana-estrita@acme.com.br')),
    ).toHaveLength(0);
    expect(await db.select().from(authVerification)).toHaveLength(0);

    const u = await createUser(t);
    const cookie = await signIn(t.app, u.email, u.password);
    const senha = await t.app.inject({
      method: 'POST',
      url: '/api/conta/senha',
      headers: json(cookie),
      payload: { senhaAtual: u.password, novaSenha: 'outra-senha-boa', confirmacao: 'outra-senha-boa' },
    });
    recusouCampo(senha, 'confirmacao');
    // The old password still signs in.
    expect(await signIn(t.app, u.email, u.password)).toBeTruthy();
  });

  it('settings: a misspelled field is a 400 naming it and changes nothing; a logo that is not http(s) is a 400', async () => {
    const antes = t.server.settings.get();
    const errado = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: json(admin.cookie),
      payload: { ...antes, branding: { ...antes.branding, companyName: 'Outra', cor: '#000000' } },
    });
    recusouCampo(errado, 'branding.cor');
    expect(t.server.settings.get().branding.companyName).toBe(antes.branding.companyName);

    const logo = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: json(admin.cookie),
      payload: { ...antes, branding: { ...antes.branding, logo: 'javascript:alert(1)' } },
    });
    recusouCampo(logo, 'branding.logo');
    expect(t.server.settings.get().branding.logo).toBe(antes.branding.logo);

    const bom = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: json(admin.cookie),
      payload: { ...antes, branding: { ...antes.branding, logo: 'https://cdn.exemplo.com.br/logo.png' } },
    });
    expect(bom.statusCode).toBe(200);
    expect(bom.json().branding.logo).toBe('https://cdn.exemplo.com.br/logo.png');
  });
});
