import path from 'node:path';
import { addDaysIso, calendarDayIn } from '@laudos/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  avisos,
  convites,
  emailLogs,
  empresas,
  equipamentoProrrogacoes,
  equipamentos,
  laudos,
  notificationLogs,
  planos,
  respostasLembrete,
  usuarios,
} from '../../src/db/schema.ts';
import { createAdmin, createUser, json } from '../helpers/accounts.ts';
import { loadOperations, type Operation } from '../helpers/openapi.ts';
import {
  avisoDeTeste,
  changedTables,
  clienteComSessao,
  corpoDeRenovacao,
  criarLaudoComArquivos,
  dbFingerprint,
  filesUnder,
  multipart,
  pdf,
  renovarLaudoDeTeste,
  xlsx,
} from '../helpers/security.ts';
import { createTestServer, signIn, TEST_ORIGIN } from '../helpers/server.ts';

/*
 * Security checklist, item 2: one client never reaches another's records by id. Two companies, each
 * with laudos (PDF and spreadsheet attached) and reminder notifications, B also with a colleague,
 * a pending invitation (issue 17) and an API key (issue 18); A attacks with its people's cookies and,
 * on the routes a key may call, with its own API key. Every operation of the
 * OpenAPI document that takes a path parameter and is open to users is called by A with B's real
 * ids (the right method, a body the owner's own call proves valid): the answer is 404 (403 at most),
 * never 2xx, and B's rows and files are the same afterwards. The list comes from the document, so a
 * new route joins by itself; one nobody can exercise fails the suite.
 */

const t = await createTestServer({ JOBS: 'off' });
const operations = await loadOperations(t);
afterAll(() => t.close());

const porId = operations.filter((op) => op.access === 'user' && op.pathParams.length > 0);
const listas = operations.filter(
  (op) => op.access === 'user' && op.method === 'GET' && op.pathParams.length === 0,
);

const EMPRESA_B = 'Beta Equipamentos Industriais';
const CODIGO_B = 'VASO-BETA-7731';
const NOME_B = 'Vaso de pressão da Beta';
const TAG_B = 'V-BETA-SIGILOSO';

type Conta = Awaited<ReturnType<typeof clienteComSessao>>;
let admin: { cookie: string };
let dono: Conta;
/** Another company's people by cookie, and its API key (decision 024) on the routes a key may call. */
let atacantes: { quem: string; cookie?: string; chave?: string }[] = [];
let chaveDeB: { id: string };
let avisoDeB: { id: string };
/** B's spreadsheet import (decision 047), uploaded by B's gestor, not yet previewed. */
let importacaoDeB: { id: string };
let chamadoDeB: { id: string; mensagemId: string };
let laudosDeB: { id: string; codigo: string }[] = [];
let equipamentoDeB: { id: string; prorrogacaoId: string };
let conviteDeB: { id: string };
let colegaDeB: { id: string; email: string };
let segredosDeB: string[] = [];
const storageRoot = () => path.join(t.dataDir, 'storage', 'laudos');

