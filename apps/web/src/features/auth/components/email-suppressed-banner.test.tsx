import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { mockApi, notUnderTest } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

const pageData = {
  ...notUnderTest('GET /api/laudos'),
  'GET /api/laudos/estatisticas': { body: { total: 0, ativos: 0, vencendo: 0, vencidos: 0, porTipo: [] } },
};

describe('suppressed e-mail banner', () => {
  it('tells the person whose address is suppressed, with the address and a way to reach the firm', async () => {
    mockApi({ ...pageData, 'GET /api/me': { body: perfil({ email_suprimido: true }) } });
    renderApp(paths.dashboard);

    // The first render of a file loads the dashboard's lazy route: a longer wait than the default.
    const banner = await screen.findByRole(
      'region',
      { name: 'Seus e-mails não estão chegando' },
      { timeout: 15_000 },
    );
    expect(banner.textContent).toContain('Não conseguimos entregar e-mails para maria@metalurgica.com.br');
    expect(banner.textContent).toContain('Verifique o endereço ou fale conosco.');
    expect(screen.getByRole('link', { name: 'fale conosco' }).getAttribute('href')).toBe(paths.suporte);
  });

  it('is not shown while e-mails are delivered', async () => {
    mockApi({ ...pageData, 'GET /api/me': { body: perfil() } });
    renderApp(paths.dashboard);
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Seus e-mails não estão chegando' })).toBeNull();
  });
});
