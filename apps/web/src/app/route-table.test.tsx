import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, servicoPaths } from './paths';
import { AppProviders } from './providers';
import { routes } from './route-table';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const headings: [string, string][] = [
  [paths.home, 'Laudos técnicos e inspeções NR-13, NR-12 e de elevadores'],
  [paths.blog, 'Blog'],
  [paths.blogs, 'Blog'],
  ['/blog/primeiro-post', 'Artigo do blog'],
  ['/blogs/primeiro-post', 'Artigo do blog'],
  [paths.blogAdmin, 'Administração do blog'],
  [paths.blogAdminPanel, 'Administração do blog'],
  [paths.planos, 'Planos'],
  [paths.terms, 'Termos de uso e privacidade'],
  [paths.privacy, 'Termos de uso e privacidade'],
  [servicoPaths.nr13, 'Inspeção NR-13'],
  [servicoPaths.nr12, 'Adequação NR-12'],
  [servicoPaths.elevadores, 'Inspeção de elevadores'],
  [servicoPaths.preditiva, 'Manutenção preditiva'],
  [servicoPaths.laudos, 'Laudos técnicos'],
  [servicoPaths.consultoria, 'Consultoria especializada'],
  [servicoPaths.consultoriaElevadores, 'Consultoria em elevadores'],
  [paths.login, 'Entrar'],
  [paths.register, 'Criar conta'],
  [paths.forgotPassword, 'Recuperar senha'],
  ['/reset-password?token=abc', 'Redefinir senha'],
  [paths.changePassword, 'Alterar senha'],
  [paths.dashboard, 'Painel'],
  [paths.novoLaudo, 'Novo laudo'],
  [paths.vencimentos, 'Vencimentos'],
  [paths.documentos, 'Documentos'],
  [paths.notificacoes, 'Notificações'],
  [paths.admin, 'Administração'],
  [paths.adminBlog, 'Gerenciar blog'],
  [paths.adminEmailNotifications, 'Notificações por e-mail'],
  [paths.adminEmailTemplates, 'Modelos de e-mail'],
  ['/servicos/desconhecido', 'Página não encontrada'],
  ['/qualquer/outra/coisa', 'Página não encontrada'],
];

describe('route table', () => {
  it.each(headings)('%s shows "%s"', async (path, heading) => {
    renderAt(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('marks the pages that are not built yet', async () => {
    renderAt(paths.dashboard);

    expect(await screen.findByText('Esta página ainda está em construção.')).toBeTruthy();
  });
});
