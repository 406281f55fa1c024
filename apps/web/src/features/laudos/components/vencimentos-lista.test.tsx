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
    // The private calendar feed is one click away (issue 20).
    expect(screen.getByRole('link', { name: 'Adicionar ao calendário' }).getAttribute('href')).toBe(
      '/conta#adicionar-ao-calendario',
    );
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

  describe('order', () => {
    const ativos = [
      laudoApi({ id: 'l-prensa', nome: 'Prensa 03', codigo: 'NR12-003' }),
      laudoApi({ id: 'l-bomba', nome: 'Bomba 04', codigo: 'NR13-004' }),
    ];
    /** A server that sorts the active laudos as asked, so the user sees the order change. */
    function mockOrdenado() {
      return mockApi({
        'GET /api/me': { body: perfil() },
        'GET /api/tipos-laudo': tipos,
        'GET /api/laudos': ({ url }) => {
          if (url.searchParams.get('status') !== 'ativo') return pagina([]);
          const campo = url.searchParams.get('ordem') === 'codigo' ? 'codigo' : 'nome';
          const sinal = url.searchParams.get('direcao') === 'desc' ? -1 : 1;
          const ordenados = [...ativos].sort(
            (a, b) => sinal * String(a[campo]).localeCompare(String(b[campo])),
          );
          return pagina(ordenados);
        },
      });
    }
    const nomesEmAtivos = () =>
      within(screen.getByRole('region', { name: /^Ativos/ }))
        .getAllByRole('link')
        .map((link) => link.textContent);

    it('sorts by name, Z to A, and keeps the choice in the address', async () => {
      const fetchMock = mockOrdenado();
      const { router } = renderApp(paths.vencimentos);
      expect(
        await within(await screen.findByRole('region', { name: /^Ativos/ })).findByText('Prensa 03'),
      ).toBeTruthy();

      fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: 'nome:desc' } });

      await waitFor(() => expect(nomesEmAtivos()).toEqual(['Prensa 03', 'Bomba 04']));
      expect(router.state.location.search).toBe('?ordem=nome&direcao=desc');
      const urls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
      expect(
        urls.some(
          (url) => url.searchParams.get('ordem') === 'nome' && url.searchParams.get('direcao') === 'desc',
        ),
      ).toBe(true);

      fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: 'nome:asc' } });
      await waitFor(() => expect(nomesEmAtivos()).toEqual(['Bomba 04', 'Prensa 03']));
    });

    it('opens in the order the address names (a reload, a link, Back from a laudo)', async () => {
      const fetchMock = mockOrdenado();
      renderApp(`${paths.vencimentos}?ordem=codigo&direcao=desc`);

      await waitFor(() => expect(nomesEmAtivos()).toEqual(['Bomba 04', 'Prensa 03']));
      const ordem = screen.getByLabelText('Ordenar por') as HTMLSelectElement;
      expect(ordem.selectedOptions[0]?.textContent).toBe('Código (decrescente)');
      const ativas = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.searchParams.get('status') === 'ativo');
      expect(ativas.every((url) => url.searchParams.get('ordem') === 'codigo')).toBe(true);
    });
  });
  it('offers "Importar planilha" to a gestor whose plan includes it, not to a member nor without the plan', async () => {
    const plano = {
      id: 'p-pro',
      nome: 'Profissional',
      preco: 99,
      maxLaudos: 500,
      maxUsuarios: 10,
      notificacoes: true,
      whatsappAlerts: false,
      emailSupport: true,
      prioritySupport: false,
      customReports: false,
      apiAccess: false,
      dataExport: true,
      customBranding: false,
    };
    const rotas = {
      'GET /api/tipos-laudo': tipos,
      'GET /api/laudos': { body: pagina([]) },
    };
    for (const [usuario, ve] of [
      [perfil({ plano }), true],
      [perfil({ plano, papel: 'membro' }), false],
      [perfil({ plano: { ...plano, dataExport: false } }), false],
    ] as const) {
      mockApi({ ...rotas, 'GET /api/me': { body: usuario } });
      const { unmount } = renderApp(paths.vencimentos);
      await screen.findByRole('link', { name: 'Adicionar ao calendário' });
      const link = screen.queryByRole('link', { name: 'Importar planilha' });
      expect(link?.getAttribute('href') ?? null).toBe(ve ? '/laudos/importar' : null);
      unmount();
    }
  });
});
