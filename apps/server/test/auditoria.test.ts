import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditoria, laudos } from '../src/db/schema.ts';
import { limparAuditoria } from '../src/modules/auditoria/service.ts';
import {
  conviteDeTeste,
  cookiesOf,
  createAdmin,
  createUser,
  empresaDeTeste,
  json,
  planoChamado,
  totp,
} from './helpers/accounts.ts';
import { pedidoDeRenovacao, respostaDeTeste } from './helpers/security.ts';
import { createTestServer, signIn, TEST_ORIGIN, type TestServer } from './helpers/server.ts';

/**
 * Issue 22, the audit log (decision 046): each change writes one entry in its own transaction,
 * with who, from where, the company and each changed field; never a secret; a client reads its
 * laudos' history and nothing of another company's; the admin filters, pages and exports.
 */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const NAVEGADOR = 'Mozilla/5.0 (Teste de Auditoria)';

type Entrada = typeof auditoria.$inferSelect;

async function entradas(t: TestServer): Promise<Entrada[]> {
  return t.server.database.db.select().from(auditoria).orderBy(auditoria.criadoEm, auditoria.id);
}

async function cenario() {
  t = await createTestServer({ JOBS: 'off' });
  const plano = await planoChamado(t, 'Empresarial');
  const empresaA = await empresaDeTeste(t, 'Usina Alfa', { planoId: plano });
  const empresaB = await empresaDeTeste(t, 'Usina Beta', { planoId: plano });
  const admin = await createAdmin(t);
  const clienteA = await createUser(t, {
    email: 'gestor@alfa.com.br',
    nome: 'Gestora Alfa',
    empresaId: empresaA,
    papel: 'gestor',
    password: 'senha-secreta-alfa-123',
  });
  const clienteB = await createUser(t, {
    email: 'gestor@beta.com.br',
    nome: 'Gestor Beta',
    empresaId: empresaB,
    papel: 'gestor',
    password: 'senha-secreta-beta-456',
  });
  const cookieA = await signIn(t.app, clienteA.email, clienteA.password);
  const cookieB = await signIn(t.app, clienteB.email, clienteB.password);
  return { t, admin, clienteA, clienteB, cookieA, cookieB, empresaA, empresaB };
}

const comNavegador = (cookie: string) => ({ ...json(cookie), 'user-agent': NAVEGADOR });

async function criarLaudo(t: TestServer, cookie: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/laudos',
    headers: comNavegador(cookie),
    remoteAddress: '203.0.113.7',
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { laudo: { id: string } }).laudo.id;
}

