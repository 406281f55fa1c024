import { addDaysIso, calendarDayIn, somarMeses } from '@laudos/domain';
import type { Equipamento } from '@laudos/domain/api';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditoria, laudos } from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json } from './helpers/accounts.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

/**
 * Issue 23's last point (decision 049): a laudo type of the admin's list carries a default period
 * and may stand for an NR-13 exam. The registry's laudos of that exam take the type (and are
 * re-typed when the tie changes); nobody creates one by hand; a type with a period dates a new
 * laudo today + period when no date is given. Through the API on the test's engine.
 */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const hoje = calendarDayIn('America/Sao_Paulo');

async function cenario() {
  t = await createTestServer({ JOBS: 'off' });
  const empresa = await empresaDeTeste(t, 'Usina Alfa');
  const admin = await createAdmin(t);
  const gestor = await createUser(t, { email: 'gestor@alfa.com.br', empresaId: empresa, papel: 'gestor' });
  return { t, empresa, admin: admin.cookie, gestor: await signIn(t.app, gestor.email, gestor.password) };
}

async function pedir(
  t: TestServer,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
) {
  const res = await t.app.inject({ method, url, headers: json(cookie), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : {} };
}

// Class B, 1.240 kPa × 10 m³ → category III: an external and an internal exam (decision 048).
const vaso = (tag: string, ultimo: string) => ({
  tipo: 'vaso',
  tag,
  pressaoMaximaKpa: 1240,
  volumeM3: 10,
  classeFluido: 'B',
  fluido: 'Óleo diesel',
  ultimosExames: { externo: ultimo, interno: ultimo },
});

async function laudosDoExame(t: TestServer, exame: string) {
  return t.server.database.db
    .select({ id: laudos.id, tipo: laudos.tipo, codigo: laudos.codigo })
    .from(laudos)
    .where(eq(laudos.exame, exame))
    .orderBy(laudos.codigo);
}

describe('laudo types: default period and NR-13 exam', () => {
  it("PATCH validates in Portuguese, is the admin's alone, and the lists return period and exam", async () => {
    const { t, admin, gestor } = await cenario();
    const anonimo = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/tipos-laudo/Elevadores',
      headers: json(''),
      payload: { periodoMeses: 12 },
    });
    expect(anonimo.statusCode).toBe(401);
    expect(
      (await pedir(t, gestor, 'PATCH', '/api/admin/tipos-laudo/Elevadores', { periodoMeses: 12 })).status,
    ).toBe(403);
    expect((await pedir(t, gestor, 'GET', '/api/admin/tipos-laudo')).status).toBe(403);

    for (const [corpo, campo, mensagem] of [
      [{ periodoMeses: 0 }, 'periodoMeses', 'O período padrão deve ser um número inteiro de 1 a 120 meses.'],
      [
        { periodoMeses: 121 },
        'periodoMeses',
        'O período padrão deve ser um número inteiro de 1 a 120 meses.',
      ],
      [
        { periodoMeses: 1.5 },
        'periodoMeses',
        'O período padrão deve ser um número inteiro de 1 a 120 meses.',
      ],
      [
        { periodoMeses: '12' },
        'periodoMeses',
        'O período padrão deve ser um número inteiro de 1 a 120 meses.',
      ],
      [
        { exame: 'lateral' },
        'exame',
        'Exame inválido: use externo, interno, seguranca, periodica ou extraordinaria.',
      ],
      [{ ordem: -1 }, 'ordem', 'A ordem deve ser um número inteiro de 0 a 10000.'],
      [{ nome: 'Outro' }, 'nome', 'Campo não reconhecido.'],
    ] as const) {
      const r = await pedir(t, admin, 'PATCH', '/api/admin/tipos-laudo/Elevadores', corpo);
      expect(r.status, JSON.stringify(corpo)).toBe(400);
      expect(r.body.error.campos).toContainEqual({ campo, mensagem });
    }
    const inexistente = await pedir(t, admin, 'PATCH', '/api/admin/tipos-laudo/Nenhum', { ativo: false });
    expect(inexistente).toMatchObject({
      status: 404,
      body: { error: { message: 'Tipo de laudo não encontrado.' } },
    });

    const ok = await pedir(t, admin, 'PATCH', '/api/admin/tipos-laudo/Elevadores', {
      periodoMeses: 12,
      descricao: 'Inspeção anual da prefeitura',
      ordem: 5,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.tipo).toEqual({
      nome: 'Elevadores',
      descricao: 'Inspeção anual da prefeitura',
      ativo: true,
      ordem: 5,
      periodoMeses: 12,
      exame: null,
    });
    const publica = await pedir(t, gestor, 'GET', '/api/tipos-laudo');
    expect(publica.body.tipos[0]).toEqual({
      nome: 'Elevadores',
      descricao: 'Inspeção anual da prefeitura',
      periodoMeses: 12,
      exame: null,
    });
    // The admin's list has the inactive ones too.
    await pedir(t, admin, 'PATCH', '/api/admin/tipos-laudo/Consultoria', { ativo: false });
    const todos = await pedir(t, admin, 'GET', '/api/admin/tipos-laudo');
    expect(todos.body.tipos).toContainEqual(expect.objectContaining({ nome: 'Consultoria', ativo: false }));
    expect(
      (await pedir(t, gestor, 'GET', '/api/tipos-laudo')).body.tipos.map((x: { nome: string }) => x.nome),
    ).not.toContain('Consultoria');

    const db = t.server.database.db;
    const entradas = await db
      .select({ acao: auditoria.acao, campos: auditoria.campos, atorPapel: auditoria.atorPapel })
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'tipo_laudo'), eq(auditoria.entidadeId, 'Elevadores')));
    expect(entradas).toEqual([
      {
        acao: 'alterou',
        atorPapel: 'admin',
        campos: {
          descricao: { de: 'Inspeção de elevadores', para: 'Inspeção anual da prefeitura' },
          ordem: { de: 30, para: 5 },
          periodoMeses: { de: null, para: 12 },
        },
      },
    ]);
  });

  it("tying a type to the internal exam types the registry's laudos of it, new and existing; one active type per exam", async () => {
    const { t, admin, gestor } = await cenario();
    const ultimo = addDaysIso(hoje, -400);
    const r1 = await pedir(t, gestor, 'POST', '/api/equipamentos', vaso('V-101', ultimo));
    expect(r1.status, JSON.stringify(r1.body)).toBe(201);
    expect((await laudosDoExame(t, 'interno')).map((l) => l.tipo)).toEqual(['NR-13']);

    const criado = await pedir(t, admin, 'POST', '/api/admin/tipos-laudo', {
      nome: 'NR-13 — Exame interno',
      descricao: 'Exame interno de vasos de pressão',
      exame: 'interno',
    });
    expect(criado.status, JSON.stringify(criado.body)).toBe(201);
    expect(criado.body.tipo).toMatchObject({ nome: 'NR-13 — Exame interno', exame: 'interno', ativo: true });
    // The existing internal-exam laudo is re-typed at once; the external one stays NR-13.
    expect((await laudosDoExame(t, 'interno')).map((l) => l.tipo)).toEqual(['NR-13 — Exame interno']);
    expect((await laudosDoExame(t, 'externo')).map((l) => l.tipo)).toEqual(['NR-13']);
    const [retipado] = await laudosDoExame(t, 'interno');
    const [entrada] = await t.server.database.db
      .select({ campos: auditoria.campos, detalhes: auditoria.detalhes })
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidade, 'laudo'),
          eq(auditoria.entidadeId, retipado!.id),
          eq(auditoria.acao, 'alterou'),
        ),
      );
    expect(entrada?.campos).toEqual({ tipo: { de: 'NR-13', para: 'NR-13 — Exame interno' } });

    // A new vessel's internal-exam laudo is born with the tied type.
    const r2 = await pedir(t, gestor, 'POST', '/api/equipamentos', vaso('V-102', ultimo));
    expect(r2.status).toBe(201);
    const v2 = r2.body.equipamento as Equipamento;
    const doV2 = await t.server.database.db
      .select({ tipo: laudos.tipo, exame: laudos.exame, data: laudos.dataVencimento })
      .from(laudos)
      .where(eq(laudos.equipamentoId, v2.id))
      .orderBy(laudos.exame);
    expect(doV2).toEqual([
      { tipo: 'NR-13', exame: 'externo', data: somarMeses(ultimo, 36) },
      { tipo: 'NR-13 — Exame interno', exame: 'interno', data: somarMeses(ultimo, 72) },
    ]);

    // A second active type for the same exam is refused, by PATCH and by POST.
    const outro = await pedir(t, admin, 'PATCH', '/api/admin/tipos-laudo/NR-12', { exame: 'interno' });
    expect(outro.status).toBe(409);
    expect(outro.body.error).toEqual({
      code: 'EXAME_JA_VINCULADO',
      message:
        'O Exame interno já está vinculado ao tipo "NR-13 — Exame interno": desvincule-o (ou desative aquele tipo) antes de vinculá-lo a outro.',
    });
    expect(
      (await pedir(t, admin, 'POST', '/api/admin/tipos-laudo', { nome: 'Interno 2', exame: 'interno' }))
        .status,
    ).toBe(409);

    // Untying puts them back to NR-13, in the same request.
    const solto = await pedir(t, admin, 'PATCH', '/api/admin/tipos-laudo/NR-13 — Exame interno', {
      exame: null,
    });
    expect(solto.status).toBe(200);
    expect((await laudosDoExame(t, 'interno')).map((l) => l.tipo)).toEqual(['NR-13', 'NR-13']);
    // Now NR-12 may take it; an inactive type holds no exam.
    expect(
      (await pedir(t, admin, 'PATCH', '/api/admin/tipos-laudo/NR-12', { exame: 'interno' })).status,
    ).toBe(200);
    expect((await laudosDoExame(t, 'interno')).map((l) => l.tipo)).toEqual(['NR-12', 'NR-12']);
    expect((await pedir(t, admin, 'PATCH', '/api/admin/tipos-laudo/NR-12', { ativo: false })).status).toBe(
      200,
    );
    expect((await laudosDoExame(t, 'interno')).map((l) => l.tipo)).toEqual(['NR-13', 'NR-13']);
  });

  it('a laudo of a tied type cannot be created by hand: a Portuguese 400 says where its date comes from', async () => {
    const { t, admin, gestor, empresa } = await cenario();
    expect(
      (
        await pedir(t, admin, 'POST', '/api/admin/tipos-laudo', {
          nome: 'NR-13 — Exame interno',
          exame: 'interno',
        })
      ).status,
    ).toBe(201);
    const mensagem =
      'Laudos do tipo "NR-13 — Exame interno" vêm do cadastro de equipamentos NR-13 (Exame interno): a data de vencimento é calculada pelo cadastro. Cadastre o equipamento e registre a inspeção em Equipamentos.';
    for (const [cookie, corpo] of [
      [gestor, { nome: 'Vaso', codigo: 'M-1', tipo: 'NR-13 — Exame interno', dataVencimento: '2030-01-01' }],
      [admin, { nome: 'Vaso', codigo: 'M-2', tipo: 'NR-13 — Exame interno', empresaId: empresa }],
    ] as const) {
      const r = await pedir(t, cookie, 'POST', '/api/laudos', corpo);
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual({ code: 'TIPO_DO_CADASTRO', message: mensagem });
    }
    // Nor by moving a hand-made laudo to that type; an existing laudo keeps working.
    const feito = await pedir(t, gestor, 'POST', '/api/laudos', {
      nome: 'Vaso',
      codigo: 'M-3',
      tipo: 'NR-13',
      dataVencimento: '2030-01-01',
    });
    expect(feito.status).toBe(201);
    const mover = await pedir(t, gestor, 'PATCH', `/api/laudos/${feito.body.laudo.id}`, {
      tipo: 'NR-13 — Exame interno',
    });
    expect(mover.status).toBe(400);
    expect(mover.body.error.message).toBe(mensagem);
    expect(
      (await pedir(t, gestor, 'PATCH', `/api/laudos/${feito.body.laudo.id}`, { nome: 'Vaso 2' })).status,
    ).toBe(200);
    expect(
      await t.server.database.db
        .select({ id: laudos.id })
        .from(laudos)
        .where(eq(laudos.tipo, 'NR-13 — Exame interno')),
    ).toEqual([]);
  });

  it('a type with a 12-month period dates a laudo created with no date today + 12 months; others as before', async () => {
    const { t, admin, gestor } = await cenario();
    expect(
      (await pedir(t, admin, 'PATCH', '/api/admin/tipos-laudo/Elevadores', { periodoMeses: 12 })).status,
    ).toBe(200);
    const semData = await pedir(t, gestor, 'POST', '/api/laudos', {
      nome: 'Elevador social',
      codigo: 'EL-1',
      tipo: 'Elevadores',
    });
    expect(semData.status, JSON.stringify(semData.body)).toBe(201);
    expect(semData.body.laudo.data_vencimento).toBe(somarMeses(hoje, 12));
    // A typed date wins over the period.
    const comData = await pedir(t, gestor, 'POST', '/api/laudos', {
      nome: 'Elevador de carga',
      codigo: 'EL-2',
      tipo: 'Elevadores',
      data_vencimento: '2027-03-31',
    });
    expect(comData.body.laudo.data_vencimento).toBe('2027-03-31');
    // A type without a period: no date stays no date, as before.
    const nr12 = await pedir(t, gestor, 'POST', '/api/laudos', {
      nome: 'Prensa',
      codigo: 'PR-1',
      tipo: 'NR-12',
    });
    expect(nr12.status).toBe(201);
    expect(nr12.body.laudo.data_vencimento).toBeNull();
  });
});
