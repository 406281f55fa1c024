import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  request,
} from '@playwright/test';
import { E2E_ADMIN } from '../global-setup';

/** Shared steps of the browser journeys: the admin API, the outbox, first access. */

export const EMAIL_WAIT_MS = 45_000;

export function sufixo(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A calendar day in São Paulo (the firm's time zone) plus `dias`, as 'YYYY-MM-DD'. */
export function diaEmSaoPaulo(dias: number): string {
  const hoje = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return new Date(Date.parse(`${hoje}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);
}

export type Mensagem = { toEmail: string; subject: string; text: string };

export async function waitForEmail(
  api: APIRequestContext,
  matches: (mensagem: Mensagem) => boolean,
  descricao: string,
): Promise<Mensagem> {
  let found: Mensagem | undefined;
  await expect
    .poll(
      async () => {
        const response = await api.get('/api/admin/email/outbox?limit=50');
        if (!response.ok()) return `HTTP ${response.status()}`;
        const { mensagens } = (await response.json()) as { mensagens: Mensagem[] };
        found = mensagens.find(matches);
        return found ? 'recebido' : 'ainda não';
      },
      { timeout: EMAIL_WAIT_MS, message: descricao },
    )
    .toBe('recebido');
  if (!found) throw new Error(`${descricao}: não encontrado`);
  return found;
}

export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
  const response = await api.post('/api/auth/sign-in/email', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return api;
}

export function temporaryPassword(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.includes('Senha temporária'));
  const password = line?.slice(line.indexOf(':') + 1).trim();
  if (!password) throw new Error(`senha temporária não encontrada no e-mail:\n${text}`);
  return password;
}

/** The id of the company named `nome`, created through the admin API when there is none. */
export async function empresaChamada(admin: APIRequestContext, nome: string): Promise<string> {
  const busca = await admin.get(`/api/admin/empresas/opcoes?busca=${encodeURIComponent(nome)}`);
  expect(busca.status(), await busca.text()).toBe(200);
  const achada = ((await busca.json()) as { empresas: { id: string; nome: string }[] }).empresas.find(
    (e) => e.nome === nome,
  );
  if (achada) return achada.id;
  const criada = await admin.post('/api/admin/empresas', { data: { razaoSocial: nome, nomeFantasia: nome } });
  expect(criada.status(), await criada.text()).toBe(201);
  return ((await criada.json()) as { empresa: { id: string } }).empresa.id;
}

/** Puts the company on the seeded plan named `nomeDoPlano` ('Básico', 'Profissional', 'Empresarial'). */
export async function mudarPlanoDaEmpresa(admin: APIRequestContext, empresaId: string, nomeDoPlano: string) {
  const lista = await admin.get('/api/admin/planos');
  expect(lista.status(), await lista.text()).toBe(200);
  const { planos } = (await lista.json()) as { planos: { id: string; nome: string }[] };
  const plano = planos.find((p) => p.nome === nomeDoPlano);
  if (!plano) throw new Error(`plano ${nomeDoPlano} não encontrado`);
  const mudou = await admin.patch(`/api/admin/empresas/${empresaId}`, { data: { planoId: plano.id } });
  expect(mudou.status(), await mudou.text()).toBe(200);
}

/** A feature's dialog without the feature: the plan's refusal and the way to the plans. */
export async function verChamadaDosPlanos(dialogo: Locator, recusa: string) {
  await expect(dialogo.getByText(recusa)).toBeVisible();
  await expect(dialogo.getByRole('link', { name: 'Ver os planos que incluem' })).toHaveAttribute(
    'href',
    '/planos',
  );
}

/**
 * Creates a client of the company `empresa` (created when new) through the admin API and returns
 * the e-mailed temporary password.
 */
export async function criarCliente(admin: APIRequestContext, nome: string, email: string, empresa: string) {
  const empresaId = await empresaChamada(admin, empresa);
  const response = await admin.post('/api/admin/usuarios', {
    data: { nome, email, tipo: 'cliente', empresaId },
  });
  expect(response.status(), await response.text()).toBe(201);
  const boasVindas = await waitForEmail(
    admin,
    (m) => m.toEmail.toLowerCase() === email.toLowerCase() && m.text.includes('Senha temporária'),
    `e-mail de boas-vindas para ${email}`,
  );
  return temporaryPassword(boasVindas.text);
}

/** Signs in on the temporary password and sets a definitive one (first access). */
export async function primeiroAcesso(page: Page, email: string, temporaria: string, novaSenha: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(temporaria);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  // Only the new password, twice: the session already proves the temporary one.
  await page.getByLabel('Nova senha', { exact: true }).fill(novaSenha);
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill(novaSenha);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs the built-in admin in through the sign-in form (lands on /dashboard). */
export async function entrarComoAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function novaPagina(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  return context.newPage();
}

/**
 * Chooses a company in a company picker (the laudo form's, the user form's, a request's): types
 * its name, waits for it among the options and clicks it.
 */
export async function escolherEmpresa(
  onde: Page | Locator,
  nome: string,
  rotulo: string | RegExp = /^Empresa/,
) {
  const campo = onde.getByRole('combobox', { name: rotulo });
  await campo.fill(nome);
  // The company's option starts with its name (its CNPJ follows); "Criar empresa “…”" does not.
  const inicio = new RegExp(`^${nome.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  await onde.getByRole('option', { name: inicio }).first().click();
  await expect(campo).toHaveValue(nome);
}
