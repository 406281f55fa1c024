import { addDaysIso, calendarDayIn, formatDateBR, somarMeses } from '@laudos/domain';
import type { Equipamento } from '@laudos/domain/api';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditoria, emailLogs, emailOutbox, laudos, respostasLembrete } from '../src/db/schema.ts';
import {
  createAdmin,
  createUser,
  empresaDeTeste,
  json,
  lastEmailTo,
  planoChamado,
} from './helpers/accounts.ts';
import { renovarLaudoDeTeste } from './helpers/security.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

/**
 * Issue 23, the NR-13 equipment registry (decision 048), through the API on the test's engine: a
 * vessel's category and both exam dates computed at registration and explained; an inspection
 * moves them; an extension moves one only once approved, within its kind's limit, with its
 * reason; piping and safety devices follow what they connect to or protect; an accident creates an
 * extraordinary inspection due at once; a company sees only its own equipment.
 */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const hoje = calendarDayIn('America/Sao_Paulo');

async function cenario(env: Record<string, string> = { JOBS: 'off' }) {
  t = await createTestServer(env);
  const empresaA = await empresaDeTeste(t, 'Usina Alfa');
  const empresaB = await empresaDeTeste(t, 'Usina Beta');
  const admin = await createAdmin(t);
  const gestorA = await createUser(t, { email: 'gestor@alfa.com.br', empresaId: empresaA, papel: 'gestor' });
  const membroA = await createUser(t, { email: 'membro@alfa.com.br', empresaId: empresaA, papel: 'membro' });
  const gestorB = await createUser(t, { email: 'gestor@beta.com.br', empresaId: empresaB, papel: 'gestor' });
  return {
    t,
    admin,
    empresaA,
    empresaB,
    gestorA: await signIn(t.app, gestorA.email, gestorA.password),
    membroA: await signIn(t.app, membroA.email, membroA.password),
    gestorB: await signIn(t.app, gestorB.email, gestorB.password),
  };
}

async function pedir(
  t: TestServer,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await t.app.inject({ method, url, headers: json(cookie), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? (res.json() as Record<string, unknown>) : {} };
}

async function criar(t: TestServer, cookie: string, payload: Record<string, unknown>): Promise<Equipamento> {
  const r = await pedir(t, cookie, 'POST', '/api/equipamentos', payload);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body as { equipamento: Equipamento }).equipamento;
}

const exame = (e: Equipamento, nome: string) => e.exames.find((x) => x.exame === nome)!;

// Class B, 1.240 kPa (1,24 MPa) × 10 m³ → P·V = 12,4 → group 3 → category III: external every 3
// years and internal every 6 without SPIE (Tabela 2).
const vasoIII = {
  tipo: 'vaso',
  tag: 'V-101',
  descricao: 'Vaso separador',
  pressaoMaximaKpa: 1240,
  volumeM3: 10,
  classeFluido: 'B',
  fluido: 'Óleo diesel',
};