describe('audit log: what each change writes', () => {
  it('laudo create, update and delete: one entry each, with the actor, address, company and each changed field', async () => {
    const { t, admin, empresaA } = await cenario();
    const antes = (await entradas(t)).length;
    const id = await criarLaudo(t, admin.cookie, {
      nome: 'Caldeira 1',
      codigo: 'ALF-1',
      tipo: 'NR-13',
      empresaId: empresaA,
      dataVencimento: '2027-03-01',
    });
    let todas = await entradas(t);
    expect(todas).toHaveLength(antes + 1);
    const criou = todas.at(-1)!;
    expect(criou).toMatchObject({
      atorTipo: 'usuario',
      atorId: admin.id,
      atorNome: 'Firma',
      atorPapel: 'admin',
      ip: '203.0.113.7',
      userAgent: NAVEGADOR,
      empresaId: empresaA,
      entidade: 'laudo',
      entidadeId: id,
      acao: 'criou',
    });
    expect(criou.campos).toMatchObject({
      codigo: { de: null, para: 'ALF-1' },
      dataVencimento: { de: null, para: '2027-03-01' },
    });

    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/laudos/${id}`,
      headers: comNavegador(admin.cookie),
      payload: { dataVencimento: '2027-06-30', nome: 'Caldeira 1' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    todas = await entradas(t);
    expect(todas).toHaveLength(antes + 2);
    // Only what changed: the name was sent unchanged.
    expect(todas.at(-1)).toMatchObject({
      acao: 'alterou',
      entidadeId: id,
      empresaId: empresaA,
      campos: { dataVencimento: { de: '2027-03-01', para: '2027-06-30' } },
    });
    expect(Object.keys(todas.at(-1)!.campos!)).toEqual(['dataVencimento']);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/laudos/${id}`,
      headers: json(admin.cookie),
    });
    expect(del.statusCode, del.body).toBe(204);
    todas = await entradas(t);
    expect(todas).toHaveLength(antes + 3);
    expect(todas.at(-1)).toMatchObject({
      acao: 'excluiu',
      entidadeId: id,
      empresaId: empresaA,
      campos: { codigo: { de: 'ALF-1', para: null } },
    });
  });

  it('a change that fails writes no entry (duplicate code on create and on update)', async () => {
    const { t, cookieA } = await cenario();
    const id = await criarLaudo(t, cookieA, { nome: 'Vaso', codigo: 'ALF-9', tipo: 'NR-13' });
    await criarLaudo(t, cookieA, { nome: 'Vaso 2', codigo: 'ALF-10', tipo: 'NR-13' });
    const antes = (await entradas(t)).length;
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: json(cookieA),
      payload: { nome: 'Outro', codigo: 'ALF-9', tipo: 'NR-13' },
    });
    expect(dup.statusCode).toBe(409);
    const dupPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/laudos/${id}`,
      headers: json(cookieA),
      payload: { codigo: 'ALF-10', observacoes: 'mudou' },
    });
    expect(dupPatch.statusCode).toBe(409);
    expect(await entradas(t)).toHaveLength(antes);
  });

  it('a client’s change is theirs: actor, role and company', async () => {
    const { t, clienteA, cookieA, empresaA } = await cenario();
    const id = await criarLaudo(t, cookieA, { nome: 'Vaso', codigo: 'ALF-2', tipo: 'NR-13' });
    expect((await entradas(t)).at(-1)).toMatchObject({
      atorTipo: 'usuario',
      atorId: clienteA.id,
      atorNome: 'Gestora Alfa',
      atorPapel: 'gestor',
      empresaId: empresaA,
      entidadeId: id,
      acao: 'criou',
    });
  });

  it('sign-in, failed sign-in, sign-out and password change are entries; no password or token is ever in the table', async () => {
    const { t, clienteA, empresaA, admin } = await cenario();
    const antes = (await entradas(t)).length;
    const falha = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'user-agent': NAVEGADOR },
      remoteAddress: '198.51.100.9',
      payload: { email: clienteA.email, password: 'senha-errada-tentada-789' },
    });
    expect(falha.statusCode).toBe(401);
    // A password typed in the e-mail field is not kept.
    const trocado = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: '198.51.100.10',
      payload: { email: 'senha-no-campo-errado-321', password: 'x' },
    });
    expect(trocado.statusCode).toBeGreaterThanOrEqual(400);
    let todas = await entradas(t);
    expect(todas).toHaveLength(antes + 2);
    expect(todas.at(-1)).toMatchObject({ acao: 'falhou_entrada', detalhes: { email: null } });
    todas = todas.slice(0, -1);
    expect(todas).toHaveLength(antes + 1);
    expect(todas.at(-1)).toMatchObject({
      entidade: 'sessao',
      acao: 'falhou_entrada',
      ip: '198.51.100.9',
      userAgent: NAVEGADOR,
      detalhes: { email: clienteA.email, motivo: 'INVALID_EMAIL_OR_PASSWORD' },
    });

    const cookie = await signIn(t.app, clienteA.email, clienteA.password);
    todas = await entradas(t);
    expect(todas.at(-1)).toMatchObject({
      entidade: 'sessao',
      acao: 'entrou',
      atorId: clienteA.id,
      empresaId: empresaA,
    });

    const novaSenha = 'nova-senha-muito-secreta-42';
    const troca = await t.app.inject({
      method: 'POST',
      url: '/api/conta/senha',
      headers: json(cookie),
      payload: { senhaAtual: clienteA.password, novaSenha },
    });
    expect(troca.statusCode, troca.body).toBe(200);
    expect((await entradas(t)).at(-1)).toMatchObject({
      entidade: 'usuario',
      entidadeId: clienteA.id,
      acao: 'alterou_senha',
      atorId: clienteA.id,
    });

    const chave = await t.app.inject({
      method: 'POST',
      url: `/api/admin/empresas/${empresaA}/chaves-api`,
      headers: json(admin.cookie),
      payload: { nome: 'ERP' },
    });
    expect(chave.statusCode, chave.body).toBe(201);
    const { segredo, chave: registro } = chave.json() as { segredo: string; chave: { id: string } };
    expect((await entradas(t)).at(-1)).toMatchObject({
      entidade: 'chave_api',
      entidadeId: registro.id,
      acao: 'criou',
      empresaId: empresaA,
      campos: { nome: { de: null, para: 'ERP' } },
    });
    const revoga = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/empresas/${empresaA}/chaves-api/${registro.id}`,
      headers: json(admin.cookie),
    });
    expect(revoga.statusCode).toBe(204);
    expect((await entradas(t)).at(-1)).toMatchObject({ entidade: 'chave_api', acao: 'revogou' });

    const sai = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(sai.statusCode, sai.body).toBe(200);
    expect((await entradas(t)).at(-1)).toMatchObject({
      entidade: 'sessao',
      acao: 'saiu',
      atorId: clienteA.id,
    });

    // The whole table as text: none of the passwords, session tokens or the API key used here.
    const texto = (
      (await t.server.database.db.execute(
        sql`select coalesce(string_agg(a::text, '|'), '') as t from auditoria a`,
      )) as unknown as { rows: { t: string }[] }
    ).rows[0]!.t;
    const sessoes = [cookie, admin.cookie].flatMap((c) =>
      c.split('; ').map((p) => decodeURIComponent(p.split('=')[1]!).split('.')[0]!),
    );
    for (const segredoUsado of [
      'senha-no-campo-errado-321',
      clienteA.password,
      novaSenha,
      'senha-errada-tentada-789',
      admin.password,
      segredo,
      ...sessoes,
    ]) {
      expect(segredoUsado.length).toBeGreaterThan(8);
      expect(texto).not.toContain(segredoUsado);
    }
  });

  it('2FA on and off are entries; a sign-in through 2FA is one; the secret and backup codes never are', async () => {
    const { t, clienteA, cookieA, empresaA } = await cenario();
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: json(cookieA),
      payload: { password: clienteA.password },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const secret = new URL(enable.json().totpURI).searchParams.get('secret')!;
    const backupCodes = enable.json().backupCodes as string[];
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: json(cookieA),
      payload: { code: totp(secret) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await entradas(t)).at(-1)).toMatchObject({
      entidade: 'usuario',
      entidadeId: clienteA.id,
      acao: 'alterou',
      empresaId: empresaA,
      campos: { doisFatores: { de: false, para: true } },
    });

    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: clienteA.email, password: clienteA.password },
    });
    expect(first.json().twoFactorRedirect).toBe(true);
    const antes = (await entradas(t)).length;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: json(cookiesOf(first)),
      payload: { code: totp(secret) },
    });
    expect(second.statusCode, second.body).toBe(200);
    const todas = await entradas(t);
    expect(todas).toHaveLength(antes + 1);
    expect(todas.at(-1)).toMatchObject({
      entidade: 'sessao',
      acao: 'entrou',
      atorId: clienteA.id,
      detalhes: { metodo: 'dois_fatores' },
    });

    const disable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      headers: json(cookiesOf(second)),
      payload: { password: clienteA.password },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect((await entradas(t)).at(-1)).toMatchObject({
      campos: { doisFatores: { de: true, para: false } },
    });
    const texto = JSON.stringify(await entradas(t));
    for (const segredo of [secret, ...backupCodes]) expect(texto).not.toContain(segredo);
  });

  it('admin changes to companies and users are entries with the fields that changed', async () => {
    const { t, admin, empresaB, clienteB } = await cenario();
    const emp = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/empresas/${empresaB}`,
      headers: json(admin.cookie),
      payload: { telefone: '(11) 5555-0000' },
    });
    expect(emp.statusCode, emp.body).toBe(200);
    expect((await entradas(t)).at(-1)).toMatchObject({
      entidade: 'empresa',
      entidadeId: empresaB,
      acao: 'alterou',
      empresaId: empresaB,
      atorId: admin.id,
      campos: { telefone: { para: '(11) 5555-0000' } },
    });
    const usu = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/usuarios/${clienteB.id}`,
      headers: json(admin.cookie),
      payload: { nome: 'Gestor Beta Renomeado' },
    });
    expect(usu.statusCode, usu.body).toBe(200);
    expect((await entradas(t)).at(-1)).toMatchObject({
      entidade: 'usuario',
      entidadeId: clienteB.id,
      acao: 'alterou',
      empresaId: empresaB,
      campos: { nome: { de: 'Gestor Beta', para: 'Gestor Beta Renomeado' } },
    });
  });
});

