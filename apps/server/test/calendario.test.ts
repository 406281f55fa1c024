import { createHash } from 'node:crypto';
import { addDaysIso, calendarDayIn } from '@laudos/domain';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarioFeeds, laudos } from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json } from './helpers/accounts.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

/** Issue 20, the private calendar feed (decision 034). */

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ JOBS: 'off' });
});
afterAll(() => t.close());

interface Evento {
  uid: string;
  summary: string;
  description: string;
  dia: string;
  diaInteiro: boolean;
  alarmes: { acao: string; gatilho: string }[];
}

/** The feed as a calendar app reads it (ical.js): its events, in order. */
function eventosDo(corpo: string): Evento[] {
  const vcalendar = new ICAL.Component(ICAL.parse(corpo));
  return vcalendar.getAllSubcomponents('vevent').map((vevent) => {
    const inicio = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    return {
      uid: String(vevent.getFirstPropertyValue('uid')),
      summary: String(vevent.getFirstPropertyValue('summary')),
      description: String(vevent.getFirstPropertyValue('description')),
      dia: inicio.toString(),
      diaInteiro: inicio.isDate,
      alarmes: vevent.getAllSubcomponents('valarm').map((valarm) => ({
        acao: String(valarm.getFirstPropertyValue('action')),
        gatilho: String(valarm.getFirstPropertyValue('trigger')),
      })),
    };
  });
}

describe('calendar feed', () => {
  it('one all-day event with three alarms per due date of the person’s laudos; replaced and revoked links answer 404; the token is never stored', async () => {
    const db = t.server.database.db;
    const admin = await createAdmin(t);
    const acme = await empresaDeTeste(t, 'ACME Calendário');
    const beta = await empresaDeTeste(t, 'Beta Calendário');
    const gestor = await createUser(t, { email: 'gestor@acme-cal.com.br', empresaId: acme });
    const deBeta = await createUser(t, { email: 'gestor@beta-cal.com.br', empresaId: beta });
    const cGestor = await signIn(t.app, gestor.email, gestor.password);
    const cBeta = await signIn(t.app, deBeta.email, deBeta.password);
    const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: json(cookie), ...(payload ? { payload } : {}) });

    const hoje = calendarDayIn(t.config.timeZone);
    const laudo = async (codigo: string, empresaId: string, dataVencimento: string) => {
      const res = await call(admin.cookie, 'POST', '/api/laudos', {
        nome: `Caldeira ${codigo}`,
        codigo,
        tipo: 'NR-13',
        empresaId,
        dataVencimento,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().laudo.id as string;
    };
    const logo = addDaysIso(hoje, 10);
    const depois = addDaysIso(hoje, 40);
    const caldeira = await laudo('CAL-1', acme, depois);
    await laudo('CAL-2', acme, logo);
    await laudo('CAL-ANTIGO', acme, addDaysIso(hoje, -400));
    await laudo('CAL-BETA', beta, logo);

    // No feed yet; the feed's routes are the signed-in person's own.
    expect((await call(cGestor, 'GET', '/api/calendario')).json()).toEqual({ ativo: false, criadoEm: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/calendario' })).statusCode).toBe(401);

    const criar = async (cookie: string) => {
      const res = await call(cookie, 'POST', '/api/calendario');
      expect(res.statusCode, res.body).toBe(201);
      const { url } = res.json() as { url: string };
      expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/api/calendario/[A-Za-z0-9_-]{43}\\.ics$`));
      return { url, caminho: new URL(url).pathname, token: url.split('/').pop()!.replace('.ics', '') };
    };
    const ler = (caminho: string) => t.app.inject({ method: 'GET', url: caminho });

    const primeiro = await criar(cGestor);
    const estado = (await call(cGestor, 'GET', '/api/calendario')).json();
    expect(estado).toEqual({ ativo: true, criadoEm: expect.any(String) });

    const res = await ler(primeiro.caminho);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(String(res.headers['cache-control'])).toContain('private');
    expect(res.body).toContain('DTSTART;VALUE=DATE:');
    const eventos = eventosDo(res.body);
    // ACME's two laudos in the window (the one due 400 days ago is out), soonest first; never Beta's.
    expect(eventos.map((e) => [e.summary, e.dia, e.diaInteiro])).toEqual([
      ['Vence: Caldeira CAL-2 (CAL-2)', logo, true],
      ['Vence: Caldeira CAL-1 (CAL-1)', depois, true],
    ]);
    expect(res.body).not.toContain('CAL-BETA');
    for (const e of eventos) {
      expect(e.alarmes).toEqual([
        { acao: 'DISPLAY', gatilho: '-P30D' },
        { acao: 'DISPLAY', gatilho: '-P7D' },
        { acao: 'DISPLAY', gatilho: '-P1D' },
      ]);
    }
    expect(eventos[1]!.description).toContain('Tipo: NR-13');
    expect(eventos[1]!.description).toContain('Empresa: ACME Calendário');
    expect(eventos[1]!.description).toContain(`${t.config.publicUrl}/laudos/${caldeira}`);

    // A renewal moves the due date: the laudo's event is replaced (a new UID), not kept beside it.
    const novaData = addDaysIso(hoje, 400);
    await db.update(laudos).set({ dataVencimento: novaData }).where(eq(laudos.id, caldeira));
    const renovado = eventosDo((await ler(primeiro.caminho)).body);
    expect(renovado.map((e) => e.dia)).toEqual([logo, novaData]);
    expect(renovado[1]!.uid).not.toBe(eventos[1]!.uid);
    expect(renovado[0]!.uid).toBe(eventos[0]!.uid);

    // Only the token's SHA-256 is stored.
    const guardado = await db.execute(sql`select * from ${calendarioFeeds}`);
    expect(JSON.stringify(guardado)).not.toContain(primeiro.token);
    const [linha] = await db
      .select({ hash: calendarioFeeds.hash })
      .from(calendarioFeeds)
      .where(eq(calendarioFeeds.usuarioId, gestor.id));
    expect(linha!.hash).toBe(createHash('sha256').update(primeiro.token).digest('hex'));

    // "Gerar novo link": the old one answers 404 at once, with no hint why.
    const segundo = await criar(cGestor);
    const antigo = await ler(primeiro.caminho);
    expect(antigo.statusCode).toBe(404);
    const inventado = await ler(`/api/calendario/${'x'.repeat(43)}.ics`);
    expect(inventado.statusCode).toBe(404);
    expect(antigo.json()).toEqual(inventado.json());
    expect((await ler(segundo.caminho)).statusCode).toBe(200);

    // Another company's person sees only their own company's laudo.
    const deles = await criar(cBeta);
    expect(eventosDo((await ler(deles.caminho)).body).map((e) => e.summary)).toEqual([
      'Vence: Caldeira CAL-BETA (CAL-BETA)',
    ]);

    // Revoked: 404, and the account shows no feed.
    expect((await call(cGestor, 'DELETE', '/api/calendario')).statusCode).toBe(204);
    expect((await ler(segundo.caminho)).statusCode).toBe(404);
    expect((await call(cGestor, 'GET', '/api/calendario')).json()).toEqual({ ativo: false, criadoEm: null });
    expect((await ler(deles.caminho)).statusCode).toBe(200);
  });
});
