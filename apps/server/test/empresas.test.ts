import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { empresas, laudos, pedidosEmpresa, planos } from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json } from './helpers/accounts.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

/** Issue 17: companies, the scope by company, the admin's companies and the requests to join them. */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const pedir = (
  t: TestServer,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: json(cookie),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function novaEmpresa(t: TestServer, cookie: string, dados: Record<string, unknown>) {
  const res = await pedir(t, cookie, 'POST', '/api/admin/empresas', dados);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().empresa as { id: string; nomeFantasia: string };
}

async function laudoDe(t: TestServer, cookie: string, empresaId: string, codigo: string) {
  const res = await pedir(t, cookie, 'POST', '/api/laudos', {
    nome: `Laudo ${codigo}`,
    codigo,
    tipo: 'NR-13',
    empresaId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().laudo as { id: string; cliente: string; empresa_id: string };
}

async function codigosVistos(t: TestServer, cookie: string) {
  const res = await pedir(t, cookie, 'GET', '/api/laudos?porPagina=100&ordem=codigo');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().laudos as { codigo: string }[]).map((l) => l.codigo);
}

describe('scope by company', () => {
  it('companies whose names differ only by case, accents or spaces stay apart', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const nomes = ['Usina Açúcar', 'USINA AÇÚCAR', 'Usina Acucar', 'Usina  Açúcar'];
    const pessoas: { cookie: string; codigo: string }[] = [];
    for (const [i, nome] of nomes.entries()) {
      const empresa = await novaEmpresa(t, admin.cookie, { razaoSocial: `${nome} S.A.`, nomeFantasia: nome });
      const laudo = await laudoDe(t, admin.cookie, empresa.id, `UA-${i}`);
      expect(laudo).toMatchObject({ cliente: nome, empresa_id: empresa.id });
      const u = await createUser(t, { email: `p${i}@usina.com.br`, empresaId: empresa.id, papel: 'gestor' });
      pessoas.push({ cookie: await signIn(t.app, u.email, u.password), codigo: `UA-${i}` });
    }
    for (const p of pessoas) expect(await codigosVistos(t, p.cookie)).toEqual([p.codigo]);
  });

  it("a person moved to another company loses the old company's laudos on the next request", async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const a = await novaEmpresa(t, admin.cookie, { razaoSocial: 'Alfa Ltda', nomeFantasia: 'Alfa' });
    const b = await novaEmpresa(t, admin.cookie, { razaoSocial: 'Beta Ltda', nomeFantasia: 'Beta' });
    const deA = await laudoDe(t, admin.cookie, a.id, 'A-1');
    await laudoDe(t, admin.cookie, b.id, 'B-1');
    // Two gestores in Alfa, so one can leave.
    await createUser(t, { email: 'fica@alfa.com.br', empresaId: a.id, papel: 'gestor' });
    const u = await createUser(t, { email: 'muda@alfa.com.br', empresaId: a.id, papel: 'gestor' });
    const cookie = await signIn(t.app, u.email, u.password);
    expect(await codigosVistos(t, cookie)).toEqual(['A-1']);
    const move = await pedir(t, admin.cookie, 'PATCH', `/api/admin/usuarios/${u.id}`, { empresaId: b.id });
    expect(move.statusCode, move.body).toBe(200);
    expect(move.json().usuario).toMatchObject({ empresa: 'Beta', empresaId: b.id });
    expect(await codigosVistos(t, cookie)).toEqual(['B-1']);
    expect((await pedir(t, cookie, 'GET', `/api/laudos/${deA.id}`)).statusCode).toBe(404);
    const me = (await pedir(t, cookie, 'GET', '/api/me')).json();
    expect(me).toMatchObject({ empresa: 'Beta', empresa_id: b.id });
  });

  it("max_laudos counts the company's laudos, whoever created them; a deactivated company locks its people out", async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const [plano] = await t.server.database.db
      .insert(planos)
      .values({ nome: 'Mini', maxLaudos: 2, maxUsuarios: 5 })
      .returning();
    const empresaId = await empresaDeTeste(t, 'Mini Caldeiras', { planoId: plano!.id });
    const g = await createUser(t, { email: 'g@mini.com.br', empresaId, papel: 'gestor' });
    const m = await createUser(t, { email: 'm@mini.com.br', empresaId, papel: 'membro' });
    const cg = await signIn(t.app, g.email, g.password);
    const cm = await signIn(t.app, m.email, m.password);
    const novo = (cookie: string, codigo: string) =>
      pedir(t!, cookie, 'POST', '/api/laudos', { nome: codigo, codigo, tipo: 'NR-13' });
    expect((await novo(cg, 'M-1')).statusCode).toBe(201);
    expect((await novo(cm, 'M-2')).statusCode).toBe(201);
    const terceiro = await novo(cg, 'M-3');
    expect(terceiro.statusCode).toBe(403);
    expect(terceiro.json().error.message).toBe(
      'Limite do plano atingido: o plano Mini permite até 2 laudos. Fale conosco para mudar de plano.',
    );
    // Both see both: the laudos are the company's.
    expect(await codigosVistos(t, cm)).toEqual(['M-1', 'M-2']);
    const me = (await pedir(t, cm, 'GET', '/api/me')).json();
    expect(me).toMatchObject({
      empresa: 'Mini Caldeiras',
      papel: 'membro',
      plano: { nome: 'Mini', maxLaudos: 2 },
    });

    expect(
      (await pedir(t, admin.cookie, 'PATCH', `/api/admin/empresas/${empresaId}`, { ativo: false }))
        .statusCode,
    ).toBe(200);
    const bloqueado = await pedir(t, cm, 'GET', '/api/laudos');
    expect(bloqueado.statusCode).toBe(403);
    expect(bloqueado.json().error).toMatchObject({
      code: 'EMPRESA_INATIVA',
      message: 'Sua empresa está desativada. Fale com o administrador.',
    });
  });
});

