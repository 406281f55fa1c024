import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeBlogApi, postFactory } from '../../../features/blog/test/fake-blog';
import { paths } from '../../../lib/paths';
import { callsTo, mockApi, notUnderTest, signedOut } from '../../../test/api-mock';

import { admin, perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

/** What the pages here load besides what the tests are about. */
const pageData = notUnderTest('GET /api/settings/public');

function blogCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/admin/blog'));
}

describe('/blog-admin (outside the route guards)', () => {
  it('asks a visitor to sign in and shows no editor', async () => {
    const fetchMock = mockApi({ ...pageData, 'GET /api/me': signedOut });
    const { router } = renderApp(paths.blogAdmin);

    expect(await screen.findByRole('heading', { level: 1, name: 'Administração do blog' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Entre para gerenciar o blog' })).toBeTruthy();
    const entrar = screen.getByRole('link', { name: 'Entrar' });
    expect(entrar.getAttribute('href')).toBe(paths.login);
    expect(screen.queryByRole('button', { name: 'Novo post' })).toBeNull();
    expect(screen.queryByLabelText('Título')).toBeNull();
    expect(blogCalls(fetchMock)).toHaveLength(0);

    // Signing in brings the admin back here.
    fireEvent.click(entrar);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(router.state.location.state).toMatchObject({ from: { pathname: paths.blogAdmin } });
  });

  it('tells a client the page is for admins only', async () => {
    const fetchMock = mockApi({ ...pageData, 'GET /api/me': { body: perfil() } });
    renderApp(paths.blogAdminPanel);

    expect(await screen.findByRole('heading', { name: 'Acesso somente para administradores' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar com outra conta' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Novo post' })).toBeNull();
    expect(blogCalls(fetchMock)).toHaveLength(0);
  });

  it('gives an admin the same editor as /admin/blog', async () => {
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': { body: admin() },
      ...fakeBlogApi([postFactory()]).handlers,
    });
    renderApp(paths.blogAdmin);

    expect(await screen.findByRole('row', { name: /Inspeção NR-13/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Novo post' }));
    expect(await screen.findByLabelText('Título')).toBeTruthy();
    expect((screen.getByLabelText('Autor') as HTMLInputElement).value).toBe('Ana Admin');
    expect(callsTo(fetchMock, 'GET /api/admin/blog/posts')).toHaveLength(1);
  });
});