describe('equipment registry', () => {
  it('a vessel gets its category and both exam dates at registration, each explained', async () => {
    const { t, gestorA } = await cenario();
    const ultimoExterno = addDaysIso(hoje, -400);
    const ultimoInterno = addDaysIso(hoje, -1000);
    const v = await criar(t, gestorA, {
      ...vasoIII,
      ultimosExames: { externo: ultimoExterno, interno: ultimoInterno },
    });
    expect(v.categoria).toBe('III');
    expect(v.classificacao).toBe(
      'Categoria III (classe B, P·V = 12,4 → grupo 3) — NR-13 13.5.1.1.3, Tabela 1',
    );
    expect(exame(v, 'externo')).toMatchObject({ intervaloMeses: 36, data: somarMeses(ultimoExterno, 36) });
    expect(exame(v, 'interno')).toMatchObject({ intervaloMeses: 72, data: somarMeses(ultimoInterno, 72) });
    expect(exame(v, 'interno').explicacao).toContain(
      'Exame interno a cada 6 anos (categoria III, sem SPIE) — NR-13 13.5.4.5, Tabela 2',
    );
    expect(v.proximaData).toBe(somarMeses(ultimoExterno, 36));
    expect(v.inspecoes).toHaveLength(2);

    // With a SPIE the table's other columns apply: 5 and 10 years.
    const r = await pedir(t, gestorA, 'PATCH', `/api/equipamentos/${v.id}`, { spie: true });
    expect(r.status).toBe(200);
    const comSpie = (r.body as { equipamento: Equipamento }).equipamento;
    expect(exame(comSpie, 'externo').data).toBe(somarMeses(ultimoExterno, 60));
    expect(exame(comSpie, 'interno').data).toBe(somarMeses(ultimoInterno, 120));

    // Without a last exam there is no date, and the screen says why.
    const novo = await criar(t, gestorA, { ...vasoIII, tag: 'V-102' });
    expect(exame(novo, 'externo').data).toBeNull();
    expect(exame(novo, 'externo').explicacao).toContain('Nenhuma inspeção registrada');
    expect(novo.situacao).toBe('sem_data');
  });

  it('an inspection moves the next date; a planned date may be earlier, never later than the norm', async () => {
    const { t, gestorA } = await cenario();
    const v = await criar(t, gestorA, { ...vasoIII, ultimosExames: { externo: addDaysIso(hoje, -1200) } });
    expect(exame(v, 'externo').situacao).toBe('vencido');
    const feita = addDaysIso(hoje, -5);
    const inspecao = {
      tipo: 'periodica',
      exames: ['externo'],
      dataFim: feita,
      phNome: 'Eng. Carla Souza',
      phCrea: 'SP-123456',
      resultado: 'aprovado_com_recomendacoes',
      recomendacoes: [
        { descricao: 'Trocar manômetro', prazo: addDaysIso(hoje, 30), responsavel: 'Manutenção' },
      ],
    };
    const tarde = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/inspecoes`, {
      ...inspecao,
      proximasPlanejadas: { externo: somarMeses(feita, 37) },
    });
    expect(tarde.status).toBe(422);
    expect((tarde.body as { error: { message: string } }).error.message).toMatch(
      /^Exame externo: a próxima data planejada não pode passar do prazo máximo da norma \(\d{2}\/\d{2}\/\d{4}\) sem uma prorrogação aprovada\.$/,
    );
    const r = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/inspecoes`, {
      ...inspecao,
      proximasPlanejadas: { externo: somarMeses(feita, 24) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const depois = (r.body as { equipamento: Equipamento }).equipamento;
    expect(exame(depois, 'externo')).toMatchObject({
      ultimaEm: feita,
      maxima: somarMeses(feita, 36),
      data: somarMeses(feita, 24),
      situacao: 'em_dia',
    });
    expect(exame(depois, 'externo').explicacao).toContain('antes do prazo máximo');
    expect(depois.inspecoes[0]).toMatchObject({ phNome: 'Eng. Carla Souza', phCrea: 'SP-123456' });
    // The list's next-due filter: in by the day it is due, out the day before.
    const ate = async (dia: string) =>
      (
        (await pedir(t, gestorA, 'GET', `/api/equipamentos?vencimentoAte=${dia}`)).body as {
          equipamentos: { tag: string }[];
        }
      ).equipamentos.map((e) => e.tag);
    expect(await ate(somarMeses(feita, 24))).toEqual(['V-101']);
    expect(await ate(addDaysIso(somarMeses(feita, 24), -1))).toEqual([]);
    const invalida = await pedir(t, gestorA, 'GET', '/api/equipamentos?vencimentoAte=31/12/2030');
    expect(invalida.status).toBe(400);
    expect(JSON.stringify(invalida.body)).toContain('Data do próximo vencimento inválida: use AAAA-MM-DD.');

    // An exam the type does not have, or an inspection in the future, is refused with the reason.
    const caldeira = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/inspecoes`, {
      ...inspecao,
      exames: ['seguranca'],
    });
    expect(caldeira.status).toBe(422);
    const futura = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/inspecoes`, {
      ...inspecao,
      dataFim: addDaysIso(hoje, 3),
    });
    expect((futura.body as { error: { message: string } }).error.message).toBe(
      'A data de conclusão não pode estar no futuro.',
    );
  });

  it('an extension moves the date only once approved by the gestor, within its kind, with the reason', async () => {
    const { t, gestorA, membroA } = await cenario();
    const ultimo = addDaysIso(hoje, -1000);
    const v = await criar(t, gestorA, { ...vasoIII, ultimosExames: { interno: ultimo } });
    const pedido = {
      exame: 'interno',
      tipo: 'forca_maior',
      meses: 7,
      justificativa: 'Parada geral adiada pela enchente de novembro',
      phNome: 'Eng. Carla Souza',
      phCrea: 'SP-123456',
      avisoSindicatoEm: hoje,
    };
    const demais = await pedir(t, membroA, 'POST', `/api/equipamentos/${v.id}/prorrogacoes`, pedido);
    expect(demais.status).toBe(422);
    expect((demais.body as { error: { message: string } }).error.message).toBe(
      'Prorrogação por força maior de no máximo 6 meses (NR-13 13.3.1.1).',
    );
    const naoIntrusiva = await pedir(t, membroA, 'POST', `/api/equipamentos/${v.id}/prorrogacoes`, {
      ...pedido,
      tipo: 'inspecao_nao_intrusiva',
      meses: 12,
    });
    expect((naoIntrusiva.body as { error: { message: string } }).error.message).toContain('SPIE');

    const r = await pedir(t, membroA, 'POST', `/api/equipamentos/${v.id}/prorrogacoes`, {
      ...pedido,
      meses: 4,
    });
    expect(r.status).toBe(201);
    const solicitada = (r.body as { equipamento: Equipamento }).equipamento;
    expect(exame(solicitada, 'interno').data).toBe(somarMeses(ultimo, 72));
    const id = solicitada.prorrogacoes[0]!.id;

    const membroDecide = await pedir(
      t,
      membroA,
      'POST',
      `/api/equipamentos/${v.id}/prorrogacoes/${id}/aprovar`,
    );
    expect(membroDecide.status).toBe(403);
    const aprovada = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/prorrogacoes/${id}/aprovar`);
    expect(aprovada.status).toBe(200);
    const e = (aprovada.body as { equipamento: Equipamento }).equipamento;
    expect(exame(e, 'interno').data).toBe(somarMeses(somarMeses(ultimo, 72), 4));
    expect(exame(e, 'interno').prorrogacao).toBe(
      'Prorrogado (Força maior, NR-13 13.3.1.1): Parada geral adiada pela enchente de novembro',
    );
    const outraVez = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/prorrogacoes/${id}/recusar`);
    expect(outraVez.status).toBe(409);

    // The next inspection starts a new cycle: the extension no longer applies.
    const feita = addDaysIso(hoje, -1);
    const nova = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/inspecoes`, {
      tipo: 'periodica',
      exames: ['interno'],
      dataFim: feita,
      phNome: 'Eng. Carla Souza',
      phCrea: 'SP-123456',
      resultado: 'aprovado',
    });
    const ciclo = (nova.body as { equipamento: Equipamento }).equipamento;
    expect(exame(ciclo, 'interno')).toMatchObject({ data: somarMeses(feita, 72), prorrogacao: null });
  });

  it('piping follows its most critical vessel and a safety valve its vessel, recomputed when the vessel changes', async () => {
    const { t, gestorA } = await cenario();
    const base = addDaysIso(hoje, -30);
    const v1 = await criar(t, gestorA, { ...vasoIII, ultimosExames: { interno: base } });
    // Class A, P·V = 150 → category I: internal every 3 years.
    const v2 = await criar(t, gestorA, {
      ...vasoIII,
      tag: 'V-201',
      classeFluido: 'A',
      pressaoMaximaKpa: 15000,
      volumeM3: 10,
      ultimosExames: { interno: base },
    });
    const linha = await criar(t, gestorA, {
      tipo: 'tubulacao',
      tag: 'L-01',
      conexoes: [v1.id, v2.id],
      ultimosExames: { periodica: base },
    });
    expect(exame(linha, 'periodica')).toMatchObject({ intervaloMeses: 36, data: somarMeses(base, 36) });
    expect(exame(linha, 'periodica').explicacao).toContain('V-201');
    const psv = await criar(t, gestorA, {
      tipo: 'dispositivo',
      tag: 'PSV-101',
      protegeId: v1.id,
      ultimosExames: { periodica: base },
    });
    expect(exame(psv, 'periodica')).toMatchObject({ intervaloMeses: 72 });

    // V-101 becomes class A (category II, internal every 4 years): the valve follows, the piping stays on V-201.
    await pedir(t, gestorA, 'PATCH', `/api/equipamentos/${v1.id}`, { classeFluido: 'A' });
    const psvDepois = (await pedir(t, gestorA, 'GET', `/api/equipamentos/${psv.id}`)).body as {
      equipamento: Equipamento;
    };
    expect(exame(psvDepois.equipamento, 'periodica')).toMatchObject({
      intervaloMeses: 48,
      data: somarMeses(base, 48),
    });

    // Deleting V-201 moves the piping to V-101's interval.
    expect((await pedir(t, gestorA, 'DELETE', `/api/equipamentos/${v2.id}`)).status).toBe(204);
    const linhaDepois = (await pedir(t, gestorA, 'GET', `/api/equipamentos/${linha.id}`)).body as {
      equipamento: Equipamento;
    };
    expect(exame(linhaDepois.equipamento, 'periodica')).toMatchObject({ intervaloMeses: 48 });

    // Links must fit: a vessel does not protect, piping connects to vessels and boilers.
    const ruim = await pedir(t, gestorA, 'POST', '/api/equipamentos', {
      tipo: 'tubulacao',
      tag: 'L-02',
      conexoes: [psv.id],
    });
    expect(ruim.status).toBe(422);
    expect((ruim.body as { error: { message: string } }).error.message).toBe(
      'Uma tubulação se liga a vasos de pressão e caldeiras.',
    );
  });

  it('a boiler: category by pressure and the options of its table', async () => {
    const { t, gestorA } = await cenario();
    const base = addDaysIso(hoje, -10);
    const a = await criar(t, gestorA, {
      tipo: 'caldeira',
      tag: 'GV-01',
      pressaoOperacaoKpa: 2100,
      spie: true,
      opcoes: { sisAnexoIV: true },
      ultimosExames: { seguranca: base },
    });
    expect(a.categoria).toBe('A');
    expect(exame(a, 'seguranca')).toMatchObject({ intervaloMeses: 48, data: somarMeses(base, 48) });
    const fora = await criar(t, gestorA, { tipo: 'caldeira', tag: 'GV-02', pressaoOperacaoKpa: 50 });
    expect(fora.categoria).toBeNull();
    expect(fora.classificacao).toContain('fora do campo de aplicação');
  });

  it('an accident creates an extraordinary inspection due at once; an extraordinary inspection clears it', async () => {
    const { t, gestorA } = await cenario();
    const v = await criar(t, gestorA, {
      ...vasoIII,
      ultimosExames: { externo: addDaysIso(hoje, -10), interno: addDaysIso(hoje, -10) },
    });
    const r = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/eventos`, {
      tipo: 'acidente',
      data: hoje,
      descricao: 'Impacto de empilhadeira no costado',
    });
    expect(r.status).toBe(201);
    const depois = (r.body as { equipamento: Equipamento }).equipamento;
    expect(exame(depois, 'extraordinaria')).toMatchObject({ data: hoje, situacao: 'vencendo' });
    expect(exame(depois, 'extraordinaria').explicacao).toContain('NR-13 13.5.4.10');
    expect(depois.proximaData).toBe(hoje);

    // Idle for 11 months: no extraordinary inspection; 13 months: one.
    const parado = await criar(t, gestorA, { ...vasoIII, tag: 'V-900' });
    await pedir(t, gestorA, 'POST', `/api/equipamentos/${parado.id}/eventos`, {
      tipo: 'parada',
      data: addDaysIso(hoje, -400),
    });
    const volta = await pedir(t, gestorA, 'POST', `/api/equipamentos/${parado.id}/eventos`, {
      tipo: 'retorno',
      data: hoje,
    });
    expect(exame((volta.body as { equipamento: Equipamento }).equipamento, 'extraordinaria')).toBeDefined();

    const limpa = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/inspecoes`, {
      tipo: 'extraordinaria',
      exames: ['externo', 'interno'],
      dataFim: hoje,
      phNome: 'Eng. Carla Souza',
      phCrea: 'SP-123456',
      resultado: 'aprovado',
    });
    expect(exame((limpa.body as { equipamento: Equipamento }).equipamento, 'extraordinaria')).toBeUndefined();
  });

  it('a company sees and changes only its own equipment; a TAG is unique within a company', async () => {
    const { t, admin, gestorA, gestorB, empresaA, empresaB } = await cenario();
    const v = await criar(t, gestorA, vasoIII);
    const deB = await criar(t, gestorB, vasoIII); // the same TAG in another company
    expect(deB.empresaId).toBe(empresaB);

    const repetida = await pedir(t, gestorA, 'POST', '/api/equipamentos', { ...vasoIII, tag: 'v-101' });
    expect(repetida.status).toBe(409);
    expect((repetida.body as { error: { message: string } }).error.message).toBe(
      'Já existe um equipamento com a TAG "v-101" nesta empresa.',
    );

    for (const [method, url, payload] of [
      ['GET', `/api/equipamentos/${v.id}`],
      ['PATCH', `/api/equipamentos/${v.id}`, { descricao: 'x' }],
      ['DELETE', `/api/equipamentos/${v.id}`],
      ['POST', `/api/equipamentos/${v.id}/eventos`, { tipo: 'acidente', data: hoje }],
    ] as const) {
      const r = await pedir(t, gestorB, method, url, payload);
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    // Another company's equipment cannot be linked either.
    const psv = await pedir(t, gestorB, 'POST', '/api/equipamentos', {
      tipo: 'dispositivo',
      tag: 'PSV-9',
      protegeId: v.id,
    });
    expect(psv.status).toBe(422);

    const listaB = (await pedir(t, gestorB, 'GET', '/api/equipamentos')).body as {
      equipamentos: { id: string }[];
    };
    expect(listaB.equipamentos.map((e) => e.id)).toEqual([deB.id]);
    const listaAdmin = (await pedir(t, admin.cookie, 'GET', `/api/equipamentos?empresaId=${empresaA}`))
      .body as {
      equipamentos: { id: string }[];
    };
    expect(listaAdmin.equipamentos.map((e) => e.id)).toEqual([v.id]);

    // An admin must say which company.
    const semEmpresa = await pedir(t, admin.cookie, 'POST', '/api/equipamentos', vasoIII);
    expect(semEmpresa.status).toBe(400);
    const doAdmin = await criar(t, admin.cookie, { ...vasoIII, tag: 'V-300', empresaId: empresaA });
    expect(doAdmin.empresaNome).toBe('Usina Alfa');
  });

  it('bad input gets a Portuguese 400 and nothing is saved; every change is in the audit log', async () => {
    const { t, gestorA, membroA, empresaA } = await cenario();
    const ruim = await pedir(t, gestorA, 'POST', '/api/equipamentos', {
      tipo: 'vaso',
      tag: '',
      volumeM3: -1,
    });
    expect(ruim.status).toBe(400);
    const campos = (ruim.body as { error: { campos: { campo: string; mensagem: string }[] } }).error.campos;
    expect(campos).toEqual(
      expect.arrayContaining([
        { campo: 'tag', mensagem: 'Informe a TAG do equipamento.' },
        { campo: 'volumeM3', mensagem: 'O volume deve ser um número maior que zero (m³).' },
      ]),
    );
    expect(
      ((await pedir(t, gestorA, 'GET', '/api/equipamentos')).body as { equipamentos: unknown[] })
        .equipamentos,
    ).toEqual([]);

    // What the fuzzer found: a pressure that rounds P·V to zero, and dates whose deadline passes the year 9999.
    const zero = await pedir(t, gestorA, 'POST', '/api/equipamentos', {
      ...vasoIII,
      pressaoMaximaKpa: Number.MIN_VALUE,
    });
    expect(zero.status).toBe(400);
    const longe = await pedir(t, gestorA, 'POST', '/api/equipamentos', {
      ...vasoIII,
      ultimosExames: { interno: '9999-12-31' },
    });
    expect((longe.body as { error: { campos: { mensagem: string }[] } }).error.campos[0]!.mensagem).toBe(
      'Data fora do intervalo aceito (1900 a 2100).',
    );
    const futuro = await pedir(t, gestorA, 'POST', '/api/equipamentos', {
      ...vasoIII,
      ultimosExames: { interno: addDaysIso(hoje, 1) },
    });
    expect(futuro.status).toBe(422);
    expect((futuro.body as { error: { message: string } }).error.message).toBe(
      'Exame interno: a data do último exame não pode estar no futuro.',
    );

    const v = await criar(t, gestorA, vasoIII);
    expect((await pedir(t, gestorA, 'PATCH', `/api/equipamentos/${v.id}`, { volumeM3: 1e-320 })).status).toBe(
      400,
    );
    await pedir(t, gestorA, 'PATCH', `/api/equipamentos/${v.id}`, { classeFluido: 'A' });
    expect((await pedir(t, membroA, 'DELETE', `/api/equipamentos/${v.id}`)).status).toBe(403);
    expect((await pedir(t, gestorA, 'DELETE', `/api/equipamentos/${v.id}`)).status).toBe(204);
    const entradas = await t.server.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'equipamento'), eq(auditoria.entidadeId, v.id)))
      .orderBy(auditoria.criadoEm);
    expect(entradas.map((e) => e.acao)).toEqual(['criou', 'alterou', 'excluiu']);
    expect(entradas.every((e) => e.empresaId === empresaA)).toBe(true);
    expect(entradas[1]!.campos).toMatchObject({
      classeFluido: { de: 'B', para: 'A' },
      categoria: { de: 'III', para: 'II' },
    });
  });
});

describe('exam dates as laudos: dashboard, lists, calendar and reminders', () => {
  it('each exam is a laudo of the company whose date the registry keeps; a hand edit of it is refused', async () => {
    const { t, gestorA, empresaA } = await cenario();
    const ultimo = addDaysIso(hoje, -400);
    const v = await criar(t, gestorA, { ...vasoIII, ultimosExames: { externo: ultimo, interno: ultimo } });
    const lista = await pedir(t, gestorA, 'GET', '/api/laudos?porPagina=50');
    const doVaso = (
      lista.body as {
        laudos: {
          id: string;
          nome: string;
          codigo: string;
          data_vencimento: string;
          equipamento_id: string;
          exame: string;
          observacoes: string;
        }[];
      }
    ).laudos
      .filter((l) => l.equipamento_id === v.id)
      .sort((a, b) => a.nome.localeCompare(b.nome));
    expect(doVaso.map((l) => [l.nome, l.codigo, l.data_vencimento, l.exame])).toEqual([
      ['Exame externo — V-101', 'V-101-EXT', somarMeses(ultimo, 36), 'externo'],
      ['Exame interno — V-101', 'V-101-INT', somarMeses(ultimo, 72), 'interno'],
    ]);
    expect(doVaso[1]!.observacoes).toContain('Exame interno a cada 6 anos');

    const editar = await pedir(t, gestorA, 'PATCH', `/api/laudos/${doVaso[0]!.id}`, {
      dataVencimento: '2040-01-01',
    });
    expect(editar.status).toBe(409);
    expect((editar.body as { error: { message: string } }).error.message).toBe(
      'A data de vencimento deste laudo vem do cadastro de equipamentos NR-13: registre a inspeção ou uma prorrogação no equipamento.',
    );
    const renovar = await renovarLaudoDeTeste(t, gestorA, doVaso[0]!.id, {
      codigo: 'V-101-EXT',
      dataVencimento: '2040-01-01',
    });
    expect(renovar.statusCode).toBe(409);
    expect(renovar.json().error.code).toBe('VENCIMENTO_DO_CADASTRO');
    // Other fields stay the client's.
    expect(
      (await pedir(t, gestorA, 'PATCH', `/api/laudos/${doVaso[0]!.id}`, { observacoes: 'Ver relatório' }))
        .status,
    ).toBe(200);

    // An inspection moves the laudo's date; an approved extension moves it again.
    const feita = addDaysIso(hoje, -2);
    await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/inspecoes`, {
      tipo: 'periodica',
      exames: ['externo'],
      dataFim: feita,
      phNome: 'Eng. Carla Souza',
      phCrea: 'SP-123456',
      resultado: 'aprovado',
    });
    const [externo] = await t.server.database.db.select().from(laudos).where(eq(laudos.id, doVaso[0]!.id));
    expect(externo).toMatchObject({
      dataVencimento: somarMeses(feita, 36),
      observacoes: 'Ver relatório',
      empresaId: empresaA,
    });
    const pedido = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/prorrogacoes`, {
      exame: 'interno',
      tipo: 'forca_maior',
      meses: 3,
      justificativa: 'Parada geral adiada pela enchente',
      phNome: 'Eng. Carla Souza',
      phCrea: 'SP-123456',
    });
    const pid = (pedido.body as { equipamento: Equipamento }).equipamento.prorrogacoes[0]!.id;
    await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/prorrogacoes/${pid}/aprovar`);
    const [interno] = await t.server.database.db.select().from(laudos).where(eq(laudos.id, doVaso[1]!.id));
    expect(interno!.dataVencimento).toBe(somarMeses(somarMeses(ultimo, 72), 3));
    expect(interno!.observacoes).toContain(
      'prorrogado em 3 meses (Força maior, NR-13 13.3.1.1): Parada geral adiada pela enchente',
    );
    // Who moved the date: the registry, in the audit log.
    const [movida] = await t.server.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadeId, doVaso[1]!.id), eq(auditoria.acao, 'alterou')));
    expect(movida).toMatchObject({
      atorTipo: 'sistema',
      detalhes: { equipamentoId: v.id, exame: 'interno' },
    });

    // Deleting the equipment removes its exam laudos that hold nothing of their own.
    await pedir(t, gestorA, 'DELETE', `/api/equipamentos/${v.id}`);
    const restantes = await t.server.database.db.select().from(laudos).where(eq(laudos.empresaId, empresaA));
    expect(restantes).toEqual([]);
  });

  it('a renewal request of an exam is answered by recording its inspection, and the page lists the documents', async () => {
    const { t, gestorA, admin, empresaA } = await cenario();
    const db = t.server.database.db;
    // External exam due in 20 days, internal in 3 years and 20 days.
    const ultimo = addDaysIso(somarMeses(hoje, -36), 20);
    const v = await criar(t, gestorA, { ...vasoIII, ultimosExames: { externo: ultimo, interno: ultimo } });
    const doVaso = await db.select().from(laudos).where(eq(laudos.equipamentoId, v.id));
    const externo = doVaso.find((l) => l.exame === 'externo')!;
    const interno = doVaso.find((l) => l.exame === 'interno')!;
    // The client asked for both renewals from the reminders' links.
    const pedidos = await db
      .insert(respostasLembrete)
      .values(
        [externo, interno].map((l) => ({
          laudoId: l.id,
          empresaId: empresaA,
          dataVencimento: l.dataVencimento!,
          tipo: 'solicitacao',
          destinatario: 'gestor@alfa.com.br',
          marco: 'vencendo:30',
        })),
      )
      .returning({ id: respostasLembrete.id });

    // The exam laudo offers the inspection, not a typed renewal (refused with 409, see above).
    const feita = addDaysIso(hoje, -1);
    const relatorio = await pedir(t, gestorA, 'POST', '/api/laudos', {
      nome: 'Relatório de inspeção externa V-101',
      codigo: 'RI-V101-2026',
      tipo: 'NR-13',
    });
    expect(relatorio.status, JSON.stringify(relatorio.body)).toBe(201);
    const relatorioId = (relatorio.body as { laudo: { id: string } }).laudo.id;
    const r = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/inspecoes`, {
      tipo: 'periodica',
      exames: ['externo'],
      dataFim: feita,
      phNome: 'Eng. Carla Souza',
      phCrea: 'SP-123456',
      resultado: 'aprovado',
      laudoId: relatorioId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);

    // The external exam's request is Concluído with the inspection in its history; the internal's stays open.
    const detalhe = (await pedir(t, admin.cookie, 'GET', `/api/admin/renovacoes/${pedidos[0]!.id}`)).body as {
      renovacao: { estagio: string };
      historico: { de: string; para: string; nota: string }[];
    };
    expect(detalhe.renovacao.estagio).toBe('concluido');
    expect(detalhe.historico[0]).toMatchObject({
      de: 'solicitado',
      para: 'concluido',
      nota: `Inspeção de ${formatDateBR(feita)} registrada no cadastro do equipamento, Eng. Carla Souza (CREA SP-123456).`,
    });
    const outro = (await pedir(t, admin.cookie, 'GET', `/api/admin/renovacoes/${pedidos[1]!.id}`)).body as {
      renovacao: { estagio: string };
    };
    expect(outro.renovacao.estagio).toBe('solicitado');
    // Whoever asked is told by e-mail, as for every Concluído.
    const avisos = await db
      .select({ assunto: emailLogs.subject })
      .from(emailLogs)
      .where(
        and(
          eq(emailLogs.templateType, 'renovacao_atualizada'),
          eq(emailLogs.recipientEmail, 'gestor@alfa.com.br'),
        ),
      );
    expect(avisos).toEqual([{ assunto: 'Seu pedido de renovação: Concluído — Exame externo — V-101' }]);

    // The equipment page lists its documents: both exam laudos and the inspection's report.
    const pagina = (r.body as { equipamento: Equipamento }).equipamento;
    expect(pagina.documentos.map((d) => [d.nome, d.exame, d.dataVencimento])).toEqual([
      ['Exame externo — V-101', 'externo', somarMeses(feita, 36)],
      ['Exame interno — V-101', 'interno', somarMeses(ultimo, 72)],
      ['Relatório de inspeção externa V-101', null, null],
    ]);
  });

  it('an exam due in 30 days gets the 30-day reminder naming the exam, once', async () => {
    const { t, gestorA, admin, empresaA } = await cenario({ JOBS: 'on', EMAIL_RATE_PER_SECOND: '100' });
    await t.server.database.db.execute(
      sql`update empresas set plano_id = ${await planoChamado(t, 'Empresarial')} where id = ${empresaA}`,
    );
    const v = await criar(t, gestorA, { ...vasoIII, ultimosExames: { interno: addDaysIso(hoje, -30) } });
    const r = await pedir(t, gestorA, 'POST', `/api/equipamentos/${v.id}/inspecoes`, {
      tipo: 'periodica',
      exames: ['externo'],
      dataFim: addDaysIso(hoje, -10),
      phNome: 'Eng. Carla Souza',
      phCrea: 'SP-123456',
      resultado: 'aprovado',
      proximasPlanejadas: { externo: addDaysIso(hoje, 30) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const run = await pedir(t, admin.cookie, 'POST', '/api/admin/notificacoes/executar');
    expect(run.body, JSON.stringify(run.body)).toMatchObject({ execucao: { enfileirados: 1 } });
    const email = await lastEmailTo(t, 'gestor@alfa.com.br', 'Exame externo — V-101');
    expect(email.subject).toContain('30 dias');
    expect(email.subject).toContain('Exame externo — V-101');
    const again = await pedir(t, admin.cookie, 'POST', '/api/admin/notificacoes/executar');
    expect(again.body).toMatchObject({ execucao: { enfileirados: 0 } });
    const todos = await t.server.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, 'gestor@alfa.com.br'));
    expect(todos.filter((e) => e.subject.includes('Exame externo — V-101'))).toHaveLength(1);
    // The internal exam (in 6 years) has no reminder.
    expect(todos.filter((e) => e.subject.includes('Exame interno'))).toHaveLength(0);
  });
});
