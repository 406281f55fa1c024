import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { callsTo, mockApi, notUnderTest } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

/** What the pages here load besides what the tests are about. */
const pageData = notUnderTest(
  'GET /api/auth/get-session',
  'GET /api/auth/list-sessions',
  'GET /api/settings/public',
  'GET /api/calendario',
  'GET /api/me/whatsapp',
);

const sessoes = [
  {
    id: 's-1',
    token: 'tok-atual',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    expiresAt: '2026-11-28T10:00:00.000Z',
    ipAddress: '200.1.2.3',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  },
  {
    id: 's-2',
    token: 'tok-celular',
    createdAt: '2026-11-19T10:00:00.000Z',
    updatedAt: '2026-11-19T11:00:00.000Z',
    expiresAt: '2026-11-26T10:00:00.000Z',
    ipAddress: '177.4.5.6',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
  },
];

describe('/conta', () => {
  it('says "Não informado" for an empty company and phone', async () => {
    mockApi({
      ...pageData,
      'GET /api/me': { body: perfil({ empresa: null, telefone: null }) },
    });
    renderApp(paths.conta);

    const empresa = await screen.findByText('Empresa');
    expect(empresa.nextElementSibling?.textContent).toBe('Não informado');
    expect(screen.getByText('Telefone').nextElementSibling?.textContent).toBe('Não informado');
  });

  it('lists the sessions, marks this one and ends another', async () => {
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': { body: perfil() },
      'GET /api/auth/list-sessions': { body: sessoes },
      'GET /api/auth/get-session': { body: { session: { token: 'tok-atual' }, user: {} } },
      'POST /api/auth/revoke-session': { body: { status: true } },
    });
    renderApp(paths.conta);

    const lista = await screen.findByText('Chrome no Windows');
    expect(within(lista).getByText('Este dispositivo')).toBeTruthy();
    expect(screen.getByText('Chrome no Android')).toBeTruthy();
    expect(screen.getByText('177.4.5.6')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Encerrar a sessão de Chrome no Android' }));

    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/auth/revoke-session')).toEqual([{ token: 'tok-celular' }]),
    );
    expect(screen.getByRole('link', { name: 'Minha conta' })).toBeTruthy();
  });

  it('turns two-factor on: password, secret and backup codes, then a first code', async () => {
    let enabled = false;
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': () => ({ body: perfil({ dois_fatores: enabled }) }),
      'GET /api/auth/list-sessions': { body: [] },
      'POST /api/auth/two-factor/enable': {
        body: {
          totpURI: 'otpauth://totp/Laudos:maria@metalurgica.com.br?secret=JBSWY3DPEHPK3PXP&issuer=Laudos',
          backupCodes: ['aaaa-1111', 'bbbb-2222'],
        },
      },
      'POST /api/auth/two-factor/verify-totp': () => {
        enabled = true;
        return { body: { token: 't' } };
      },
    });
    renderApp(paths.conta);

    fireEvent.click(await screen.findByRole('button', { name: 'Ativar verificação em duas etapas' }));
    fireEvent.change(screen.getByLabelText('Confirme sua senha'), { target: { value: 'minha-senha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByText(/^otpauth:\/\/totp\//)).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Códigos de backup' })).getAllByRole('listitem'),
    ).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Código de 6 dígitos'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar e ativar' }));

    expect(await screen.findByText('Verificação em duas etapas ativada')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/auth/two-factor/enable')).toEqual([{ password: 'minha-senha' }]);
    expect(callsTo(fetchMock, 'POST /api/auth/two-factor/verify-totp')).toEqual([{ code: '123456' }]);
    expect(await screen.findByText('Ativada')).toBeTruthy();
  });

  it('signs out from the header', async () => {
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': { body: perfil() },
      'GET /api/auth/list-sessions': { body: [] },
      'POST /api/auth/sign-out': { body: { success: true } },
    });
    const { router } = renderApp(paths.conta);

    fireEvent.click(await screen.findByRole('button', { name: 'Sair' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(callsTo(fetchMock, 'POST /api/auth/sign-out')).toEqual([{}]);
    // Signing out on purpose is not "session expired", and the login does not send back to /conta.
    expect(screen.queryByText('Sessão expirada. Faça login novamente')).toBeNull();
    expect(router.state.location.state).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});
