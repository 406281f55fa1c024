import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi, notUnderTest, signedOut } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

/** What the pages here load besides what the tests are about. */
const pageData = notUnderTest('GET /api/laudos', 'GET /api/laudos/estatisticas', 'GET /api/settings/public');

function fillAndSubmit(email: string, senha: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: senha } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

/** The form's own alert (the toast region is an always-present alert too). */
async function findFormAlert(text: string) {
  const main = screen.getByRole('main');
  return within(main).findByText(text, { selector: '[role="alert"]' });
}

describe('login page', () => {
  it("shows the server's error message inline", async () => {
    mockApi({
      ...pageData,
      'GET /api/me': signedOut,
      'POST /api/auth/sign-in/email': apiError(
        401,
        'INVALID_EMAIL_OR_PASSWORD',
        'E-mail ou senha incorretos.',
      ),
    });
    renderApp(paths.login);
    await screen.findByLabelText('E-mail');

    fillAndSubmit('maria@metalurgica.com.br', 'senha-errada');

    expect(await findFormAlert('E-mail ou senha incorretos.')).toBeTruthy();
    expect(document.title).toBe('Entrar | Laudos Engenharia');
  });

  it('asks for the e-mail and password before calling the server', async () => {
    const fetchMock = mockApi({ ...pageData, 'GET /api/me': signedOut });
    renderApp(paths.login);
    await screen.findByLabelText('E-mail');

    fillAndSubmit('', '');

    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Informe o e-mail.');
    expect(callsTo(fetchMock, 'POST /api/auth/sign-in/email')).toHaveLength(0);
  });

  it('signs in, re-reads the profile and opens /dashboard', async () => {
    let signedIn = false;
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': () => (signedIn ? { body: perfil() } : signedOut),
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return { body: { redirect: false, token: 't', user: { id: 'u-cliente' } } };
      },
    });
    const { router } = renderApp(paths.login);
    await screen.findByLabelText('E-mail');

    fireEvent.click(screen.getByLabelText('Lembrar de mim'));
    fillAndSubmit('maria@metalurgica.com.br', 'senha-certa-123');

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(callsTo(fetchMock, 'POST /api/auth/sign-in/email')).toEqual([
      { email: 'maria@metalurgica.com.br', password: 'senha-certa-123', rememberMe: true },
    ]);
  });

  it('asks for the two-factor code when the account has it, and accepts a backup code', async () => {
    let signedIn = false;
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': () => (signedIn ? { body: perfil() } : signedOut),
      'POST /api/auth/sign-in/email': { body: { twoFactorRedirect: true } },
      'POST /api/auth/two-factor/verify-backup-code': () => {
        signedIn = true;
        return { body: { token: 't' } };
      },
    });
    const { router } = renderApp(paths.login);
    await screen.findByLabelText('E-mail');

    fillAndSubmit('maria@metalurgica.com.br', 'senha-certa-123');
    expect(await screen.findByLabelText('Código de verificação')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Usar código de backup' }));
    fireEvent.change(await screen.findByLabelText('Código de backup'), { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(callsTo(fetchMock, 'POST /api/auth/two-factor/verify-backup-code')).toEqual([
      { code: 'abcde-12345' },
    ]);
  });

  it('offers only the social sign-ins the server has configured', async () => {
    mockApi({
      ...pageData,
      'GET /api/me': signedOut,
      'GET /api/settings/public': { body: { login: { google: true, microsoft: false } } },
    });
    renderApp(paths.login);

    expect(await screen.findByRole('button', { name: 'Entrar com Google' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Entrar com Microsoft' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' }).getAttribute('href')).toBe(
      paths.forgotPassword,
    );
    expect(screen.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe(paths.register);
  });
});
