import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi, notUnderTest, signedOut } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

/** What the pages here load besides what the tests are about. */
const pageData = notUnderTest('GET /api/settings/public');

describe('forgot password', () => {
  it('gives the same answer whatever the e-mail', async () => {
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': signedOut,
      'POST /api/auth/request-password-reset': { body: {} },
    });
    renderApp(paths.forgotPassword);

    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'quem@exemplo.com.br' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link' }));

    expect(
      await screen.findByText(
        'Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/auth/request-password-reset')).toEqual([
      { email: 'quem@exemplo.com.br', redirectTo: '/reset-password' },
    ]);
  });
});

describe('reset password', () => {
  it('explains a link without token and points to a new one', async () => {
    mockApi({ ...pageData, 'GET /api/me': signedOut });
    renderApp(paths.resetPassword);

    expect(await screen.findByText(/não traz o código de redefinição/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' }).getAttribute('href')).toBe(
      paths.forgotPassword,
    );
  });

  it('sets the new password and sends to /login with a toast', async () => {
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': signedOut,
      'POST /api/conta/redefinir-senha': { body: { ok: true } },
    });
    const { router } = renderApp(`${paths.resetPassword}?token=tok%2B123`);

    fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: 'nova-senha-123' } });
    fireEvent.change(screen.getByLabelText('Confirmar nova senha'), { target: { value: 'nova-senha-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(await screen.findByText('Senha redefinida. Entre com a nova senha.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/conta/redefinir-senha')).toEqual([
      { token: 'tok+123', novaSenha: 'nova-senha-123' },
    ]);
  });

  it('says when the link is no longer valid', async () => {
    mockApi({
      ...pageData,
      'GET /api/me': signedOut,
      'POST /api/conta/redefinir-senha': apiError(
        400,
        'LINK_INVALIDO',
        'Este link de redefinição é inválido ou já foi usado. Peça um novo.',
      ),
    });
    renderApp(`${paths.resetPassword}?token=usado`);

    fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: 'nova-senha-123' } });
    fireEvent.change(screen.getByLabelText('Confirmar nova senha'), { target: { value: 'nova-senha-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));

    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert.textContent).toContain('Este link de redefinição é inválido ou já foi usado. Peça um novo.');
    expect(within(alert).getByRole('link', { name: 'Pedir um novo link' })).toBeTruthy();
  });
});
