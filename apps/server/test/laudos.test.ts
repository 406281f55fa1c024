import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emailLogs, empresas, laudos, planos, usuarios } from '../src/db/schema.ts';
import { createAdmin, createUser, json } from './helpers/accounts.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function isoDaysFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function setup() {
  t = await createTestServer({ JOBS: 'off' });
  const admin = await createAdmin(t);
  const a = await createUser(t, {
    email: 'compras@acme.com.br',
    empresa: 'ACME Ltda',
    empresaConfirmada: true,
    nome: 'Ana ACME',
  });
  const b = await createUser(t, {
    email: 'manutencao@beta.com.br',
    empresa: 'Beta SA',
    empresaConfirmada: true,
    nome: 'Bruno Beta',
  });
  const cookieA = await signIn(t.app, a.email, a.password);
  const cookieB = await signIn(t.app, b.email, b.password);
  return { t, admin, a, b, cookieA, cookieB };
}

async function criar(t: TestServer, cookie: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/laudos', headers: json(cookie), payload: body });
}

describe('laudos API', () => {
  it('creates with the spec texts for missing data and duplicate codes, and e-mails the client', async () => {
    const { t, admin } = await setup();
    const missing = await criar(t, admin.cookie, { nome: 'Caldeira 01', codigo: 'NR13-001' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(
      'Dados obrigatórios faltando: nome, código, cliente e tipo são obrigatórios.',
    );

    const ok = await criar(t, admin.cookie, {
      nome: 'Caldeira 01',
      codigo: 'NR13-001',
      cliente: 'ACME Ltda',
      tipo: 'NR-13',
      emailCliente: 'compras@acme.com.br',
      dataVencimento: isoDaysFromToday(10),
    });
    expect(ok.statusCode).toBe(201);
    const laudo = ok.json().laudo;
    expect(laudo).toMatchObject({
      nome: 'Caldeira 01',
      cliente: 'ACME Ltda',
      email_cliente: 'compras@acme.com.br',
      emailCliente: 'compras@acme.com.br',
      dataVencimento: isoDaysFromToday(10),
      criador: { nome: 'Firma' },
      vencimento: { status: 'vencendo', diasRestantes: 10, diasVencido: 0 },
    });
    const [log] = await t.server.database.db.select().from(emailLogs).where(eq(emailLogs.laudoId, laudo.id));
    expect(log).toMatchObject({
      subject: 'Novo Laudo Criado: Caldeira 01',
      recipientEmail: 'compras@acme.com.br',
      status: 'pending',
    });

    const dup = await criar(t, admin.cookie, {
      nome: 'Outro',
      codigo: 'NR13-001',
      cliente: 'ACME Ltda',
      tipo: 'NR-13',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Erro de dados: Já existe um laudo com este código');

    const badType = await criar(t, admin.cookie, {
      nome: 'X',
      codigo: 'X-1',
      cliente: 'ACME Ltda',
      tipo: 'Inventado',
    });
    expect(badType.statusCode).toBe(400);
    const badDate = await criar(t, admin.cookie, {
      nome: 'X',
      codigo: 'X-2',
      cliente: 'ACME Ltda',
      tipo: 'NR-12',
      dataVencimento: '31/12/2026',
    });
    expect(badDate.statusCode).toBe(400);
  });

  it("takes the spec's names (data_vencimento, email_cliente) and refuses, naming it, a field it does not know", async () => {
    const { t, admin } = await setup();
    const ok = await criar(t, admin.cookie, {
      nome: 'Vaso 02',
      codigo: 'NR13-002',
      cliente: 'ACME Ltda',
      tipo: 'NR-13',
      email_cliente: 'compras@acme.com.br',
      data_vencimento: isoDaysFromToday(40),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().laudo).toMatchObject({
      email_cliente: 'compras@acme.com.br',
      data_vencimento: isoDaysFromToday(40),
      vencimento: { status: 'ativo', diasRestantes: 40 },
    });
    const [salvo] = await t.server.database.db
      .select({ emailCliente: laudos.emailCliente, dataVencimento: laudos.dataVencimento })
      .from(laudos)
      .where(eq(laudos.codigo, 'NR13-002'));
    expect(salvo).toEqual({ emailCliente: 'compras@acme.com.br', dataVencimento: isoDaysFromToday(40) });

    const id = ok.json().laudo.id as string;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/laudos/${id}`,
      headers: json(admin.cookie),
      payload: { data_vencimento: isoDaysFromToday(5) },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().laudo.data_vencimento).toBe(isoDaysFromToday(5));

    const typo = await criar(t, admin.cookie, {
      nome: 'Vaso 03',
      codigo: 'NR13-003',
      cliente: 'ACME Ltda',
      tipo: 'NR-13',
      dataVencimeto: isoDaysFromToday(40),
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error.code).toBe('DADOS_INVALIDOS');
    expect(typo.json().error.campos).toEqual([
      { campo: 'dataVencimeto', mensagem: 'Campo não reconhecido.' },
    ]);
    expect(typo.json().error.message).toContain('dataVencimeto');
    const nada = await t.server.database.db.select().from(laudos).where(eq(laudos.codigo, 'NR13-003'));
    expect(nada).toEqual([]);

    const patchTypo = await t.app.inject({
      method: 'PATCH',
      url: `/api/laudos/${id}`,
      headers: json(admin.cookie),
      payload: { nome: 'Vaso renomeado', emailClient: 'x@y.com' },
    });
    expect(patchTypo.statusCode).toBe(400);
    expect(patchTypo.json().error.campos).toEqual([
      { campo: 'emailClient', mensagem: 'Campo não reconhecido.' },
    ]);
    const [depois] = await t.server.database.db
      .select({ nome: laudos.nome })
      .from(laudos)
      .where(eq(laudos.id, id));
    expect(depois?.nome).toBe('Vaso 02');
  });

  it("client A never sees, edits or deletes client B's laudo: by id, by filters, by pages", async () => {
    const { t, admin, b, cookieA, cookieB } = await setup();
    const deB = (
      await criar(t, admin.cookie, {
        nome: 'Prensa B',
        codigo: 'NR12-B',
        empresaId: b.empresaId,
        tipo: 'NR-12',
        emailCliente: 'outro@beta.com.br',
      })
    ).json().laudo;
    const deA = (await criar(t, cookieA, { nome: 'Elevador A', codigo: 'ELV-A', tipo: 'Elevadores' })).json()
      .laudo;
    expect(deA).toMatchObject({ cliente: 'ACME Ltda', email_cliente: 'compras@acme.com.br' });

    for (const [method, url] of [
      ['GET', `/api/laudos/${deB.id}`],
      ['PATCH', `/api/laudos/${deB.id}`],
      ['DELETE', `/api/laudos/${deB.id}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: json(cookieA),
        ...(method === 'PATCH' ? { payload: { nome: 'hack' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/laudos?cliente=Beta%20SA&porPagina=100',
      headers: { cookie: cookieA },
    });
    expect(list.json().total).toBe(0);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/laudos?pagina=1&porPagina=100',
      headers: { cookie: cookieA },
    });
    expect(all.json().laudos.map((l: { id: string }) => l.id)).toEqual([deA.id]);
    // B sees its company's laudo, not A's.
    const listB = await t.app.inject({ method: 'GET', url: '/api/laudos', headers: { cookie: cookieB } });
    expect(listB.json().laudos.map((l: { id: string }) => l.id)).toEqual([deB.id]);
    // A client cannot move a laudo to another company.
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/laudos/${deA.id}`,
      headers: json(cookieA),
      payload: { cliente: 'Beta SA' },
    });
    expect(move.statusCode).toBe(403);
  });

  it('an unconfirmed company grants nothing: only laudos addressed to the own e-mail', async () => {
    const { t, admin } = await setup();
    const claim = await createUser(t, {
      email: 'espiao@gmail.test',
      empresa: 'ACME Ltda',
      empresaConfirmada: false,
    });
    const cookie = await signIn(t.app, claim.email, claim.password);
    await criar(t, admin.cookie, {
      nome: 'Caldeira ACME',
      codigo: 'C-1',
      cliente: 'ACME Ltda',
      tipo: 'NR-13',
    });
    const mine = (
      await criar(t, admin.cookie, {
        nome: 'Para o e-mail',
        codigo: 'C-2',
        cliente: 'ACME Ltda',
        tipo: 'NR-13',
        emailCliente: 'ESPIAO@gmail.test ',
      })
    ).json().laudo;
    const list = await t.app.inject({ method: 'GET', url: '/api/laudos', headers: { cookie } });
    expect(list.json().laudos.map((l: { id: string }) => l.id)).toEqual([mine.id]);
    const other = await criar(t, cookie, {
      nome: 'Meu',
      codigo: 'C-3',
      tipo: 'NR-13',
      emailCliente: 'compras@acme.com.br',
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('DESTINATARIO_NAO_PERMITIDO');
  });

  it('filters by status, type, text and expiry range; sorts; pages; counts by status and type', async () => {
    const { t, admin } = await setup();
    const mk = (codigo: string, dias: number | null, tipo = 'NR-13') =>
      criar(t, admin.cookie, {
        nome: `Laudo ${codigo}`,
        codigo,
        cliente: 'ACME Ltda',
        tipo,
        dataVencimento: dias === null ? null : isoDaysFromToday(dias),
      });
    await mk('V-1', -1);
    await mk('V-2', -40, 'NR-12');
    await mk('H-0', 0);
    await mk('H-30', 30, 'NR-12');
    await mk('A-31', 31);
    await mk('S-0', null, 'Elevadores');
    const get = async (q: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/laudos?${q}`, headers: { cookie: admin.cookie } })
      ).json();
    expect((await get('status=vencido')).laudos.map((l: { codigo: string }) => l.codigo).sort()).toEqual([
      'V-1',
      'V-2',
    ]);
    expect((await get('status=vencendo')).laudos.map((l: { codigo: string }) => l.codigo).sort()).toEqual([
      'H-0',
      'H-30',
    ]);
    expect((await get('status=ativo')).laudos.map((l: { codigo: string }) => l.codigo).sort()).toEqual([
      'A-31',
      'S-0',
    ]);
    expect((await get('tipo=NR-12')).total).toBe(2);
    expect((await get('busca=h-3')).laudos.map((l: { codigo: string }) => l.codigo)).toEqual(['H-30']);
    expect(
      (await get(`vencimentoDe=${isoDaysFromToday(0)}&vencimentoAte=${isoDaysFromToday(31)}`)).total,
    ).toBe(3);
    const sorted = await get('ordem=vencimento&direcao=asc&porPagina=2&pagina=1');
    expect(sorted.laudos.map((l: { codigo: string }) => l.codigo)).toEqual(['V-2', 'V-1']);
    expect(sorted.total).toBe(6);
    const page3 = await get('ordem=vencimento&direcao=asc&porPagina=2&pagina=3');
    expect(page3.laudos.map((l: { codigo: string }) => l.codigo)).toEqual(['A-31', 'S-0']);
    const stats = (
      await t.app.inject({
        method: 'GET',
        url: '/api/laudos/estatisticas',
        headers: { cookie: admin.cookie },
      })
    ).json();
    expect(stats).toMatchObject({ total: 6, vencidos: 2, vencendo: 2, ativos: 2 });
    expect(stats.porTipo).toEqual([
      { tipo: 'NR-13', total: 3 },
      { tipo: 'NR-12', total: 2 },
      { tipo: 'Elevadores', total: 1 },
    ]);
    const invalid = await t.app.inject({
      method: 'GET',
      url: '/api/laudos?porPagina=5000',
      headers: { cookie: admin.cookie },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('updates only the fields sent and always stamps atualizado_em', async () => {
    const { t, cookieA } = await setup();
    const l = (
      await criar(t, cookieA, {
        nome: 'Vaso 7',
        codigo: 'VP-7',
        tipo: 'NR-13',
        observacoes: 'Primeira inspeção',
        dataVencimento: isoDaysFromToday(100),
      })
    ).json().laudo;
    await new Promise((r) => setTimeout(r, 20));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/laudos/${l.id}`,
      headers: json(cookieA),
      payload: { nome: 'Vaso 7A' },
    });
    expect(res.statusCode).toBe(200);
    const u = res.json().laudo;
    expect(u).toMatchObject({
      nome: 'Vaso 7A',
      codigo: 'VP-7',
      observacoes: 'Primeira inspeção',
      dataVencimento: isoDaysFromToday(100),
    });
    expect(new Date(u.atualizado_em).getTime()).toBeGreaterThan(new Date(l.atualizado_em).getTime());
    const blank = await t.app.inject({
      method: 'PATCH',
      url: `/api/laudos/${l.id}`,
      headers: json(cookieA),
      payload: { nome: '  ' },
    });
    expect(blank.statusCode).toBe(400);
  });

  it("holds the client's plan limit with a clear message", async () => {
    const { t, a, cookieA } = await setup();
    const db = t.server.database.db;
    // The plan is the company's, and its limit counts the company's laudos (issue 17).
    const [row] = await db.select({ planoId: usuarios.planoId }).from(usuarios).where(eq(usuarios.id, a.id));
    await db.update(empresas).set({ planoId: row!.planoId }).where(eq(empresas.id, a.empresaId!));
    await db.update(planos).set({ maxLaudos: 2 }).where(eq(planos.id, row!.planoId!));
    expect((await criar(t, cookieA, { nome: 'L1', codigo: 'P-1', tipo: 'NR-13' })).statusCode).toBe(201);
    expect((await criar(t, cookieA, { nome: 'L2', codigo: 'P-2', tipo: 'NR-13' })).statusCode).toBe(201);
    const third = await criar(t, cookieA, { nome: 'L3', codigo: 'P-3', tipo: 'NR-13' });
    expect(third.statusCode).toBe(403);
    expect(third.json().error.message).toBe(
      'Limite do plano atingido: o plano Básico permite até 2 laudos. Fale conosco para mudar de plano.',
    );
  });

  it('deletes a laudo the user may see', async () => {
    const { t, cookieA } = await setup();
    const l = (await criar(t, cookieA, { nome: 'Temporário', codigo: 'T-1', tipo: 'Consultoria' })).json()
      .laudo;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/laudos/${l.id}`, headers: json(cookieA) }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/laudos/${l.id}`, headers: { cookie: cookieA } }))
        .statusCode,
    ).toBe(404);
  });
});
