import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { laudoApi, pagina, settingsPublic, tipos } from '../../../features/laudos/test/laudo-factory';
import { paths } from '../../../lib/paths';
import { mockApi } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

// The page is a lazy route: load its modules once up front, so the first test's waits measure the
// page, not the transform of every module behind it on a busy machine.
beforeAll(async () => {
  await import('./documentos');
}, 30_000);

const comPlanilha = laudoApi({
  id: 'l-1',
  arquivo_excel: 'medicoes.xlsx',
  arquivo_excel_url: '/api/laudos/l-1/arquivos/excel',
});

const tabela = {
  body: {
    sheetName: 'Medições',
    columns: 2,
    rows: [
      ['Ponto', 'Espessura'],
      ['A1', '12,5'],
    ],
    truncated: false,
  },
};

describe('/documentos', () => {
  it('opens the Excel viewer from the list, as on the laudo page', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/tipos-laudo': tipos,
      'GET /api/laudos': pagina([comPlanilha]),
      'GET /api/laudos/l-1/arquivos/excel/tabela': tabela,
    });
    renderApp(paths.documentos);

    // The first render loads the session, the settings and the list one after another: on a busy
    // machine that takes longer than findBy's default second.
    const ver = await screen.findByRole('button', { name: 'Ver planilha de Caldeira 01' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Baixar a planilha de Caldeira 01' })).toBeTruthy();
    fireEvent.click(ver);
    const dialog = screen.getByRole('dialog', { name: 'Planilha: medicoes.xlsx' });
    expect(await within(dialog).findByRole('cell', { name: '12,5' })).toBeTruthy();
    expect(within(dialog).getByText('Aba: Medições')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers only the download when the admin turned the viewer off', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': {
        body: { ...settingsPublic.body, features: { ...settingsPublic.body.features, excelViewer: false } },
      },
      'GET /api/tipos-laudo': tipos,
      'GET /api/laudos': pagina([comPlanilha]),
    });
    renderApp(paths.documentos);

    expect(
      await screen.findByRole('link', { name: 'Baixar a planilha de Caldeira 01' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ver planilha/ })).toBeNull();
  });

  it('asks the server for the order in the address, and changes it from "Ordenar por"', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/tipos-laudo': tipos,
      'GET /api/laudos': pagina([comPlanilha]),
    });
    const { router } = renderApp(`${paths.documentos}?ordem=vencimento&direcao=desc`);
    const pedidos = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/laudos')
        .map((url) => `${url.searchParams.get('ordem')} ${url.searchParams.get('direcao')}`);

    expect(await screen.findByText('Caldeira 01', {}, { timeout: 5000 })).toBeTruthy();
    expect(pedidos()).toEqual(['vencimento desc']);

    fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: 'nome:asc' } });
    await waitFor(() => expect(pedidos()).toContain('nome asc'));
    // Name, A to Z, is this list's default: the address says nothing.
    expect(router.state.location.search).toBe('');
  });
});