describe('audit log: settings, invitations, team, plans and renewals', () => {
  it('each is one entry with the fields that changed, and the invitation token is never written', async () => {
    const { t, admin, cookieA, empresaA, clienteA } = await cenario();
    const atuais = (
      await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: json(admin.cookie) })
    ).json();
    const ajustes = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: json(admin.cookie),
      payload: {
        ...atuais,
        auditoria: { retencaoDias: 365 },
        contact: { ...atuais.contact, phone: '(11) 3000-0000' },
      },
    });
    expect(ajustes.statusCode, ajustes.body).toBe(200);
    expect(t.server.settings.get().auditoria.retencaoDias).toBe(365);
    expect((await entradas(t)).at(-1)).toMatchObject({
      entidade: 'configuracoes',
      acao: 'alterou',
      atorId: admin.id,
      campos: {
        'auditoria.retencaoDias': { de: 730, para: 365 },
        'contact.phone': { de: '(11) 4000-0000', para: '(11) 3000-0000' },
      },
    });
    expect(Object.keys((await entradas(t)).at(-1)!.campos!)).toHaveLength(2);
    const retencaoRuim = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: json(admin.cookie),
      payload: { ...atuais, auditoria: { retencaoDias: 5 } },
    });
    expect(retencaoRuim.statusCode).toBe(400);
    expect(retencaoRuim.body).toContain('A retenção mínima do registro de auditoria é de 30 dias.');

    const convite = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/convites',
      headers: json(cookieA),
      payload: { email: 'nova@alfa.com.br', papel: 'membro' },
    });
    expect(convite.statusCode, convite.body).toBe(201);
    expect((await entradas(t)).at(-1)).toMatchObject({
      entidade: 'convite',
      acao: 'criou',
      atorId: clienteA.id,
      empresaId: empresaA,
      campos: { email: { para: 'nova@alfa.com.br' }, papel: { para: 'membro' } },
    });
    const { token } = await conviteDeTeste(t, empresaA, 'aceita@alfa.com.br');
    const aceite = await t.app.inject({
      method: 'POST',
      url: `/api/convites/${token}/aceitar`,
      headers: json(),
      payload: { nome: 'Nova Pessoa', senha: 'senha-do-convidado-77' },
    });
    expect(aceite.statusCode, aceite.body).toBe(200);
    const aceitou = (await entradas(t)).at(-1)!;
    expect(aceitou).toMatchObject({
      entidade: 'convite',
      acao: 'aceitou',
      atorNome: 'Nova Pessoa',
      empresaId: empresaA,
    });
    const texto = JSON.stringify(await entradas(t));
    expect(texto).not.toContain(token);
    expect(texto).not.toContain('senha-do-convidado-77');

    const pessoa = await t.app.inject({
      method: 'PATCH',
      url: `/api/empresa/pessoas/${aceitou.atorId}`,
      headers: json(cookieA),
      payload: { papel: 'gestor' },
    });
    expect(pessoa.statusCode, pessoa.body).toBe(200);
    expect((await entradas(t)).at(-1)).toMatchObject({
      entidade: 'usuario',
      entidadeId: aceitou.atorId,
      acao: 'alterou',
      atorId: clienteA.id,
      campos: { papel: { de: 'membro', para: 'gestor' } },
    });

    const plano = await planoChamado(t, 'Empresarial');
    const muda = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/planos/${plano}`,
      headers: json(admin.cookie),
      payload: { preco: 123.45 },
    });
    expect(muda.statusCode, muda.body).toBe(200);
    expect((await entradas(t)).at(-1)).toMatchObject({
      entidade: 'plano',
      entidadeId: plano,
      acao: 'alterou',
      campos: { preco: { para: 123.45 } },
    });

    const pedido = await pedidoDeRenovacao(t, empresaA);
    const move = await t.app.inject({
      method: 'POST',
      url: `/api/admin/renovacoes/${pedido.id}/estagio`,
      headers: json(admin.cookie),
      payload: { estagio: 'orcamento_enviado' },
    });
    expect(move.statusCode, move.body).toBe(200);
    expect((await entradas(t)).at(-1)).toMatchObject({
      entidade: 'renovacao',
      entidadeId: pedido.id,
      empresaId: empresaA,
      campos: { estagio: { de: 'solicitado', para: 'orcamento_enviado' } },
    });
  });
});

describe('audit log: templates, rules, reminder answers, join requests, a user deleted with laudos', () => {
  it('an e-mail template edit and restore carry the old and new subject and body; an invalid edit writes none', async () => {
    const { t, admin } = await cenario();
    const url = '/api/admin/email/templates/laudo_criado';
    const atual = (await t.app.inject({ url, headers: json(admin.cookie) })).json().template;
    const antes = (await entradas(t)).length;
    const ruim = await t.app.inject({
      method: 'PUT',
      url,
      headers: json(admin.cookie),
      payload: { subject: 'Oi {{variavel_que_nao_existe}}', html: atual.html, text: atual.text },
    });
    expect(ruim.statusCode).toBeGreaterThanOrEqual(400);
    expect(ruim.statusCode).toBeLessThan(500);
    expect(await entradas(t)).toHaveLength(antes);

    const salvo = await t.app.inject({
      method: 'PUT',
      url,
      headers: comNavegador(admin.cookie),
      payload: {
        subject: 'Seu laudo {{laudo_nome}} chegou',
        html: atual.html,
        text: `${atual.text}\nAté logo.`,
      },
    });
    expect(salvo.statusCode, salvo.body).toBe(200);
    let todas = await entradas(t);
    expect(todas).toHaveLength(antes + 1);
    expect(todas.at(-1)).toMatchObject({
      atorId: admin.id,
      atorPapel: 'admin',
      userAgent: NAVEGADOR,
      empresaId: null,
      entidade: 'template',
      entidadeId: 'laudo_criado',
      acao: 'alterou',
      campos: {
        subject: { de: atual.subject, para: 'Seu laudo {{laudo_nome}} chegou' },
        textContent: { de: atual.text, para: `${atual.text}\nAté logo.` },
      },
    });
    expect(Object.keys(todas.at(-1)!.campos!).sort()).toEqual(['subject', 'textContent']);

    const restaurado = await t.app.inject({
      method: 'POST',
      url: `${url}/restaurar`,
      headers: json(admin.cookie),
    });
    expect(restaurado.statusCode, restaurado.body).toBe(200);
    todas = await entradas(t);
    expect(todas).toHaveLength(antes + 2);
    expect(todas.at(-1)).toMatchObject({
      entidade: 'template',
      acao: 'restaurou',
      campos: { subject: { de: 'Seu laudo {{laudo_nome}} chegou', para: atual.subject } },
    });
  });

  it('a notification rule created, edited and turned on is one entry each; a refused edit writes none', async () => {
    const { t, admin } = await cenario();
    const nova = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notificacoes/regras',
      headers: json(admin.cookie),
      payload: { kind: 'vencendo' },
    });
    expect(nova.statusCode, nova.body).toBe(201);
    const id = nova.json().regra.id as string;
    let todas = await entradas(t);
    expect(todas.at(-1)).toMatchObject({
      atorId: admin.id,
      entidade: 'regra',
      entidadeId: id,
      acao: 'criou',
      campos: { daysBefore: { de: null, para: [15, 7, 1] }, enabled: { de: null, para: false } },
    });
    const antes = todas.length;
    const recusada = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/notificacoes/regras/${id}`,
      headers: json(admin.cookie),
      payload: { enabled: true, daysBefore: [] },
    });
    expect(recusada.statusCode).toBe(400);
    expect(await entradas(t)).toHaveLength(antes);

    const ligada = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/notificacoes/regras/${id}`,
      headers: json(admin.cookie),
      payload: { enabled: true, name: 'Elevadores' },
    });
    expect(ligada.statusCode, ligada.body).toBe(200);
    todas = await entradas(t);
    expect(todas).toHaveLength(antes + 1);
    expect(todas.at(-1)).toMatchObject({
      entidade: 'regra',
      entidadeId: id,
      acao: 'alterou',
      campos: {
        enabled: { de: false, para: true },
        name: { de: 'Nova regra antes do vencimento', para: 'Elevadores' },
      },
    });
    // The same values again change nothing: no entry.
    const igual = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/notificacoes/regras/${id}`,
      headers: json(admin.cookie),
      payload: { enabled: true },
    });
    expect(igual.statusCode).toBe(200);
    expect(await entradas(t)).toHaveLength(antes + 1);
  });

  it("a client's renewal request from a reminder's link is an entry under its company; a repeated click is none; the firm's note is one", async () => {
    const { t, admin, empresaA } = await cenario();
    const token = await respostaDeTeste(t, empresaA);
    const antes = (await entradas(t)).length;
    const pedido = { periodo: 'Março', contato: '(11) 97777-6666', observacao: 'Pela manhã' };
    const enviar = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/respostas/${token}`,
        headers: { ...json(), 'user-agent': NAVEGADOR },
        remoteAddress: '198.51.100.9',
        payload: pedido,
      });
    const primeira = await enviar();
    expect(primeira.statusCode, primeira.body).toBe(200);
    let todas = await entradas(t);
    expect(todas).toHaveLength(antes + 1);
    const criou = todas.at(-1)!;
    expect(criou).toMatchObject({
      atorTipo: 'usuario',
      atorId: null,
      atorNome: 'lembrado@equipe.com.br',
      ip: '198.51.100.9',
      userAgent: NAVEGADOR,
      empresaId: empresaA,
      entidade: 'renovacao',
      acao: 'criou',
      campos: {
        estagio: { de: null, para: 'solicitado' },
        periodo: { de: null, para: 'Março' },
        contato: { de: null, para: '(11) 97777-6666' },
        observacao: { de: null, para: 'Pela manhã' },
      },
    });
    expect((await enviar()).json()).toMatchObject({ nova: false });
    expect(await entradas(t)).toHaveLength(antes + 1);

    const nota = await t.app.inject({
      method: 'POST',
      url: `/api/admin/renovacoes/${criou.entidadeId}/notas`,
      headers: json(admin.cookie),
      payload: { nota: 'Ligar na segunda', interna: true },
    });
    expect(nota.statusCode, nota.body).toBe(200);
    todas = await entradas(t);
    expect(todas).toHaveLength(antes + 2);
    expect(todas.at(-1)).toMatchObject({
      atorId: admin.id,
      entidade: 'renovacao',
      entidadeId: criou.entidadeId,
      acao: 'anotou',
      empresaId: empresaA,
      detalhes: { nota: 'Ligar na segunda', interna: true },
    });
  });

  it('a join request, its approval and a refusal are entries; an approval that fails writes none', async () => {
    const { t, admin, empresaA } = await cenario();
    const pedir = async (email: string, nome: string) => {
      const pessoa = await createUser(t, { email, nome, password: 'senha-do-pedido-789' });
      const cookie = await signIn(t.app, email, 'senha-do-pedido-789');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/conta/pedido-empresa',
        headers: json(cookie),
        payload: { nome: 'Usina Alfa' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { pessoa, id: (await entradas(t)).at(-1)!.entidadeId! };
    };
    const ana = await pedir('ana@alfa.com.br', 'Ana');
    expect((await entradas(t)).at(-1)).toMatchObject({
      atorId: ana.pessoa.id,
      atorPapel: 'cliente',
      entidade: 'pedido_empresa',
      acao: 'criou',
      empresaId: null,
      campos: { nome: { de: null, para: 'Usina Alfa' } },
    });
    const antes = (await entradas(t)).length;
    const semEmpresa = await t.app.inject({
      method: 'POST',
      url: `/api/admin/pedidos-empresa/${ana.id}/aprovar`,
      headers: json(admin.cookie),
      payload: {},
    });
    expect(semEmpresa.statusCode).toBe(400);
    expect(await entradas(t)).toHaveLength(antes);

    const aprova = await t.app.inject({
      method: 'POST',
      url: `/api/admin/pedidos-empresa/${ana.id}/aprovar`,
      headers: json(admin.cookie),
      payload: { empresaId: empresaA, papel: 'membro' },
    });
    expect(aprova.statusCode, aprova.body).toBe(200);
    expect(await entradas(t)).toHaveLength(antes + 1);
    expect((await entradas(t)).at(-1)).toMatchObject({
      atorId: admin.id,
      entidade: 'pedido_empresa',
      entidadeId: ana.id,
      acao: 'aprovou',
      empresaId: empresaA,
      campos: {
        status: { de: 'pendente', para: 'aprovado' },
        empresaId: { de: null, para: empresaA },
        papel: { de: null, para: 'membro' },
      },
      detalhes: { usuarioId: ana.pessoa.id },
    });
    // Approving it again: it is no longer pending (404), and no entry.
    const deNovo = await t.app.inject({
      method: 'POST',
      url: `/api/admin/pedidos-empresa/${ana.id}/aprovar`,
      headers: json(admin.cookie),
      payload: { empresaId: empresaA },
    });
    expect(deNovo.statusCode).toBe(404);
    expect(await entradas(t)).toHaveLength(antes + 1);

    const bruno = await pedir('bruno@gama.com.br', 'Bruno');
    const recusa = await t.app.inject({
      method: 'POST',
      url: `/api/admin/pedidos-empresa/${bruno.id}/recusar`,
      headers: json(admin.cookie),
      payload: {},
    });
    expect(recusa.statusCode, recusa.body).toBe(200);
    expect((await entradas(t)).at(-1)).toMatchObject({
      atorId: admin.id,
      entidade: 'pedido_empresa',
      entidadeId: bruno.id,
      acao: 'recusou',
      empresaId: null,
      campos: { status: { de: 'pendente', para: 'recusado' } },
      detalhes: { usuarioId: bruno.pessoa.id },
    });
  });

  it('a self sign-up is the person’s own criou entry (and their join request); a sign-up for a taken address writes none; the password never', async () => {
    const { t } = await cenario();
    const antes = (await entradas(t)).length;
    const cadastro = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cadastro',
        headers: { ...json(), 'user-agent': NAVEGADOR },
        remoteAddress: '192.0.2.44',
        payload: { nome: 'Joana Prado', email, senha: 'senha-do-cadastro-321', empresa: 'Fábrica Prado' },
      });
    expect((await cadastro('joana@fabrica.com.br')).statusCode).toBe(201);
    const novas = (await entradas(t)).slice(antes);
    expect(novas).toHaveLength(2);
    const criou = novas.find((e) => e.entidade === 'usuario')!;
    expect(criou).toMatchObject({
      atorTipo: 'usuario',
      atorId: criou.entidadeId,
      atorNome: 'Joana Prado',
      atorPapel: 'cliente',
      ip: '192.0.2.44',
      userAgent: NAVEGADOR,
      acao: 'criou',
      empresaId: null,
      campos: { nome: { de: null, para: 'Joana Prado' }, email: { de: null, para: 'joana@fabrica.com.br' } },
    });
    expect(novas.find((e) => e.entidade === 'pedido_empresa')).toMatchObject({
      atorId: criou.entidadeId,
      acao: 'criou',
      campos: { nome: { de: null, para: 'Fábrica Prado' } },
    });
    // The same address again: the same answer, no account, no entry.
    expect((await cadastro('joana@fabrica.com.br')).statusCode).toBe(201);
    expect(await entradas(t)).toHaveLength(antes + 2);
    const texto = (
      (await t.server.database.db.execute(
        sql`select coalesce(string_agg(a::text, '|'), '') as t from auditoria a`,
      )) as unknown as { rows: { t: string }[] }
    ).rows[0]!.t;
    expect(texto).toContain('Joana Prado');
    expect(texto).not.toContain('senha-do-cadastro-321');
  });

  it('a user deleted with their own laudos: one excluiu entry per laudo, then the user’s', async () => {
    const { t, admin } = await cenario();
    const pessoa = await createUser(t, { email: 'avulso@gmail.test', nome: 'Cliente Avulso' });
    const db = t.server.database.db;
    const criados = await db
      .insert(laudos)
      .values(
        ['AV-1', 'AV-2'].map((codigo) => ({
          nome: `Vaso ${codigo}`,
          codigo,
          cliente: 'Cliente Avulso',
          tipo: 'NR-13',
          emailCliente: 'avulso@gmail.test',
          dataVencimento: '2027-05-01',
          criadoPor: pessoa.id,
        })),
      )
      .returning({ id: laudos.id });
    const antes = (await entradas(t)).length;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/usuarios/${pessoa.id}`,
      headers: json(admin.cookie),
    });
    expect(del.statusCode, del.body).toBe(204);
    const novas = (await entradas(t)).slice(antes);
    expect(novas).toHaveLength(3);
    const dosLaudos = novas.filter((e) => e.entidade === 'laudo');
    expect(dosLaudos.map((e) => e.entidadeId).sort()).toEqual(criados.map((l) => l.id).sort());
    for (const e of dosLaudos)
      expect(e).toMatchObject({
        atorId: admin.id,
        acao: 'excluiu',
        empresaId: null,
        detalhes: { motivo: 'usuario_excluido', usuarioId: pessoa.id },
        campos: { codigo: { para: null } },
      });
    // One transaction: the three entries share its time, so their order among themselves is not asserted.
    expect(novas.filter((e) => e.entidade === 'usuario')).toMatchObject([
      { entidadeId: pessoa.id, acao: 'excluiu', atorId: admin.id },
    ]);
  });
});

