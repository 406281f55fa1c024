import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { callsTo, mockApi } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import type { Aviso } from '../api/avisos';

const plano = {
  id: 'p-1',
  nome: 'Essencial',
  preco: 99.9,
  maxLaudos: 50,
  maxUsuarios: 3,
  notificacoes: true,
  whatsappAlerts: false,
  emailSupport: false,
  prioritySupport: false,
  customReports: false,
  apiAccess: false,
  dataExport: false,
  customBranding: false,
};

const aviso = (id: string, titulo: string, link: string, lido = false): Aviso => ({
  id,
  tipo: 'laudo_novo',
  titulo,
  texto: `Texto de ${titulo}`,
  link,
  lido,
  criadoEm: '2026-11-26T12:00:00.000Z',
});

describe('the header’s bell (decision 032)', () => {
  it('shows the unread count in its name; its panel opens a notice (marked read) and marks all read', async () => {
    let avisos = [
      aviso('a-1', 'O suporte respondeu', paths.avisos),
      aviso('a-2', 'Novo laudo', '/laudos/l-2'),
      aviso('a-3', 'Lembrete de vencimento enviado', '/laudos/l-3', true),
    ];
    const naoLidos = () => avisos.filter((a) => !a.lido).length;
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil({ plano }) },
      'GET /api/avisos/nao-lidos': () => ({ body: { naoLidos: naoLidos() } }),
      'GET /api/avisos': () => ({ body: { avisos, proximo: null } }),
      'POST /api/avisos/a-1/lido': () => {
        avisos = avisos.map((a) => (a.id === 'a-1' ? { ...a, lido: true } : a));
        return { body: { naoLidos: naoLidos() } };
      },
      'POST /api/avisos/lidos': () => {
        avisos = avisos.map((a) => ({ ...a, lido: true }));
        return { body: { naoLidos: 0 } };
      },
    });
    const { router } = renderApp(paths.suporte);

    // The first render also loads the route's lazy modules (slow on a busy CI machine).
    const sino = await screen.findByRole('button', { name: 'Avisos, 2 não lidos' }, { timeout: 15_000 });
    expect(sino.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(sino);
    const painel = await screen.findByRole('region', { name: 'Avisos' });
    const itens = await within(painel).findAllByRole('listitem');
    expect(itens.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Não lido: O suporte respondeu'),
      expect.stringContaining('Não lido: Novo laudo'),
      expect.not.stringContaining('Não lido'),
    ]);
    expect(callsTo(fetchMock, 'GET /api/avisos').length).toBe(1);
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/avisos?limite=10')),
      'the panel asks for the latest 10',
    ).toBe(true);

    // Opening a notice: marked read, its link opened, the panel closed, the count down.
    fireEvent.click(within(painel).getByRole('button', { name: /O suporte respondeu/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.avisos));
    expect(screen.queryByRole('region', { name: 'Avisos' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Avisos, 1 não lido' })).toBeTruthy();

    // Escape closes the panel and gives the focus back to the bell.
    fireEvent.click(screen.getByRole('button', { name: 'Avisos, 1 não lido' }));
    await screen.findByRole('region', { name: 'Avisos' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Avisos' })).toBeNull();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Avisos, 1 não lido');

    // "Marcar todos como lidos".
    fireEvent.click(screen.getByRole('button', { name: 'Avisos, 1 não lido' }));
    const denovo = await screen.findByRole('region', { name: 'Avisos' });
    fireEvent.click(within(denovo).getByRole('button', { name: 'Marcar todos como lidos' }));
    expect(await screen.findByRole('button', { name: 'Avisos, nenhum não lido' })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/avisos/lidos').length).toBe(1);
  });
});
