import { calendarDayIn } from '@laudos/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { GESTOR_DEMO, MEMBRO_DEMO, semearDemo } from '../src/modules/demo/service.ts';
import { testEngine } from './helpers/db.ts';
import { createTestServer, signIn } from './helpers/server.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe(`seed:demo (${testEngine})`, () => {
  it('creates a company whose gestor and membro see laudos in every state, with files; a second run changes nothing', async () => {
    const t = await createTestServer();
    cleanups.push(() => t.close());
    const deps = {
      db: t.server.database.db,
      storage: t.app.ctx.storage,
      hoje: calendarDayIn(t.config.timeZone),
    };
    const senhas = { gestor: 'gestora-da-demo-1', membro: 'membro-da-demo-1', temporarias: false };
    const r = await semearDemo(deps, senhas);
    expect(r).toMatchObject({ kind: 'criada', plano: 'Profissional', solicitacoes: 2 });

    for (const [email, senha] of [
      [GESTOR_DEMO, senhas.gestor],
      [MEMBRO_DEMO, senhas.membro],
    ] as const) {
      const cookie = await signIn(t.app, email, senha);
      const painel = await t.app.inject({
        method: 'GET',
        url: '/api/laudos/estatisticas',
        headers: { cookie },
      });
      expect(painel.statusCode).toBe(200);
      const e = painel.json() as {
        total: number;
        ativos: number;
        vencendo: number;
        vencidos: number;
        porTipo: { tipo: string }[];
      };
      expect({ total: e.total, ativos: e.ativos, vencendo: e.vencendo, vencidos: e.vencidos }).toEqual({
        total: 10,
        ativos: 4,
        vencendo: 3,
        vencidos: 3,
      });
      expect(e.porTipo.map((p) => p.tipo).sort()).toEqual(['Elevadores', 'NR-12', 'NR-13']);
    }

    const cookie = await signIn(t.app, GESTOR_DEMO, senhas.gestor);
    const lista = await t.app.inject({
      method: 'GET',
      url: '/api/laudos?busca=DEMO-001',
      headers: { cookie },
    });
    const laudo = (lista.json() as { laudos: { id: string }[] }).laudos[0]!;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${laudo.id}/arquivos/pdf/download`,
      headers: { cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const planilha = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${laudo.id}/arquivos/excel/tabela`,
      headers: { cookie },
    });
    expect(planilha.statusCode).toBe(200);
    expect(planilha.body).toContain('DEMO-001-P1');

    const pedidos = await t.app.inject({ method: 'GET', url: '/api/renovacoes', headers: { cookie } });
    expect(pedidos.statusCode).toBe(200);
    expect((pedidos.json() as { renovacoes: unknown[] }).renovacoes).toHaveLength(2);

    expect(await semearDemo(deps, senhas)).toEqual({ kind: 'existente' });
  });
});
