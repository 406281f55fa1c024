import { addDaysIso, calendarDayIn } from '@laudos/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avisos, usuarios } from '../src/db/schema.ts';
import { limparAvisosLidos } from '../src/modules/avisos/service.ts';
import { createAdmin, createUser, empresaDeTeste, json, planoChamado } from './helpers/accounts.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

/** Issue 19, in-app notices (decision 032): the events write them for the right people only. */

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ JOBS: 'off' });
});
afterAll(() => t.close());

type Aviso = { id: string; tipo: string; titulo: string; texto: string; link: string; lido: boolean };

describe('in-app notices', () => {
  it('a new laudo, a reminder and support replies notify the right people and nobody else; count, page, mark read, 404 on another’s', async () => {
    const db = t.server.database.db;
    const admin = await createAdmin(t);
    const empresarial = await planoChamado(t, 'Empresarial');
    const acme = await empresaDeTeste(t, 'ACME Avisos', { planoId: empresarial });
    const beta = await empresaDeTeste(t, 'Beta Avisos', { planoId: empresarial });
    const gestor = await createUser(t, { email: 'gestor@acme-avisos.com.br', nome: 'Gina', empresaId: acme });
    const membro = await createUser(t, {
      email: 'membro@acme-avisos.com.br',
      nome: 'Mauro',
      empresaId: acme,
      papel: 'membro',
    });
    const inativo = await createUser(t, {
      email: 'inativo@acme-avisos.com.br',
      empresaId: acme,
      papel: 'membro',
    });
    await db.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, inativo.id));
    const deBeta = await createUser(t, { email: 'gestor@beta-avisos.com.br', empresaId: beta });
    const cGestor = await signIn(t.app, gestor.email, gestor.password);
    const cMembro = await signIn(t.app, membro.email, membro.password);
    const cBeta = await signIn(t.app, deBeta.email, deBeta.password);
    const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: json(cookie), ...(payload ? { payload } : {}) });
    const lista = async (cookie: string, q = '') => {
      const res = await call(cookie, 'GET', `/api/avisos${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { avisos: Aviso[]; proximo: string | null };
    };
    const naoLidos = async (cookie: string) =>
      (await call(cookie, 'GET', '/api/avisos/nao-lidos')).json().naoLidos as number;
    const dos = async (usuarioId: string) => db.select().from(avisos).where(eq(avisos.usuarioId, usuarioId));

    // The firm creates a laudo for ACME, due in 7 days: ACME's active people are told, not the admin
    // who created it, not the inactive colleague, not Beta.
    const hoje = calendarDayIn(t.config.timeZone);
    const criado = await call(admin.cookie, 'POST', '/api/laudos', {
      nome: 'Caldeira 3',
      codigo: 'AV-1',
      tipo: 'NR-13',
      empresaId: acme,
      dataVencimento: addDaysIso(hoje, 7),
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const laudoId = criado.json().laudo.id as string;
    for (const cookie of [cGestor, cMembro]) {
      expect((await lista(cookie)).avisos).toEqual([
        expect.objectContaining({
          tipo: 'laudo_novo',
          titulo: 'Novo laudo',
          texto: 'Caldeira 3 (AV-1)',
          link: `/laudos/${laudoId}`,
          lido: false,
        }),
      ]);
    }
    expect(await dos(admin.id)).toEqual([]);
    expect(await dos(inativo.id)).toEqual([]);
    expect(await naoLidos(cBeta)).toBe(0);

    // A client's own laudo: the colleague hears of it, the author does not.
    await call(cMembro, 'POST', '/api/laudos', { nome: 'Elevador', codigo: 'AV-2', tipo: 'NR-12' });
    expect(await naoLidos(cGestor)).toBe(2);
    expect(await naoLidos(cMembro)).toBe(1);

    // The reminder run: the gestor receives reminders (the role's default) and sees it in the bell;
    // the member does not receive them.
    const run = await call(admin.cookie, 'POST', '/api/admin/notificacoes/executar');
    expect(run.statusCode, run.body).toBe(200);
    const [lembrete] = (await lista(cGestor)).avisos;
    expect(lembrete).toMatchObject({
      tipo: 'lembrete_enviado',
      texto: 'Caldeira 3 (AV-1) vence em 7 dias.',
      link: `/laudos/${laudoId}`,
    });
    expect(await naoLidos(cMembro)).toBe(1);

    // Support: the member opens a request → the admins are told; the firm replies → only the author.
    const aberto = await call(cMembro, 'POST', '/api/suporte/chamados', {
      assunto: 'Dúvida',
      mensagem: 'Oi',
    });
    expect(aberto.statusCode, aberto.body).toBe(201);
    const chamadoId = aberto.json().chamado.id as string;
    const [daFirma] = (await lista(admin.cookie)).avisos;
    expect(daFirma).toMatchObject({
      tipo: 'suporte_mensagem',
      titulo: 'Novo chamado de suporte',
      texto: 'ACME Avisos: Dúvida',
      link: `/admin/suporte/${chamadoId}`,
    });
    const resposta = await call(admin.cookie, 'POST', `/api/admin/suporte/chamados/${chamadoId}/mensagens`, {
      mensagem: 'Olá!',
    });
    expect(resposta.statusCode, resposta.body).toBe(201);
    expect((await lista(cMembro)).avisos[0]).toMatchObject({
      tipo: 'suporte_resposta',
      texto: 'Dúvida',
      link: `/suporte/${chamadoId}`,
    });
    expect(await naoLidos(cMembro)).toBe(2);
    expect(await naoLidos(cGestor), 'the gestor did not write the request').toBe(3);
    await call(cMembro, 'POST', `/api/suporte/chamados/${chamadoId}/mensagens`, { mensagem: 'Obrigado' });
    expect((await lista(admin.cookie)).avisos[0]).toMatchObject({ titulo: 'Nova mensagem no suporte' });

    // Paging, newest first: one at a time through the gestor's three.
    const vistos: string[] = [];
    let antes: string | null = '';
    while (antes !== null) {
      const pagina = await lista(cGestor, `?limite=1${antes ? `&antes=${antes}` : ''}`);
      vistos.push(...pagina.avisos.map((a) => a.tipo));
      antes = pagina.proximo;
    }
    expect(vistos).toEqual(['lembrete_enviado', 'laudo_novo', 'laudo_novo']);

    // Marking read: one, then another person's → 404 (and it stays unread), then all.
    const primeiro = (await lista(cGestor)).avisos[0]!;
    const lido = await call(cGestor, 'POST', `/api/avisos/${primeiro.id}/lido`);
    expect(lido.json()).toEqual({ naoLidos: 2 });
    expect((await lista(cGestor)).avisos[0]).toMatchObject({ id: primeiro.id, lido: true });
    const doMembro = (await lista(cMembro)).avisos[0]!;
    for (const cookie of [cGestor, cBeta, admin.cookie]) {
      const alheio = await call(cookie, 'POST', `/api/avisos/${doMembro.id}/lido`);
      expect(alheio.statusCode).toBe(404);
      expect(alheio.json().error.code).toBe('NAO_ENCONTRADO');
    }
    expect(await naoLidos(cMembro)).toBe(2);
    expect((await call(cGestor, 'POST', '/api/avisos/x/lido')).statusCode).toBe(400);
    expect((await call(cGestor, 'POST', '/api/avisos/lidos')).json()).toEqual({ naoLidos: 0 });
    expect(await naoLidos(cGestor)).toBe(0);
    expect(await naoLidos(cMembro)).toBe(2);

    // Retention: read notices older than 90 days go; unread ones stay, however old.
    const velho = new Date(Date.now() - 91 * 86_400_000);
    await db.update(avisos).set({ criadoEm: velho });
    expect(await limparAvisosLidos(db)).toBe(3);
    expect(await naoLidos(cMembro)).toBe(2);
    expect((await lista(cGestor)).avisos).toEqual([]);
  });
});
