import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, servicoPaths } from '../lib/paths';
import { mockApi, notUnderTest, signedOut } from '../test/api-mock';
import { admin } from '../test/factories';
import { renderApp } from '../test/render';
import { routes } from './route-table';

/** What the pages here load besides what the tests are about. */
const pageData = notUnderTest(
  'GET /api/settings/public',
  'GET /api/tipos-laudo',
  'GET /api/laudos',
  'GET /api/laudos/estatisticas',
  'GET /api/notificacoes',
  'GET /api/auth/get-session',
  'GET /api/auth/list-sessions',
  'GET /api/calendario',
  'GET /api/me/whatsapp',
  'GET /api/admin/usuarios',
  'GET /api/admin/planos',
  'GET /api/admin/blog/posts',
  'GET /api/admin/notificacoes/regras',
  'GET /api/admin/email/templates',
  'GET /api/convites/abc',
  'GET /api/admin/suporte/chamados',
  'GET /api/equipamentos',
);

type Session = 'public' | 'guest' | 'admin';

const headings: [string, string, Session][] = [
  [paths.blogAdmin, 'Administração do blog', 'admin'],
  [paths.blogAdminPanel, 'Administração do blog', 'admin'],
  [paths.login, 'Entrar', 'guest'],
  [paths.register, 'Criar conta', 'guest'],
  [paths.forgotPassword, 'Recuperar senha', 'guest'],
  ['/reset-password?token=abc', 'Redefinir senha', 'guest'],
  [paths.changePassword, 'Alterar senha', 'admin'],
  [paths.dashboard, 'Painel', 'admin'],
  [paths.novoLaudo, 'Novo laudo', 'admin'],
  [paths.vencimentos, 'Vencimentos', 'admin'],
  [paths.documentos, 'Documentos', 'admin'],
  [paths.notificacoes, 'Notificações', 'admin'],
  [paths.minhaEmpresa, 'Minha empresa', 'admin'],
  [paths.equipamentos, 'Equipamentos', 'admin'],
  [paths.novoEquipamento, 'Cadastrar equipamento', 'admin'],
  [paths.importarEquipamentos, 'Importar planilha de equipamentos', 'admin'],
  ['/convite/abc', 'Convite para a equipe', 'guest'],
  [paths.conta, 'Minha conta', 'admin'],
  [paths.admin, 'Administração', 'admin'],
  [paths.adminBlog, 'Gerenciar blog', 'admin'],
  [paths.adminEmailNotifications, 'Notificações por e-mail', 'admin'],
  [paths.adminEmailTemplates, 'Modelos de e-mail', 'admin'],
  [paths.suporte, 'Suporte', 'admin'],
  [paths.adminSuporte, 'Suporte', 'admin'],
  ['/servicos/desconhecido', 'Página não encontrada', 'public'],
  ['/qualquer/outra/coisa', 'Página não encontrada', 'public'],
];

describe('route table', () => {
  it.each(headings)('%s shows "%s"', async (path, heading, session) => {
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': session === 'admin' ? { body: admin() } : signedOut,
    });
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    // The public site never asks who is signed in.
    if (session === 'public') expect(fetchMock).not.toHaveBeenCalled();
  });

  // The server renders the public site (entry-server.tsx): a link to it from the app loads the page.
  it.each([
    paths.home,
    paths.blog,
    paths.blogs,
    '/blog/primeiro-post',
    '/blogs/primeiro-post',
    paths.planos,
    paths.terms,
    paths.privacy,
    ...Object.values(servicoPaths),
  ])('%s is loaded from the server', async (path) => {
    // The link is followed from a page of the app.
    window.history.replaceState(null, '', paths.dashboard);
    const matches = matchRoutes(routes, path) ?? [];
    const loader = matches.at(-1)?.route.loader;
    if (typeof loader !== 'function') throw new Error(`${path}: sem loader`);
    const response = await loader({
      request: new Request(`http://localhost${path}`),
      params: {},
      context: {},
    } as never);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get('Location')).toBe(path);
    expect((response as Response).headers.get('X-Remix-Reload-Document')).toBe('true');
  });
});