describe("audit log: a laudo's history", () => {
  it("a client sees its laudo's entries and never another company's; another company's laudo is a 404", async () => {
    const { t, admin, cookieA, cookieB, empresaA, empresaB } = await cenario();
    const idA = await criarLaudo(t, cookieA, { nome: 'Vaso A', codigo: 'A-1', tipo: 'NR-13' });
    const idB = await criarLaudo(t, cookieB, { nome: 'Vaso B', codigo: 'B-1', tipo: 'NR-13' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/laudos/${idA}`,
      headers: json(cookieA),
      payload: { observacoes: 'Inspeção externa feita' },
    });
    expect(patch.statusCode).toBe(200);

    const hist = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${idA}/historico`,
      headers: json(cookieA),
    });
    expect(hist.statusCode, hist.body).toBe(200);
    const { entradas: lista } = hist.json() as { entradas: Array<Record<string, unknown>> };
    expect(lista.map((e) => e.acao)).toEqual(['alterou', 'criou']);
    expect(lista[0]).toMatchObject({ atorNome: 'Gestora Alfa', campos: { observacoes: { de: null } } });
    // A client reads no address or browser.
    expect(lista[0]).not.toHaveProperty('ip');

    const outra = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${idB}/historico`,
      headers: json(cookieA),
    });
    expect(outra.statusCode).toBe(404);
    expect(outra.json()).toMatchObject({
      error: { code: 'NAO_ENCONTRADO', message: 'Laudo não encontrado.' },
    });

    // The admin moves A's laudo to company B: B sees what happened since, never A's entries.
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/laudos/${idA}`,
      headers: json(admin.cookie),
      payload: { empresaId: empresaB },
    });
    expect(move.statusCode, move.body).toBe(200);
    const deB = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${idA}/historico`,
      headers: json(cookieB),
    });
    expect(deB.statusCode).toBe(200);
    const vistas = (deB.json() as { entradas: Array<{ acao: string; atorNome: string }> }).entradas;
    expect(vistas).toHaveLength(1);
    expect(vistas[0]).toMatchObject({ acao: 'alterou', atorNome: 'Firma' });
    // A still sees the laudo (it is addressed to A's gestora's e-mail), but only A's own entries.
    const deA = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${idA}/historico`,
      headers: json(cookieA),
    });
    expect(deA.statusCode).toBe(200);
    expect((deA.json() as { entradas: Array<{ acao: string }> }).entradas.map((e) => e.acao)).toEqual([
      'alterou',
      'criou',
    ]);
    // The admin sees all of it.
    const tudo = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${idA}/historico`,
      headers: json(admin.cookie),
    });
    expect((tudo.json() as { entradas: unknown[] }).entradas).toHaveLength(3);
    expect(empresaA).not.toBe(empresaB);
  });

  it('a long history pages by cursor past 500 entries, newest first, without repeats; a bad cursor is a 400', async () => {
    const { t, cookieA, empresaA } = await cenario();
    const id = await criarLaudo(t, cookieA, { nome: 'Vaso antigo', codigo: 'H-1', tipo: 'NR-13' });
    // 600 older changes, one a minute (as years of edits would leave them).
    await t.server.database.db.execute(sql`
      insert into auditoria (criado_em, ator_tipo, ator_nome, empresa_id, entidade, entidade_id, acao, campos)
      select now() - make_interval(mins => g), 'usuario', 'Gestora Alfa', ${empresaA}, 'laudo', ${id}, 'alterou',
             jsonb_build_object('observacoes', jsonb_build_object('de', g + 1, 'para', g))
      from generate_series(1, 600) g`);
    const vistos: string[] = [];
    const horas: string[] = [];
    let cursor: string | null = null;
    let paginas = 0;
    do {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/laudos/${id}/historico?limite=200${cursor ? `&cursor=${cursor}` : ''}`,
        headers: json(cookieA),
      });
      expect(res.statusCode, res.body).toBe(200);
      const corpo = res.json() as {
        entradas: Array<{ id: string; criadoEm: string }>;
        proximoCursor: string | null;
      };
      vistos.push(...corpo.entradas.map((e) => e.id));
      horas.push(...corpo.entradas.map((e) => e.criadoEm));
      cursor = corpo.proximoCursor;
      paginas++;
    } while (cursor && paginas < 10);
    expect(paginas).toBe(4);
    expect(vistos).toHaveLength(601);
    expect(new Set(vistos).size).toBe(601);
    expect([...horas].sort().reverse()).toEqual(horas);
    const ruim = await t.app.inject({
      method: 'GET',
      url: `/api/laudos/${id}/historico?cursor=nao-e-um-cursor`,
      headers: json(cookieA),
    });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().error.message).toMatch(/cursor/i);
  });
});