beforeAll(async () => {
  admin = await createAdmin(t);
  dono = await clienteComSessao(t, { email: 'gestor@beta.com.br', empresa: EMPRESA_B, nome: 'Gestora Beta' });
  const a = await clienteComSessao(t, {
    email: 'gestor@acme.com.br',
    empresa: 'ACME Caldeiras',
    nome: 'Gestor ACME',
  });
  // Signs up claiming B's company: a claim only, until an admin confirms it.
  const cadastro = await t.app.inject({
    method: 'POST',
    url: '/api/cadastro',
    headers: json(),
    payload: {
      nome: 'Intruso',
      email: 'intruso@outra.com.br',
      senha: 'senha-do-intruso',
      empresa: EMPRESA_B,
    },
  });
  expect(cadastro.statusCode, cadastro.body).toBe(201);
  // Both companies on a plan with every paid feature: B's API keys are reachable by B's gestor, and
  // A's refusal on them is the scope's 404, not the plan's 403.
  const [empresarial] = await t.server.database.db
    .select()
    .from(planos)
    .where(eq(planos.nome, 'Empresarial'));
  await t.server.database.db
    .update(empresas)
    .set({ planoId: empresarial!.id })
    .where(inArray(empresas.id, [dono.empresaId!, a.empresaId!]));
  const chaveDeA = await t.app.inject({
    method: 'POST',
    url: '/api/empresa/chaves-api',
    headers: json(a.cookie),
    payload: { nome: 'Chave da ACME' },
  });
  expect(chaveDeA.statusCode, chaveDeA.body).toBe(201);
  atacantes = [
    { quem: 'chave de API de outra empresa', chave: chaveDeA.json().segredo },
    { quem: 'cliente de outra empresa', cookie: a.cookie },
    {
      quem: 'cliente que só alega a empresa de B',
      cookie: await signIn(t.app, 'intruso@outra.com.br', 'senha-do-intruso'),
    },
  ];

  const hoje = calendarDayIn(t.config.timeZone);
  // B's laudos: one addressed to B's e-mail, due in 7 days (a reminder goes out), and one of B's
  // company created by the firm, with no e-mail.
  const porEmail = await criarLaudoComArquivos(t, dono.cookie, {
    nome: NOME_B,
    codigo: CODIGO_B,
    tipo: 'NR-13',
    dataVencimento: addDaysIso(hoje, 7),
    observacoes: 'Observação confidencial da Beta',
  });
  const daEmpresa = await criarLaudoComArquivos(t, admin.cookie, {
    nome: 'Elevador da Beta',
    codigo: 'ELEV-BETA-2210',
    tipo: 'Elevadores',
    cliente: EMPRESA_B,
  });
  laudosDeB = [porEmail, daEmpresa];
  await criarLaudoComArquivos(t, a.cookie, { nome: 'Caldeira ACME', codigo: 'ACME-1', tipo: 'NR-13' });
  const run = await t.app.inject({
    method: 'POST',
    url: '/api/admin/notificacoes/executar',
    headers: json(admin.cookie),
  });
  expect(run.json().execucao.enfileirados, 'o lembrete de 7 dias de B').toBeGreaterThanOrEqual(1);
  // Each of B's laudos renewed once after their reminders (decision 030): version 1 and its files
  // are in the history.
  await renovarDeB(porEmail);
  await renovarDeB(daEmpresa);

  // B's team: a colleague and a pending invitation (their ids are the team routes' targets).
  colegaDeB = await createUser(t, {
    email: 'colega@beta.com.br',
    nome: 'Colega Beta',
    empresaId: dono.empresaId,
    papel: 'membro',
  });
  conviteDeB = await convidarEmB('convidado@beta.com.br');
  chaveDeB = await chaveApiDeB();
  chamadoDeB = await chamadoDeSuporteDeB('Vazamento confidencial da Beta');
  importacaoDeB = await importacaoDeBPorHttp();
  equipamentoDeB = await vasoDeB(TAG_B);
  // B's gestor has in-app notices of the laudo created for B and of the reminder (decision 032).
  const avisosDeB = await t.server.database.db.select().from(avisos).where(eq(avisos.usuarioId, dono.id));
  expect(avisosDeB.map((a) => a.tipo)).toEqual(expect.arrayContaining(['laudo_novo', 'lembrete_enviado']));
  avisoDeB = { id: avisosDeB[0]!.id };

  const db = t.server.database.db;
  // A renewal request of B's laudo (issue 19), as its reminder's link leaves it: in B's Renovações only.
  await db.insert(respostasLembrete).values({
    laudoId: porEmail.id,
    empresaId: dono.empresaId,
    dataVencimento: addDaysIso(hoje, 7),
    tipo: 'solicitacao',
    destinatario: dono.email,
    marco: 'vencendo:7',
    observacao: 'Observação confidencial do pedido',
  });
  const ids = laudosDeB.map((l) => l.id);
  const notificacoes = await db.select().from(notificationLogs).where(inArray(notificationLogs.laudoId, ids));
  const emails = await db.select().from(emailLogs).where(inArray(emailLogs.laudoId, ids));
  expect(notificacoes.length, 'B tem notificações').toBeGreaterThan(0);
  expect(emails.length, 'B tem e-mails').toBeGreaterThan(0);
  segredosDeB = [
    ...ids,
    CODIGO_B,
    NOME_B,
    'ELEV-BETA-2210',
    'Observação confidencial',
    dono.email,
    dono.id,
    colegaDeB.email,
    colegaDeB.id,
    conviteDeB.id,
    'convidado@beta.com.br',
    chaveDeB.id,
    chamadoDeB.id,
    chamadoDeB.mensagemId,
    ...avisosDeB.map((a) => a.id),
    importacaoDeB.id,
    'planilha-confidencial-beta',
    'Vazamento confidencial',
    equipamentoDeB.id,
    equipamentoDeB.prorrogacaoId,
    TAG_B,
    ...notificacoes.map((n) => n.id),
    ...emails.map((e) => e.id),
  ];
});

