import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi, notUnderTest, signedOut } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

/** What the pages here load besides what the tests are about. */
const pageData = notUnderTest('GET /api/laudos', 'GET /api/laudos/estatisticas', 'GET /api/settings/public');

const MENSAGEM =
  'Cadastro recebido. Enviamos um e-mail para o endereço informado: siga o link dele em até 24 horas para confirmar.';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

async function fillForm(senha: string, confirmacao: string) {
  await screen.findByLabelText('Nome');
  fill('Nome', 'Maria Souza');
  fill('E-mail', 'maria@metalurgica.com.br');
  fill('Empresa', 'Metalúrgica Souza');
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: senha } });
  fireEvent.change(screen.getByLabelText('Confirmar senha'), { target: { value: confirmacao } });
  fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
}

describe('register page', () => {
  it('checks that the password confirmation matches before sending', async () => {
    const fetchMock = mockApi({ ...pageData, 'GET /api/me': signedOut });
    renderApp(paths.register);

    await fillForm('senha-forte-123', 'senha-diferente');

    const confirmacao = screen.getByLabelText('Confirmar senha');
    expect(confirmacao.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(confirmacao.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'As senhas não conferem.',
    );
    expect(document.activeElement).toBe(confirmacao);
    expect(callsTo(fetchMock, 'POST /api/cadastro')).toHaveLength(0);
  });

  it('asks for at least 8 characters', async () => {
    mockApi({ ...pageData, 'GET /api/me': signedOut });
    renderApp(paths.register);

    await fillForm('curta', 'curta');

    expect(await screen.findByText('A senha deve ter pelo menos 8 caracteres.')).toBeTruthy();
  });

  it('explains that the company (name or CNPJ) is a request an admin confirms', async () => {
    mockApi({ ...pageData, 'GET /api/me': signedOut });
    renderApp(paths.register);

    const empresa = await screen.findByLabelText('Empresa ou CNPJ (opcional)');
    expect(document.getElementById(empresa.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Um administrador confirma o vínculo; até lá você vê apenas os laudos enviados ao seu e-mail.',
    );
  });

  it('creates the account, signs in with what was typed and opens /dashboard with a toast', async () => {
    let signedIn = false;
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': () => (signedIn ? { body: perfil({ email_verificado: false }) } : signedOut),
      'POST /api/cadastro': { status: 201, body: { ok: true, mensagem: MENSAGEM } },
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return { body: { redirect: false } };
      },
    });
    const { router } = renderApp(paths.register);

    await fillForm('senha-forte-123', 'senha-forte-123');

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(await screen.findByText('Conta criada')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/cadastro')).toEqual([
      {
        nome: 'Maria Souza',
        email: 'maria@metalurgica.com.br',
        senha: 'senha-forte-123',
        empresa: 'Metalúrgica Souza',
      },
    ]);
    expect(callsTo(fetchMock, 'POST /api/auth/sign-in/email')).toEqual([
      { email: 'maria@metalurgica.com.br', password: 'senha-forte-123', rememberMe: true },
    ]);
    // The client area asks to confirm the e-mail and offers a new link.
    expect(await screen.findByRole('heading', { name: 'Confirme seu e-mail' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reenviar link' })).toBeTruthy();
  });

  it('when the e-mail already had an account, says to check the mailbox and stays signed out', async () => {
    mockApi({
      ...pageData,
      'GET /api/me': signedOut,
      'POST /api/cadastro': { status: 201, body: { ok: true, mensagem: MENSAGEM } },
      'POST /api/auth/sign-in/email': apiError(
        401,
        'INVALID_EMAIL_OR_PASSWORD',
        'E-mail ou senha incorretos.',
      ),
    });
    const { router } = renderApp(paths.register);

    await fillForm('senha-forte-123', 'senha-forte-123');

    expect(await screen.findByText('Confira seu e-mail')).toBeTruthy();
    expect(screen.getByText(MENSAGEM)).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.register);
    expect(screen.queryByText('E-mail ou senha incorretos.')).toBeNull();
  });
});
