import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { mockApi } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import { laudoApi, pagina, tipos } from '../test/laudo-factory';

const porStatus: Record<string, unknown[]> = {
  vencido: [
    laudoApi({
      id: 'l-vencido',
      nome: 'Compressor 02',
      data_vencimento: '2026-11-18',
      vencimento: { status: 'vencido', diasRestantes: -3, diasVencido: 3 },
    }),
  ],
  vencendo: [
    laudoApi({
      id: 'l-hoje',
      nome: 'Caldeira 01',
      data_vencimento: '2026-11-21',
      vencimento: { status: 'vencendo', diasRestantes: 0, diasVencido: 0 },
    }),
  ],
  ativo: [
    laudoApi({
      id: 'l-ativo',
      nome: 'Prensa 03',
      data_vencimento: '2027-03-01',
      vencimento: { status: 'ativo', diasRestantes: 100, diasVencido: 0 },
    }),
  ],
};

describe('/vencimentos', () => {
  it('groups the laudos by status and describes the days', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/tipos-laudo': tipos,
      'GET /api/laudos': ({ url }) => {
        const status = url.searchParams.get('status') ?? '';
        const laudos = porStatus[status] ?? [];
        // 25 active laudos: the section pages.
        return status === 'ativo' ? pagina(laudos, 25) : pagina(laudos);
      },
    });
    renderApp(paths.vencimentos);

    const vencidos = await screen.findByRole('region', { name: /^Vencidos/ });
    expect(await within(vencidos).findByText('Compressor 02')).toBeTruthy();
    expect(within(vencidos).getByText('Vencido há 3 dias')).toBeTruthy();
    expect(within(vencidos).getByText('Vencimento: 18/11/2026')).toBeTruthy();

    const vencendo = screen.getByRole('region', { name: /^Vencendo \(até 30 dias\)/ });
    expect(await within(vencendo).findByText('Caldeira 01')).toBeTruthy();
    expect(within(vencendo).getByText('Vence hoje')).toBeTruthy();

    const ativos = screen.getByRole('region', { name: /^Ativos/ });
    expect(await within(ativos).findByText('Prensa 03')).toBeTruthy();
    expect(within(ativos).getByText('Vence em 100 dias')).toBeTruthy();
    expect(within(ativos).getByText('Mostrando 1 de 25 laudos.')).toBeTruthy();

    fireEvent.click(within(ativos).getByRole('button', { name: /Carregar mais/ }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => {
          const url = new URL(String(input), 'http://localhost');
          return url.searchParams.get('status') === 'ativo' && url.searchParams.get('pagina') === '2';
        }),
      ).toBe(true),
    );
  });
});
