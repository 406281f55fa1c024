import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveCachedProfile } from '../features/auth/profile-cache';
import { apiFetch } from '../lib/api';
import { paths } from '../lib/paths';
import { type ApiHandler, mockApi, notUnderTest, signedOut } from '../test/api-mock';
import { admin, perfil } from '../test/factories';
import { renderApp } from '../test/render';
import { GuestOnly, RequireUser, WithAuth } from './guards';
import { AppProviders } from './providers';

/** What the pages here load besides what the tests are about. */
const pageData = notUnderTest(
  'GET /api/admin/usuarios',
  'GET /api/admin/planos',
  'GET /api/laudos',
  'GET /api/laudos/estatisticas',
  'GET /api/settings/public',
);

describe('guards on the real route table', () => {
  it('shows "Verificando autenticação..." while the session is checked', async () => {
    mockApi({ ...pageData, 'GET /api/me': () => new Promise(() => {}) });
    renderApp(paths.dashboard);

    expect(await screen.findByText('Verificando autenticação...')).toBeTruthy();
  });

  it('sends a visitor without a session from a protected route to /login', async () => {
    mockApi({ ...pageData, 'GET /api/me': signedOut });
    const { router } = renderApp(paths.dashboard);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeTruthy();
  });

  it('sends a client away from /admin to /dashboard', async () => {
    mockApi({ ...pageData, 'GET /api/me': { body: perfil() } });
    const { router } = renderApp(paths.admin);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(await screen.findByRole('heading', { level: 1, name: 'Painel' })).toBeTruthy();
  });

  it('lets an admin into /admin', async () => {
    mockApi({ ...pageData, 'GET /api/me': { body: admin() } });
    const { router } = renderApp(paths.admin);

    expect(await screen.findByRole('heading', { level: 1, name: 'Administração' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.admin);
  });

  it('sends a user on first access from /dashboard to /change-password', async () => {
    mockApi({ ...pageData, 'GET /api/me': { body: perfil({ primeiro_acesso: true }) } });
    const { router } = renderApp(paths.dashboard);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.changePassword));
    expect(
      await screen.findByText('Por segurança, troque a senha temporária antes de continuar.'),
    ).toBeTruthy();
  });

  it('keeps a user on first access on /change-password', async () => {
    mockApi({ ...pageData, 'GET /api/me': { body: perfil({ primeiro_acesso: true }) } });
    const { router } = renderApp(paths.changePassword);

    expect(await screen.findByLabelText('Nova senha')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.changePassword);
  });

  it('sends a user on first access away from the guest pages to /change-password', async () => {
    mockApi({ ...pageData, 'GET /api/me': { body: perfil({ primeiro_acesso: true }) } });
    const { router } = renderApp(paths.login);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.changePassword));
  });

  it('sends a signed-in user from /login to /dashboard', async () => {
    mockApi({ ...pageData, 'GET /api/me': { body: perfil() } });
    const { router } = renderApp(paths.login);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
  });
});

/** The real guards around tiny pages, so fake timers need not wait for lazy routes. */
function renderGuarded(path: string, page?: RouteObject['element']) {
  const routes: RouteObject[] = [
    {
      Component: WithAuth,
      children: [
        { Component: RequireUser, children: [{ path: paths.dashboard, element: page ?? <h1>Painel</h1> }] },
        { Component: GuestOnly, children: [{ path: paths.login, element: <h1>Entrar</h1> }] },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** Advances the fake clock, then lets the follow-up work it started (query notifications, renders) run. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 5; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('session check timeout (15 s)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const neverAnswers: ApiHandler = () => new Promise(() => {});

  it('goes on with a cached profile younger than 15 minutes', async () => {
    vi.useFakeTimers();
    saveCachedProfile(perfil({ nome: 'Maria em cache' }), Date.now() - 14 * 60_000);
    mockApi({ ...pageData, 'GET /api/me': neverAnswers });
    const router = renderGuarded(paths.dashboard);

    await advance(14_999);
    expect(screen.getByText('Verificando autenticação...')).toBeTruthy();

    await advance(1);
    expect(screen.getByRole('heading', { name: 'Painel' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.dashboard);
  });

  it('signs out when there is no cached profile', async () => {
    vi.useFakeTimers();
    mockApi({ ...pageData, 'GET /api/me': neverAnswers });
    const router = renderGuarded(paths.dashboard);

    await advance(15_000);
    expect(router.state.location.pathname).toBe(paths.login);
    expect(screen.getByRole('heading', { name: 'Entrar' })).toBeTruthy();
  });

  it('signs out when the cached profile is older than 15 minutes', async () => {
    vi.useFakeTimers();
    saveCachedProfile(perfil(), Date.now() - 15 * 60_000 - 1);
    mockApi({ ...pageData, 'GET /api/me': neverAnswers });
    const router = renderGuarded(paths.dashboard);

    await advance(15_000);
    expect(router.state.location.pathname).toBe(paths.login);
  });
});

function LaudosProbe() {
  const laudos = useQuery({ queryKey: ['laudos'], queryFn: () => apiFetch('/laudos') });
  return <h1>{laudos.isError ? 'Falhou' : 'Painel'}</h1>;
}

describe('when the server says the session is gone', () => {
  it('re-checks /api/me, signs out here and goes to /login with a toast', async () => {
    let meCalls = 0;
    mockApi({
      ...pageData,
      'GET /api/me': () => {
        meCalls += 1;
        return meCalls === 1 ? { body: perfil() } : signedOut;
      },
      'GET /api/laudos': signedOut,
    });
    const router = renderGuarded(paths.dashboard, <LaudosProbe />);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(await screen.findByText('Sessão expirada. Faça login novamente')).toBeTruthy();
    // Back to where they were after signing in again.
    expect(router.state.location.state).toMatchObject({ from: { pathname: paths.dashboard } });
  });

  it('does not sign out when /api/me still answers (a 401 that was about something else)', async () => {
    mockApi({ ...pageData, 'GET /api/me': { body: perfil() }, 'GET /api/laudos': signedOut });
    const router = renderGuarded(paths.dashboard, <LaudosProbe />);

    expect(await screen.findByRole('heading', { name: 'Falhou' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe(paths.dashboard);
  });
});
