import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi, notUnderTest, signedOut } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

/** What the pages here load besides what the tests are about. */
const pageData = notUnderTest('GET /api/laudos', 'GET /api/laudos/estatisticas');

describe('confirmar-email page', () => {
  it('signed in: posts the token once, then opens /dashboard without the banner', async () => {
    let confirmado = false;
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': () => ({ body: perfil({ email_verificado: confirmado }) }),
      'POST /api/conta/confirmar-email': () => {
        confirmado = true;
        return { body: { ok: true, email: 'maria@metalurgica.com.br' } };
      },
      'GET /api/laudos/estatisticas': {
        body: { total: 0, ativos: 0, vencendo: 0, vencidos: 0, porTipo: [] },
      },
    });
    const { router } = renderApp(`${paths.confirmarEmail}?token=abc123`);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(await screen.findByText('E-mail confirmado')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/conta/confirmar-email')).toEqual([{ token: 'abc123' }]);
    expect(screen.queryByRole('heading', { name: 'Confirme seu e-mail' })).toBeNull();
  });

  it('signed out: confirms and asks to sign in', async () => {
    mockApi({
      ...pageData,
      'GET /api/me': signedOut,
      'POST /api/conta/confirmar-email': { body: { ok: true, email: 'maria@metalurgica.com.br' } },
    });
    renderApp(`${paths.confirmarEmail}?token=abc123`);

    expect(await screen.findByText(/confirmado\. Entre para ver seus laudos\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe(paths.login);
  });

  it('a used or expired link says so in Portuguese', async () => {
    mockApi({
      ...pageData,
      'GET /api/me': signedOut,
      'POST /api/conta/confirmar-email': apiError(
        400,
        'LINK_INVALIDO',
        'Este link de confirmação é inválido, expirou ou já foi usado. Entre na sua conta e peça um novo.',
      ),
    });
    renderApp(`${paths.confirmarEmail}?token=usado`);

    expect(
      await screen.findByText(
        'Este link de confirmação é inválido, expirou ou já foi usado. Entre na sua conta e peça um novo.',
      ),
    ).toBeTruthy();
  });
});

describe('e-mail verification banner', () => {
  it('resends the link from the dashboard and says so', async () => {
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': { body: perfil({ email_verificado: false }) },
      'POST /api/conta/reenviar-confirmacao': { body: { ok: true } },
      'GET /api/laudos/estatisticas': {
        body: { total: 0, ativos: 0, vencendo: 0, vencidos: 0, porTipo: [] },
      },
    });
    renderApp(paths.dashboard);

    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar link' }));
    expect(await screen.findByText('Link reenviado. Confira sua caixa de entrada e o spam.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/conta/reenviar-confirmacao')).toHaveLength(1);
  });

  it('is not shown to a client whose e-mail is confirmed', async () => {
    mockApi({
      ...pageData,
      'GET /api/me': { body: perfil() },
      'GET /api/laudos/estatisticas': {
        body: { total: 0, ativos: 0, vencendo: 0, vencidos: 0, porTipo: [] },
      },
    });
    renderApp(paths.dashboard);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Confirme seu e-mail' })).toBeNull();
  });
});
