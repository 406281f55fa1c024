import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { E2E_ADMIN } from '../global-setup';

/*
 * Account journeys against the real server (see global-setup.ts): sign-up, a user created by the
 * admin on the e-mailed temporary password, password recovery through the e-mailed link, and the
 * guards. E-mails are read from the "outbox" transport through the admin API.
 */

// E-mails go through a paced queue: give the journeys that wait for one some room.
const EMAIL_WAIT_MS = 45_000;

/** A fresh address per run and per project (desktop and phone run the same journeys). */
function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.laudos.test`;
}

async function signUp(page: Page, user: { nome: string; email: string; senha: string }) {
  await page.goto('/register');
  await page.getByLabel('Nome', { exact: true }).fill(user.nome);
  await page.getByLabel('E-mail', { exact: true }).fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.senha);
  await page.getByLabel('Confirmar senha', { exact: true }).fill(user.senha);
  await page.getByRole('button', { name: 'Criar conta', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function signIn(page: Page, email: string, senha: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

type Mensagem = { toEmail: string; subject: string; text: string };

/** Waits until the outbox holds a message to `to` whose text contains `contains`. */
async function waitForEmail(api: APIRequestContext, to: string, contains: string): Promise<Mensagem> {
  let found: Mensagem | undefined;
  await expect
    .poll(
      async () => {
        const response = await api.get('/api/admin/email/outbox?limit=50');
        if (!response.ok()) return `HTTP ${response.status()}`;
        const { mensagens } = (await response.json()) as { mensagens: Mensagem[] };
        found = mensagens.find(
          (mensagem) =>
            mensagem.toEmail.toLowerCase() === to.toLowerCase() && mensagem.text.includes(contains),
        );
        return found ? 'recebido' : 'ainda não';
      },
      { timeout: EMAIL_WAIT_MS, message: `e-mail para ${to} contendo "${contains}"` },
    )
    .toBe('recebido');
  if (!found) throw new Error(`e-mail para ${to} não encontrado`);
  return found;
}

/** The admin's API session, for reading the outbox while the page is someone else's. */
async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
  const response = await api.post('/api/auth/sign-in/email', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return api;
}

function temporaryPassword(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.includes('Senha temporária'));
  const password = line?.slice(line.indexOf(':') + 1).trim();
  if (!password) throw new Error(`senha temporária não encontrada no e-mail:\n${text}`);
  return password;
}

/** The path and query of the reset link, so it opens on the server under test. */
function resetLinkPath(text: string): string {
  const url = /\S*\/reset-password\?token=[^\s"'<>]+/.exec(text)?.[0];
  if (!url) throw new Error(`link de redefinição não encontrado no e-mail:\n${text}`);
  const link = new URL(url, 'http://localhost');
  return `${link.pathname}${link.search}`;
}

test('a visitor signs up, lands on the dashboard asked to confirm the e-mail, resends the link and follows it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('cadastro');
  await signUp(page, { nome: 'Cliente Cadastro', email, senha: 'senha-cadastro-123' });

  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  await expect(page.getByText('Conta criada')).toBeVisible();
  await expect(page).toHaveTitle('Painel | Laudos Engenharia');
  const banner = page.getByRole('region', { name: 'Confirme seu e-mail' });
  await expect(banner).toContainText(email);

  const api = await adminApi(baseURL!);
  await waitForEmail(api, email, '/confirmar-email?token=');
  await banner.getByRole('button', { name: 'Reenviar link' }).click();
  await expect(banner.getByText('Link reenviado. Confira sua caixa de entrada e o spam.')).toBeVisible();
  // The newest link (the outbox lists the newest first).
  const mensagem = await waitForEmail(api, email, '/confirmar-email?token=');
  const url = /\S*\/confirmar-email\?token=[^\s"'<>]+/.exec(mensagem.text)?.[0];
  if (!url) throw new Error(`link de confirmação não encontrado:\n${mensagem.text}`);
  const link = new URL(url, 'http://localhost');

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('E-mail confirmado')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirme seu e-mail' })).toHaveCount(0);
  await api.dispose();
});

test('an admin creates a user, who signs in with the e-mailed temporary password and must change it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('criado');
  const novaSenha = 'senha-definitiva-123';

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administração' })).toBeVisible();

  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
  await dialog.getByLabel('Nome', { exact: true }).fill('Cliente Criado E2E');
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(page.getByText(`Usuário criado. A senha temporária foi enviada para ${email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Primeiro acesso pendente');

  // The admin's browser session reads the outbox.
  const welcome = await waitForEmail(page.request, email, 'Senha temporária');
  const senhaTemporaria = temporaryPassword(welcome.text);
  await signOut(page);

  await signIn(page, email, senhaTemporaria);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByText('Por segurança, troque a senha temporária antes de continuar.')).toBeVisible();
  // Every other page waits for the new password.
  await page.goto('/documentos');
  await expect(page).toHaveURL(/\/change-password$/);

  // Only the new password, twice: the temporary one was just typed to sign in.
  await expect(page.getByLabel('Senha atual')).toHaveCount(0);
  await page.getByLabel('Nova senha', { exact: true }).fill(novaSenha);
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill(novaSenha);
  await page.getByRole('button', { name: 'Alterar senha' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Senha alterada')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
});

test('a forgotten password is replaced through the e-mailed link, and the old one stops working', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL não definida (E2E_BASE_URL)');
  const email = uniqueEmail('esqueci');
  const senhaAntiga = 'senha-antiga-123';
  const senhaNova = 'senha-nova-456';

  await signUp(page, { nome: 'Cliente Esquecido', email, senha: senhaAntiga });
  await signOut(page);

  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(
    page.getByText('Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.'),
  ).toBeVisible();

  const api = await adminApi(baseURL);
  try {
    const mensagem = await waitForEmail(api, email, '/reset-password?token=');
    await page.goto(resetLinkPath(mensagem.text));
  } finally {
    await api.dispose();
  }

  await expect(page.getByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill(senhaNova);
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill(senhaNova);
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Senha redefinida. Entre com a nova senha.')).toBeVisible();

  await signIn(page, email, senhaAntiga);
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, senhaNova);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a client who opens /admin is sent to /dashboard', async ({ page }) => {
  await signUp(page, { nome: 'Cliente Curioso', email: uniqueEmail('curioso'), senha: 'senha-curioso-123' });

  await page.goto('/admin');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
});

test('without a session /dashboard leads to /login, and signing in returns to the page asked for', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();

  const email = uniqueEmail('volta');
  await signUp(page, { nome: 'Cliente Volta', email, senha: 'senha-volta-123' });
  await signOut(page);

  await page.goto('/conta');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-volta-123');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/conta$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
});
