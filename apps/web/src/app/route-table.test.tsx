import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedOut } from '../test/api-mock';
import { admin } from '../test/factories';
import { renderApp } from '../test/render';
import { paths, servicoPaths } from './paths';

type Session = 'public' | 'guest' | 'admin';

const headings: [string, string, Session][] = [
  [paths.home, 'Laudos técnicos e inspeções NR-13, NR-12 e de elevadores', 'public'],
  [paths.blog, 'Blog', 'public'],
  [paths.blogs, 'Blog', 'public'],
  ['/blog/primeiro-post', 'Artigo do blog', 'public'],
  ['/blogs/primeiro-post', 'Artigo do blog', 'public'],
  [paths.blogAdmin, 'Administração do blog', 'public'],
  [paths.blogAdminPanel, 'Administração do blog', 'public'],
  [paths.planos, 'Planos', 'public'],
  [paths.terms, 'Termos de uso e privacidade', 'public'],
  [paths.privacy, 'Termos de uso e privacidade', 'public'],
  [servicoPaths.nr13, 'Inspeção NR-13', 'public'],
  [servicoPaths.nr12, 'Adequação NR-12', 'public'],
  [servicoPaths.elevadores, 'Inspeção de elevadores', 'public'],
  [servicoPaths.preditiva, 'Manutenção preditiva', 'public'],
  [servicoPaths.laudos, 'Laudos técnicos', 'public'],
  [servicoPaths.consultoria, 'Consultoria especializada', 'public'],
  [servicoPaths.consultoriaElevadores, 'Consultoria em elevadores', 'public'],
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
  [paths.conta, 'Minha conta', 'admin'],
  [paths.admin, 'Administração', 'admin'],
  [paths.adminBlog, 'Gerenciar blog', 'admin'],
  [paths.adminEmailNotifications, 'Notificações por e-mail', 'admin'],
  [paths.adminEmailTemplates, 'Modelos de e-mail', 'admin'],
  ['/servicos/desconhecido', 'Página não encontrada', 'public'],
  ['/qualquer/outra/coisa', 'Página não encontrada', 'public'],
];

describe('route table', () => {
  it.each(headings)('%s shows "%s"', async (path, heading, session) => {
    const fetchMock = mockApi({ 'GET /api/me': session === 'admin' ? { body: admin() } : signedOut });
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    // The public site never asks who is signed in.
    if (session === 'public') expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks the pages that are not built yet', async () => {
    mockApi({ 'GET /api/me': { body: admin() } });
    renderApp(paths.adminBlog);

    expect(await screen.findByText('Esta página ainda está em construção.')).toBeTruthy();
  });
});