/**
 * Renews one of B's laudos as B's gestor, keeping its code, with a new PDF: its version 1 and
 * version 1's files go to the history.
 */
async function renovarDeB({ id, codigo }: { id: string; codigo: string }) {
  const res = await renovarLaudoDeTeste(
    t,
    dono.cookie,
    id,
    { codigo, dataVencimento: '2099-12-31' },
    { pdf: ['renovado.pdf', pdf(2500)] },
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** An API key of B, made by B's gestor. */
async function chaveApiDeB(): Promise<{ id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/empresa/chaves-api',
    headers: json(dono.cookie),
    payload: { nome: `Chave da Beta ${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().chave;
}

/** A support request of B, opened by B's gestor with a PDF attached to its first message. */
async function chamadoDeSuporteDeB(assunto: string): Promise<{ id: string; mensagemId: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/suporte/chamados',
    headers: json(dono.cookie),
    payload: { assunto, mensagem: `${assunto}: detalhes` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { chamado, mensagemId } = res.json() as { chamado: { id: string }; mensagemId: string };
  const anexo = multipart('anexo-da-beta.pdf', pdf(2000));
  const anexado = await t.app.inject({
    method: 'POST',
    url: `/api/suporte/chamados/${chamado.id}/mensagens/${mensagemId}/anexo`,
    headers: { cookie: dono.cookie, origin: TEST_ORIGIN, 'content-type': anexo.contentType },
    payload: anexo.payload,
  });
  expect(anexado.statusCode, anexado.body).toBe(200);
  return { id: chamado.id, mensagemId };
}

/** A vessel of B (issue 23) with its last internal exam and a pending extension request, by B's gestor. */
async function vasoDeB(tag: string): Promise<{ id: string; prorrogacaoId: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/equipamentos',
    headers: json(dono.cookie),
    payload: {
      tipo: 'vaso',
      tag,
      descricao: 'Vaso confidencial da Beta',
      pressaoMaximaKpa: 1240,
      volumeM3: 10,
      classeFluido: 'B',
      ultimosExames: { interno: '2024-03-01', externo: '2024-03-01' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().equipamento.id as string;
  const pedido = await t.app.inject({
    method: 'POST',
    url: `/api/equipamentos/${id}/prorrogacoes`,
    headers: json(dono.cookie),
    payload: {
      exame: 'interno',
      tipo: 'forca_maior',
      meses: 2,
      justificativa: 'Parada geral da Beta adiada',
      phNome: 'Eng. Beta',
      phCrea: 'SP-2',
    },
  });
  expect(pedido.statusCode, pedido.body).toBe(201);
  return { id, prorrogacaoId: pedido.json().equipamento.prorrogacoes[0].id };
}

/** An invitation of B's team, sent by B's gestor. */
async function convidarEmB(email: string): Promise<{ id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/empresa/convites',
    headers: json(dono.cookie),
    payload: { email },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().convite;
}

/** B's rows (profile, team, invitations, laudos, notifications, e-mails) and B's files, to compare before and after. */
async function estadoDeB() {
  const db = t.server.database.db;
  const ids = laudosDeB.map((l) => l.id);
  const files = Object.entries(filesUnder(storageRoot())).filter(([p]) => ids.some((id) => p.startsWith(id)));
  return {
    perfil: await db
      .select()
      .from(usuarios)
      .where(inArray(usuarios.id, [dono.id])),
    equipe: await db
      .select()
      .from(usuarios)
      .where(eq(usuarios.empresaId, dono.empresaId!))
      .orderBy(asc(usuarios.id)),
    convites: await db
      .select()
      .from(convites)
      .where(eq(convites.empresaId, dono.empresaId!))
      .orderBy(asc(convites.id)),
    laudos: await db.select().from(laudos).where(inArray(laudos.id, ids)).orderBy(asc(laudos.id)),
    notificacoes: await db
      .select()
      .from(notificationLogs)
      .where(inArray(notificationLogs.laudoId, ids))
      .orderBy(asc(notificationLogs.id)),
    emails: await db
      .select()
      .from(emailLogs)
      .where(inArray(emailLogs.laudoId, ids))
      .orderBy(asc(emailLogs.id)),
    arquivos: Object.fromEntries(files),
    equipamentos: await db
      .select()
      .from(equipamentos)
      .where(eq(equipamentos.empresaId, dono.empresaId!))
      .orderBy(asc(equipamentos.id)),
    prorrogacoes: await db
      .select()
      .from(equipamentoProrrogacoes)
      .where(eq(equipamentoProrrogacoes.equipamentoId, equipamentoDeB.id))
      .orderBy(asc(equipamentoProrrogacoes.id)),
  };
}

/** A spreadsheet import of B's, uploaded by B's gestor (one row naming B's laudo). */
async function importacaoDeBPorHttp(): Promise<{ id: string }> {
  const csv = `Código;Nome;Tipo\r\nIMP-${CODIGO_B};${NOME_B};NR-13\r\n`;
  const body = multipart('planilha-confidencial-beta.csv', Buffer.from(csv));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/importacoes',
    headers: { origin: TEST_ORIGIN, cookie: dono.cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().importacao.id };
}

/**
 * How to fill each kind of path parameter with B's records. A user route whose parameter is not
 * here cannot be exercised, and the checklist fails until someone says how.
 */
function valoresDe(op: Operation, parametro: string, deB: { id: string }): string[] | undefined {
  const schema = op.pathParams.find((p) => p.name === parametro)?.schema;
  if (schema?.enum) return schema.enum.map(String);
  if (
    parametro === 'id' &&
    /^\/api\/(laudos|empresa\/convites|empresa\/pessoas|empresa\/chaves-api)\/\{id\}/.test(op.path)
  )
    return [deB.id];
  if (parametro === 'id' && op.path.startsWith('/api/avisos/{id}')) return [deB.id];
  if (parametro === 'id' && op.path.startsWith('/api/importacoes/{id}')) return [deB.id];
  if (op.path.startsWith('/api/equipamentos/{id}')) {
    if (parametro === 'id') return [deB.id];
    if (parametro === 'prorrogacaoId' && 'prorrogacaoId' in deB) return [String(deB.prorrogacaoId)];
  }
  if (parametro === 'numero' && op.path.startsWith('/api/laudos/{id}/versoes/{numero}')) return ['1'];
  if (op.path.startsWith('/api/suporte/chamados/{id}')) {
    if (parametro === 'id') return [deB.id];
    if (parametro === 'mensagemId' && 'mensagemId' in deB) return [String(deB.mensagemId)];
  }
  return undefined;
}

/** The kind of B's record an operation takes: a laudo, an invitation of B's team, or a person of it. */
function registrosDeB(op: Operation): { id: string }[] {
  if (op.path.startsWith('/api/empresa/convites/')) return [conviteDeB];
  if (op.path.startsWith('/api/empresa/chaves-api/')) return [chaveDeB];
  if (op.path.startsWith('/api/suporte/chamados/')) return [chamadoDeB];
  if (op.path.startsWith('/api/avisos/')) return [avisoDeB];
  if (op.path.startsWith('/api/importacoes/')) return [importacaoDeB];
  if (op.path.startsWith('/api/equipamentos/')) return [equipamentoDeB];
  if (op.path.startsWith('/api/empresa/pessoas/')) return [colegaDeB, dono];
  return laudosDeB;
}

/** A record of the same kind for the owner's control call (a call may use it up). */
async function controleDeB(op: Operation): Promise<{ id: string; mensagemId?: string }> {
  const sufixo = Math.random().toString(36).slice(2, 8);
  if (op.path.startsWith('/api/empresa/convites/')) return convidarEmB(`controle-${sufixo}@beta.com.br`);
  if (op.path.startsWith('/api/empresa/chaves-api/')) return chaveApiDeB();
  if (op.path.startsWith('/api/avisos/')) return { id: await avisoDeTeste(t, dono.id) };
  // Executing needs the preview made first (with the same choice the body sends).
  if (op.path.startsWith('/api/importacoes/')) {
    const nova = await importacaoDeBPorHttp();
    if (op.label === 'POST /api/importacoes/{id}/executar') {
      const res = await chamar(
        { ...op, label: 'POST /api/importacoes/{id}/previa' },
        '',
        { cookie: dono.cookie },
        `/api/importacoes/${nova.id}/previa`,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    return nova;
  }
  if (op.path.startsWith('/api/equipamentos/')) return vasoDeB(`V-CTRL-${sufixo}`);
  // A fresh request: the owner's control call may attach to its message (one file per message).
  if (op.path.startsWith('/api/suporte/chamados/')) {
    const novo = await chamadoDeSuporteDeB(`Controle ${sufixo}`);
    if (op.label === 'POST /api/suporte/chamados/{id}/mensagens/{mensagemId}/anexo') {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/suporte/chamados/${novo.id}/mensagens`,
        headers: json(dono.cookie),
        payload: { mensagem: 'Segue outro arquivo' },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return { id: novo.id, mensagemId: res.json().mensagemId };
    }
    return novo;
  }
  if (op.path.startsWith('/api/empresa/pessoas/'))
    return createUser(t, {
      email: `controle-${sufixo}@beta.com.br`,
      empresaId: dono.empresaId,
      papel: 'membro',
    });
  const controle = await criarLaudoComArquivos(t, dono.cookie, {
    nome: 'Controle',
    codigo: `CTRL-${sufixo}`,
    tipo: 'NR-12',
  });
  // An earlier version's file needs an earlier version.
  if (op.path.startsWith('/api/laudos/{id}/versoes/{numero}')) await renovarDeB(controle);
  return controle;
}

/** Every concrete path for the operation against one of B's laudos (each enum value). */
function caminhos(op: Operation, deB: { id: string }): string[] | undefined {
  let paths = [op.path];
  for (const p of op.pathParams) {
    const values = valoresDe(op, p.name, deB);
    if (!values) return undefined;
    paths = paths.flatMap((prefix) =>
      values.map((v) => prefix.replace(`{${p.name}}`, encodeURIComponent(v))),
    );
  }
  return paths;
}

/** Valid bodies of the registry's writes (issue 23): the owner's control call proves each one. */
const CORPOS_DO_CADASTRO: Record<string, unknown> = {
  'PATCH /api/equipamentos/{id}': { descricao: 'Alterado por outro', spie: true },
  'POST /api/equipamentos/{id}/inspecoes': {
    tipo: 'periodica',
    exames: ['externo'],
    dataFim: '2025-06-01',
    phNome: 'Eng. Intruso',
    phCrea: 'SP-9',
    resultado: 'aprovado',
  },
  'POST /api/equipamentos/{id}/prorrogacoes': {
    exame: 'interno',
    tipo: 'forca_maior',
    meses: 6,
    justificativa: 'Prorrogação pedida por outra empresa',
    phNome: 'Eng. Intruso',
    phCrea: 'SP-9',
  },
  'POST /api/equipamentos/{id}/eventos': { tipo: 'acidente', data: '2025-06-01' },
};

/** The request body the operation needs, the same for the attacker and for the owner's control call. */
async function corpo(op: Operation, url: string) {
  // A new code per call: the owner's control call must be able to use it.
  if (op.label === 'POST /api/laudos/{id}/renovar')
    return corpoDeRenovacao({
      codigo: `RENOVADO-${Math.random().toString(36).slice(2, 8)}`,
      dataVencimento: '2100-01-01',
    });
  if (op.label === 'POST /api/laudos/{id}/arquivos/{tipo}') {
    const excel = url.endsWith('/excel');
    const body = multipart(excel ? 'planilha-de-a.xlsx' : 'laudo-de-a.pdf', excel ? await xlsx() : pdf(3000));
    return { payload: body.payload, contentType: body.contentType };
  }
  if (op.label === 'POST /api/suporte/chamados/{id}/mensagens/{mensagemId}/anexo') {
    const body = multipart('anexo-de-a.pdf', pdf(2000));
    return { payload: body.payload, contentType: body.contentType };
  }
  if (op.label === 'POST /api/suporte/chamados/{id}/mensagens') {
    return {
      payload: JSON.stringify({ mensagem: 'Resposta de outra empresa' }),
      contentType: 'application/json',
    };
  }
  if (op.label === 'PATCH /api/empresa/pessoas/{id}') {
    return { payload: JSON.stringify({ ativo: false }), contentType: 'application/json' };
  }
  if (op.label === 'PATCH /api/laudos/{id}') {
    return {
      payload: JSON.stringify({ nome: 'Alterado por outro', observacoes: 'invadido', dataVencimento: null }),
      contentType: 'application/json',
    };
  }
  if (op.label === 'POST /api/importacoes/{id}/previa')
    return {
      payload: JSON.stringify({
        mapeamento: { codigo: 'Código', nome: 'Nome', tipo: 'Tipo' },
        existentes: 'pular',
      }),
      contentType: 'application/json',
    };
  if (op.label === 'POST /api/importacoes/{id}/executar')
    return {
      payload: JSON.stringify({ existentes: 'pular', enviarEmails: false }),
      contentType: 'application/json',
    };
  const equipamento = CORPOS_DO_CADASTRO[op.label];
  if (equipamento) return { payload: JSON.stringify(equipamento), contentType: 'application/json' };
  if (op.jsonBody) return { payload: '{}', contentType: 'application/json' };
  return undefined;
}

async function chamar(
  op: Operation,
  url: string,
  quem: { cookie?: string; chave?: string },
  outraUrl?: string,
) {
  const body = await corpo(op, url);
  return t.app.inject({
    method: op.method,
    url: outraUrl ?? url,
    headers: {
      ...(quem.cookie ? { cookie: quem.cookie, origin: TEST_ORIGIN } : {}),
      ...(quem.chave ? { authorization: `Bearer ${quem.chave}` } : {}),
      ...(body ? { 'content-type': body.contentType } : {}),
    },
    ...(body ? { payload: body.payload } : {}),
  });
}

describe('security 2: cross-tenant ids', () => {
  it('finds the id-taking user routes in openapi.json, each one exercisable', () => {
    expect(porId.map((op) => op.label)).toEqual(
      expect.arrayContaining([
        'GET /api/laudos/{id}',
        'PATCH /api/laudos/{id}',
        'DELETE /api/laudos/{id}',
        'POST /api/laudos/{id}/arquivos/{tipo}',
        'GET /api/laudos/{id}/arquivos/{tipo}',
        'GET /api/laudos/{id}/arquivos/{tipo}/download',
        'GET /api/laudos/{id}/arquivos/excel/tabela',
        'DELETE /api/laudos/{id}/arquivos/{tipo}',
        'POST /api/laudos/{id}/renovar',
        'GET /api/laudos/{id}/versoes',
        'GET /api/laudos/{id}/versoes/{numero}/arquivos/{tipo}',
        'GET /api/laudos/{id}/versoes/{numero}/arquivos/{tipo}/download',
        'POST /api/empresa/convites/{id}/reenviar',
        'DELETE /api/empresa/convites/{id}',
        'PATCH /api/empresa/pessoas/{id}',
        'POST /api/avisos/{id}/lido',
      ]),
    );
    const semComo = porId.filter((op) => !caminhos(op, registrosDeB(op)[0]!)).map((op) => op.label);
    expect(semComo, 'rotas de usuário com id sem como exercitá-las (ensine valoresDe)').toEqual([]);
  });

  for (const op of porId) {
    it(`${op.label}: another client gets 404 with B's real ids, and B's data stays as it was`, async () => {
      const antes = await estadoDeB();
      const bancoAntes = await dbFingerprint(t);
      const problemas: string[] = [];
      for (const deB of registrosDeB(op)) {
        for (const url of caminhos(op, deB) ?? []) {
          for (const atacante of atacantes) {
            // A key is a 401 on the routes it may not call (the authorization sweep's part).
            if (atacante.chave && !op.chaveApi) continue;
            const { quem } = atacante;
            const res = await chamar(op, url, atacante);
            if (![403, 404].includes(res.statusCode)) {
              problemas.push(`${op.method} ${url} como ${quem}: ${res.statusCode} ${res.body.slice(0, 150)}`);
              continue;
            }
            const { error } = res.json() as { error: { code: string; message: string } };
            if (!error?.message) problemas.push(`${op.method} ${url}: ${res.statusCode} sem mensagem`);
            for (const segredo of segredosDeB.filter((s) => !url.includes(s)))
              if (res.body.includes(segredo))
                problemas.push(`${op.method} ${url}: a resposta mostra ${segredo}`);
          }
        }
      }
      expect(problemas).toEqual([]);
      expect(await estadoDeB()).toEqual(antes);
      const mudou = changedTables(bancoAntes, await dbFingerprint(t));
      expect(mudou, 'nada mudou no banco').toEqual([]);

      // The same request by the owner, on a record of their own, succeeds: A's 404 was the scope's
      // doing, not a malformed request.
      const controle = await controleDeB(op);
      for (const url of caminhos(op, controle) ?? []) {
        const res = await chamar(op, url, { cookie: dono.cookie });
        expect(res.statusCode, `${op.method} ${url} pelo dono: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      }
    });
  }

  it('the lists open to users never show B’s laudos, files or notifications to another client', async () => {
    expect(listas.map((op) => op.label)).toEqual(
      expect.arrayContaining([
        'GET /api/laudos',
        'GET /api/notificacoes',
        'GET /api/laudos/estatisticas',
        'GET /api/empresa',
        'GET /api/avisos',
        'GET /api/renovacoes',
      ]),
    );
    const problemas: string[] = [];
    for (const op of listas) {
      // Each query parameter aimed at B as well (a filter must not widen the scope).
      const consultas = [
        '',
        ...op.queryParams
          .filter((p) => p.schema.type === 'string' && !p.schema.enum && !p.schema.pattern)
          .flatMap((p) => [`?${p.name}=${encodeURIComponent(EMPRESA_B)}`, `?${p.name}=${CODIGO_B}`]),
        ...(op.queryParams.some((p) => p.name === 'comArquivos') ? ['?comArquivos=true'] : []),
      ];
      for (const q of consultas) {
        for (const { quem, cookie, chave } of atacantes) {
          if (chave && !op.chaveApi) continue;
          const res = await t.app.inject({
            method: 'GET',
            url: `${op.path}${q}`,
            headers: chave ? { authorization: `Bearer ${chave}` } : { cookie: cookie! },
          });
          if (res.statusCode >= 500) problemas.push(`${op.path}${q} como ${quem}: ${res.statusCode}`);
          for (const segredo of segredosDeB)
            if (res.body.includes(segredo)) problemas.push(`${op.path}${q} como ${quem} mostra ${segredo}`);
        }
      }
    }
    expect(problemas).toEqual([]);

    // B does see them: the lists above were not empty by accident.
    const deB = (
      await t.app.inject({
        method: 'GET',
        url: '/api/laudos?porPagina=100',
        headers: { cookie: dono.cookie },
      })
    ).json();
    expect(deB.laudos.map((l: { codigo: string }) => l.codigo)).toEqual(
      expect.arrayContaining([CODIGO_B, 'ELEV-BETA-2210']),
    );
    const notificacoes = (
      await t.app.inject({ method: 'GET', url: '/api/notificacoes', headers: { cookie: dono.cookie } })
    ).json();
    expect(notificacoes.itens.map((n: { laudoCodigo: string }) => n.laudoCodigo)).toContain(CODIGO_B);
    const equipe = (
      await t.app.inject({ method: 'GET', url: '/api/empresa', headers: { cookie: dono.cookie } })
    ).json();
    expect(equipe.pessoas.map((p: { email: string }) => p.email)).toContain(colegaDeB.email);
    expect(equipe.convites.map((c: { id: string }) => c.id)).toContain(conviteDeB.id);
    const renovacoes = (
      await t.app.inject({ method: 'GET', url: '/api/renovacoes', headers: { cookie: dono.cookie } })
    ).json();
    expect(renovacoes.renovacoes.map((r: { laudo: { codigo: string } }) => r.laudo.codigo)).toEqual([
      CODIGO_B,
    ]);
  });

  it('the calendar feed (issue 20) of another client never shows B’s laudos; B’s own does', async () => {
    const feed = async (cookie: string) => {
      const criado = await t.app.inject({ method: 'POST', url: '/api/calendario', headers: json(cookie) });
      expect(criado.statusCode, criado.body).toBe(201);
      const res = await t.app.inject({ method: 'GET', url: new URL(criado.json().url).pathname });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    for (const { quem, cookie } of atacantes) {
      if (!cookie) continue;
      const corpo = await feed(cookie);
      for (const segredo of segredosDeB) expect(corpo, `calendário de ${quem}`).not.toContain(segredo);
    }
    expect(await feed(dono.cookie)).toContain(CODIGO_B);
  });
});