describe('audit log: the admin screen', () => {
  it('filters, pages by cursor without repeats, shows one entry, and refuses clients', async () => {
    const { t, admin, cookieA, empresaA, clienteA } = await cenario();
    for (let i = 1; i <= 5; i++)
      await criarLaudo(t, cookieA, { nome: `Vaso ${i}`, codigo: `P-${i}`, tipo: 'NR-13' });
    const url = `/api/admin/auditoria?empresa=${empresaA}&entidade=laudo&acao=criou&limite=2`;
    const vistos: string[] = [];
    let cursor: string | null = null;
    let paginas = 0;
    do {
      const res = await t.app.inject({
        method: 'GET',
        url: cursor ? `${url}&cursor=${cursor}` : url,
        headers: json(admin.cookie),
      });
      expect(res.statusCode, res.body).toBe(200);
      const pagina = res.json() as {
        entradas: Array<{ id: string; atorId: string }>;
        proximoCursor: string | null;
      };
      for (const e of pagina.entradas) expect(e.atorId).toBe(clienteA.id);
      vistos.push(...pagina.entradas.map((e) => e.id));
      cursor = pagina.proximoCursor;
      paginas++;
    } while (cursor);
    expect(paginas).toBe(3);
    expect(vistos).toHaveLength(5);
    expect(new Set(vistos).size).toBe(5);

    const porAtor = await t.app.inject({
      method: 'GET',
      url: `/api/admin/auditoria?ator=${encodeURIComponent('gestora alfa')}&acao=entrou`,
      headers: json(admin.cookie),
    });
    expect((porAtor.json() as { entradas: unknown[] }).entradas).toHaveLength(1);
    const futuro = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auditoria?de=2099-01-01',
      headers: json(admin.cookie),
    });
    expect((futuro.json() as { entradas: unknown[] }).entradas).toHaveLength(0);
    const invertido = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auditoria?de=2026-02-01&ate=2026-01-01',
      headers: json(admin.cookie),
    });
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json()).toMatchObject({ error: { code: 'DADOS_INVALIDOS' } });
    const cursorRuim = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auditoria?cursor=abc',
      headers: json(admin.cookie),
    });
    expect(cursorRuim.statusCode).toBe(400);

    const uma = await t.app.inject({
      method: 'GET',
      url: `/api/admin/auditoria/${vistos[0]}`,
      headers: json(admin.cookie),
    });
    expect(uma.statusCode).toBe(200);
    expect(uma.json()).toMatchObject({
      entrada: { id: vistos[0], empresaNome: 'Usina Alfa', acao: 'criou' },
    });
    const nenhuma = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auditoria/00000000-0000-4000-8000-000000000000',
      headers: json(admin.cookie),
    });
    expect(nenhuma.statusCode).toBe(404);

    const cliente = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auditoria',
      headers: json(cookieA),
    });
    expect(cliente.statusCode).toBe(403);
  });

  it('exports CSV for Excel pt-BR: BOM, ";" and dates dd/mm/aaaa', async () => {
    const { t, admin, cookieA } = await cenario();
    await criarLaudo(t, cookieA, { nome: 'Vaso; com ponto e vírgula', codigo: 'CSV-1', tipo: 'NR-13' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auditoria/exportar?entidade=laudo',
      headers: json(admin.cookie),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('auditoria.csv');
    expect(res.body.startsWith('\uFEFFData e hora;Tipo de ator;Ator;')).toBe(true);
    const linhas = res.body.trim().split('\r\n');
    expect(linhas).toHaveLength(2);
    expect(linhas[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2};usuario;Gestora Alfa;gestor;/);
    expect(linhas[1]).toContain('nome: null → ""Vaso; com ponto e vírgula""');
  });
});