describe("the admin's companies", () => {
  it('creates with a validated CNPJ (stored as digits, unique), lists with usage, searches, renames into the laudos', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const invalido = await pedir(t, admin.cookie, 'POST', '/api/admin/empresas', {
      razaoSocial: 'Caldeiraria Sul Ltda',
      nomeFantasia: 'Caldeiraria Sul',
      cnpj: '11.222.333/0001-82',
    });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().error.campos).toEqual([
      { campo: 'cnpj', mensagem: 'CNPJ inválido: confira os dígitos.' },
    ]);
    const semNome = await pedir(t, admin.cookie, 'POST', '/api/admin/empresas', { razaoSocial: 'X' });
    expect(semNome.statusCode).toBe(400);

    const sul = await novaEmpresa(t, admin.cookie, {
      razao_social: 'Caldeiraria Sul Ltda',
      nome_fantasia: 'Caldeiraria Sul',
      cnpj: '11.222.333/0001-81',
      email_contato: 'contato@sul.com.br',
    });
    expect(sul).toMatchObject({ cnpj: '11222333000181', emailContato: 'contato@sul.com.br' });
    const dup = await pedir(t, admin.cookie, 'POST', '/api/admin/empresas', {
      razaoSocial: 'Outra',
      nomeFantasia: 'Outra',
      cnpj: '11222333000181',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Já existe uma empresa com este CNPJ.');

    await novaEmpresa(t, admin.cookie, { razaoSocial: 'Norte Vasos ME', nomeFantasia: 'Norte Vasos' });
    await laudoDe(t, admin.cookie, sul.id, 'S-1');
    await createUser(t, { email: 'g@sul.com.br', empresaId: sul.id, papel: 'gestor' });

    const lista = await pedir(t, admin.cookie, 'GET', '/api/admin/empresas?busca=222.333');
    expect(lista.statusCode).toBe(200);
    expect(lista.json().empresas).toHaveLength(1);
    // The default plan (Básico, 100 laudos, 3 users) was given.
    expect(lista.json().empresas[0]).toMatchObject({
      nomeFantasia: 'Caldeiraria Sul',
      plano: { nome: 'Básico' },
      usuarios: { usados: 1, limite: 3 },
      laudos: { usados: 1, limite: 100 },
    });
    expect((await pedir(t, admin.cookie, 'GET', '/api/admin/empresas?busca=norte')).json().total).toBe(1);
    const opcoes = await pedir(t, admin.cookie, 'GET', '/api/admin/empresas/opcoes?busca=cald');
    expect(opcoes.json().empresas).toEqual([{ id: sul.id, nome: 'Caldeiraria Sul', cnpj: '11222333000181' }]);

    const renomeada = await pedir(t, admin.cookie, 'PATCH', `/api/admin/empresas/${sul.id}`, {
      nomeFantasia: 'Sul Caldeiras',
    });
    expect(renomeada.json().empresa.nomeFantasia).toBe('Sul Caldeiras');
    const [laudo] = await t.server.database.db.select().from(laudos).where(eq(laudos.codigo, 'S-1'));
    expect(laudo!.cliente).toBe('Sul Caldeiras');
    const equipe = await pedir(t, admin.cookie, 'GET', `/api/admin/empresas/${sul.id}`);
    expect(equipe.json().pessoas).toEqual([
      expect.objectContaining({
        email: 'g@sul.com.br',
        papel: 'gestor',
        ativo: true,
        receberLembretes: true,
      }),
    ]);
    expect(
      (await pedir(t, admin.cookie, 'GET', '/api/admin/empresas/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
  });

  it("the team rules hold on the admin's user screen: one active gestor, the plan's users", async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const [plano] = await t.server.database.db
      .insert(planos)
      .values({ nome: 'Dupla', maxLaudos: 10, maxUsuarios: 2 })
      .returning();
    const empresaId = await empresaDeTeste(t, 'Dupla Ltda', { planoId: plano!.id });
    const g = await createUser(t, { email: 'g@dupla.com.br', empresaId, papel: 'gestor' });
    const m = await createUser(t, { email: 'm@dupla.com.br', empresaId, papel: 'membro' });
    const demote = await pedir(t, admin.cookie, 'PATCH', `/api/admin/usuarios/${g.id}`, { papel: 'membro' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe('A empresa precisa de pelo menos um gestor ativo.');
    expect(
      (await pedir(t, admin.cookie, 'PATCH', `/api/admin/usuarios/${g.id}`, { ativo: false })).statusCode,
    ).toBe(409);
    expect(
      (await pedir(t, admin.cookie, 'PATCH', `/api/admin/usuarios/${g.id}`, { empresaId: null })).statusCode,
    ).toBe(409);
    // A third person does not fit the plan.
    const terceiro = await pedir(t, admin.cookie, 'POST', '/api/admin/usuarios', {
      nome: 'Terceiro',
      email: 't@dupla.com.br',
      tipo: 'cliente',
      empresaId,
    });
    expect(terceiro.statusCode).toBe(409);
    expect(terceiro.json().error.message).toBe(
      'Limite do plano atingido: o plano Dupla permite até 2 usuários. Fale conosco para mudar de plano.',
    );
    // With the member promoted, the first gestor may step down.
    expect(
      (await pedir(t, admin.cookie, 'PATCH', `/api/admin/usuarios/${m.id}`, { papel: 'gestor' })).statusCode,
    ).toBe(200);
    expect(
      (await pedir(t, admin.cookie, 'PATCH', `/api/admin/usuarios/${g.id}`, { papel: 'membro' })).statusCode,
    ).toBe(200);
    // Deleting a person keeps the company's laudos.
    const laudo = await laudoDe(t, admin.cookie, empresaId, 'D-1');
    expect((await pedir(t, admin.cookie, 'DELETE', `/api/admin/usuarios/${g.id}`)).statusCode).toBe(204);
    expect((await pedir(t, admin.cookie, 'GET', `/api/laudos/${laudo.id}`)).statusCode).toBe(200);
  });
});

describe('requests to join a company', () => {
  it('sign-up leaves a request (a name, or a CNPJ); the admin joins it to a company, creates one, or refuses', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const acme = await novaEmpresa(t, admin.cookie, {
      razaoSocial: 'ACME Indústria Ltda',
      nomeFantasia: 'ACME',
    });
    await laudoDe(t, admin.cookie, acme.id, 'AC-1');
    for (const [email, empresa] of [
      ['joana@acme.com.br', 'acme'],
      ['paulo@nova.com.br', '04.252.011/0001-10'],
      ['rui@estranho.test', 'ACME'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cadastro',
        headers: json(),
        payload: { nome: email, email, senha: 'senha-forte-123', empresa },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const lista = await pedir(t, admin.cookie, 'GET', '/api/admin/pedidos-empresa');
    const pedidos = lista.json().pedidos as {
      id: string;
      usuario: { email: string };
      nome: string | null;
      cnpj: string | null;
      sugestao: { id: string } | null;
    }[];
    const de = (email: string) => pedidos.find((p) => p.usuario.email === email)!;
    expect(de('joana@acme.com.br')).toMatchObject({ nome: 'acme', cnpj: null, sugestao: { id: acme.id } });
    expect(de('paulo@nova.com.br')).toMatchObject({ nome: null, cnpj: '04252011000110', sugestao: null });
    expect((await pedir(t, admin.cookie, 'GET', '/api/admin/empresas')).json().pedidosPendentes).toBe(3);

    // Until approved, the person sees nothing of the company.
    const db = t.server.database.db;
    const joanaCookie = await signIn(t.app, 'joana@acme.com.br', 'senha-forte-123');
    expect(await codigosVistos(t, joanaCookie)).toEqual([]);
    expect((await pedir(t, joanaCookie, 'GET', '/api/me')).json()).toMatchObject({
      empresa: null,
      pedido_empresa: { nome: 'acme', cnpj: null },
    });

    const aprovado = await pedir(
      t,
      admin.cookie,
      'POST',
      `/api/admin/pedidos-empresa/${de('joana@acme.com.br').id}/aprovar`,
      {
        empresaId: acme.id,
      },
    );
    expect(aprovado.statusCode, aprovado.body).toBe(200);
    expect(await codigosVistos(t, joanaCookie)).toEqual(['AC-1']);
    // Nobody was gestor: she is now.
    expect((await pedir(t, joanaCookie, 'GET', '/api/me')).json()).toMatchObject({
      empresa: 'ACME',
      papel: 'gestor',
      pedido_empresa: null,
    });
    // Twice is a 404.
    expect(
      (
        await pedir(
          t,
          admin.cookie,
          'POST',
          `/api/admin/pedidos-empresa/${de('joana@acme.com.br').id}/aprovar`,
          { empresaId: acme.id },
        )
      ).statusCode,
    ).toBe(404);

    const criada = await pedir(
      t,
      admin.cookie,
      'POST',
      `/api/admin/pedidos-empresa/${de('paulo@nova.com.br').id}/aprovar`,
      {
        nova: { razaoSocial: 'Nova Caldeiras Ltda', nomeFantasia: 'Nova', cnpj: '04252011000110' },
      },
    );
    expect(criada.statusCode, criada.body).toBe(200);
    const [nova] = await db.select().from(empresas).where(eq(empresas.id, criada.json().empresaId));
    expect(nova).toMatchObject({ nomeFantasia: 'Nova', cnpj: '04252011000110' });

    const recusa = await pedir(
      t,
      admin.cookie,
      'POST',
      `/api/admin/pedidos-empresa/${de('rui@estranho.test').id}/recusar`,
      {},
    );
    expect(recusa.statusCode).toBe(200);
    const [rui] = await db
      .select()
      .from(pedidosEmpresa)
      .where(eq(pedidosEmpresa.id, de('rui@estranho.test').id));
    expect(rui!.status).toBe('recusado');
    expect((await pedir(t, admin.cookie, 'GET', '/api/admin/pedidos-empresa')).json().pedidos).toEqual([]);

    // A person with a company cannot ask again; one without can, by name or CNPJ, and needs one of them.
    const jaTem = await pedir(t, joanaCookie, 'POST', '/api/conta/pedido-empresa', { nome: 'Outra' });
    expect(jaTem.statusCode).toBe(409);
    const ruiCookie = await signIn(t.app, 'rui@estranho.test', 'senha-forte-123');
    expect((await pedir(t, ruiCookie, 'POST', '/api/conta/pedido-empresa', {})).json().error.message).toBe(
      'Informe o nome ou o CNPJ da empresa.',
    );
    expect((await pedir(t, ruiCookie, 'POST', '/api/conta/pedido-empresa', { cnpj: '123' })).statusCode).toBe(
      400,
    );
    expect(
      (await pedir(t, ruiCookie, 'POST', '/api/conta/pedido-empresa', { nome: 'Estranha SA' })).statusCode,
    ).toBe(200);
  });

  it("an approval that would pass the plan's users is refused, naming the plan", async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const [plano] = await t.server.database.db
      .insert(planos)
      .values({ nome: 'Solo', maxLaudos: 10, maxUsuarios: 1 })
      .returning();
    const empresaId = await empresaDeTeste(t, 'Solo ME', { planoId: plano!.id });
    await createUser(t, { email: 'dono@solo.com.br', empresaId, papel: 'gestor' });
    const outro = await createUser(t, {
      email: 'outro@solo.com.br',
      empresa: 'Solo ME',
      empresaConfirmada: false,
    });
    const [pedido] = await t.server.database.db
      .select()
      .from(pedidosEmpresa)
      .where(eq(pedidosEmpresa.usuarioId, outro.id));
    const res = await pedir(t, admin.cookie, 'POST', `/api/admin/pedidos-empresa/${pedido!.id}/aprovar`, {
      empresaId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Limite do plano atingido: o plano Solo permite até 1 usuários. Fale conosco para mudar de plano.',
    );
  });
});
