import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { mockApi } from '../../../test/api-mock';
import { admin, perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import { laudoApi, pagina } from '../test/laudo-factory';

const estatisticas = {
  body: { total: 12, ativos: 7, vencendo: 3, vencidos: 2, porTipo: [{ tipo: 'NR-13', total: 12 }] },
};

describe('/dashboard', () => {
  it('shows the counts from /estatisticas, the chart and the next expiries', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/laudos/estatisticas': estatisticas,
      'GET /api/laudos': ({ url }) =>
        url.searchParams.get('status') === 'vencendo'
          ? pagina([
              laudoApi({
                id: 'l-2',
                nome: 'Elevador social',
                data_vencimento: '2026-11-25',
                vencimento: { status: 'vencendo', diasRestantes: 4, diasVencido: 0 },
              }),
            ])
          : pagina([laudoApi()]),
    });
    renderApp(paths.dashboard);

    expect(await screen.findByRole('heading', { level: 1, name: 'Painel' })).toBeTruthy();
    const total = await screen.findByText('Total de laudos');
    expect(total.nextElementSibling?.textContent).toBe('12');
    expect(screen.getByText('Ativos', { selector: 'dt' }).nextElementSibling?.textContent).toBe('7');
    expect(screen.getByText('Vencendo', { selector: 'dt' }).nextElementSibling?.textContent).toBe('3');
    expect(screen.getByText('Vencidos', { selector: 'dt' }).nextElementSibling?.textContent).toBe('2');

    const grafico = screen.getByRole('figure', { name: 'Laudos por situação' });
    expect(within(grafico).getByText('Vencendo (até 30 dias)')).toBeTruthy();
    expect(grafico.textContent).toContain('3 (25%)');

    const proximos = screen.getByRole('region', { name: 'Próximos vencimentos' });
    const link = await within(proximos).findByRole('link', { name: 'Elevador social' });
    expect(link.getAttribute('href')).toBe('/laudos/l-2');
    expect(within(proximos).getByText('Vence em 4 dias')).toBeTruthy();
    expect(within(proximos).getByText('Vencimento: 25/11/2026')).toBeTruthy();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Novo laudo' }).getAttribute('href'),
    ).toBe('/novo-laudo');
  });

  it('tells an admin the numbers cover every client', async () => {
    mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/laudos/estatisticas': estatisticas,
      'GET /api/laudos': pagina([laudoApi()]),
    });
    renderApp(paths.dashboard);
    expect(await screen.findByText(/Todos os clientes/)).toBeTruthy();
    expect((await screen.findAllByText('Cliente: Metalúrgica Souza')).length).toBeGreaterThan(0);
  });

  it('shows skeletons shaped like the cards and lists while loading, then the data in their place', async () => {
    let responder: (value: typeof estatisticas) => void = () => {};
    const resposta = new Promise<typeof estatisticas>((resolve) => {
      responder = resolve;
    });
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/laudos/estatisticas': () => resposta,
      'GET /api/laudos': pagina([laudoApi()]),
    });
    renderApp(paths.dashboard);

    const resumo = await screen.findByRole('status', { name: 'Carregando resumo...' });
    expect(resumo.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Total de laudos')).toBeNull();

    responder(estatisticas);
    expect(await screen.findByText('Total de laudos')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Carregando resumo...' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Carregando laudos...' })).toBeNull());
  });
});