describe('audit log: retention', () => {
  it('the job deletes entries older than the setting and records one system entry', async () => {
    const { t } = await cenario();
    const db = t.server.database.db;
    expect(t.server.settings.get().auditoria.retencaoDias).toBe(730);
    await db.insert(auditoria).values([
      {
        atorTipo: 'sistema',
        entidade: 'laudo',
        acao: 'criou',
        criadoEm: new Date(Date.now() - 800 * 86400_000),
      },
      {
        atorTipo: 'sistema',
        entidade: 'laudo',
        acao: 'criou',
        criadoEm: new Date(Date.now() - 700 * 86400_000),
      },
    ]);
    const antes = (await entradas(t)).length;
    expect(await limparAuditoria(db, t.server.settings.get().auditoria.retencaoDias)).toBe(1);
    const depois = await entradas(t);
    expect(depois).toHaveLength(antes);
    expect(depois.at(-1)).toMatchObject({
      atorTipo: 'sistema',
      entidade: 'auditoria',
      acao: 'limpou',
      detalhes: { removidas: 1, retencaoDias: 730 },
    });
    const velhas = await db
      .select()
      .from(auditoria)
      .where(sql`${auditoria.criadoEm} < now() - interval '730 days'`);
    expect(velhas).toHaveLength(0);
    expect(await db.select().from(auditoria).where(eq(auditoria.acao, 'limpou'))).toHaveLength(1);
  });
});
