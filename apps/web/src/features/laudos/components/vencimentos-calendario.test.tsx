import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiRequest, mockApi } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import { laudoApi, tipos } from '../test/laudo-factory';

// /vencimentos is a lazy route: load its modules once up front, so that the first test's waits
// measure the page, not the transform of the modules behind it on a busy machine.
beforeAll(async () => {
  await import('./vencimentos-lista');
}, 30_000);

// Today in the firm's zone (America/Sao_Paulo): 3 December 2026.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-03T15:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const noDia = (id: string, nome: string, data: string, status: string) =>
  laudoApi({
    id,
    nome,
    data_vencimento: data,
    dataVencimento: data,
    vencimento: { status, diasRestantes: 0, diasVencido: 0 },
  });

/** GET /api/laudos for the calendar: the period's laudos over two pages of 100. */
function periodo({ url }: ApiRequest) {
  const de = url.searchParams.get('vencimentoDe');
  const pagina = Number(url.searchParams.get('pagina'));
  const laudos =
    de === '2026-11-29'
      ? pagina === 1
        ? [
            noDia('l-1', 'Compressor 02', '2026-12-01', 'vencido'),
            noDia('l-2', 'Caldeira 01', '2026-12-15', 'vencendo'),
          ]
        : [noDia('l-3', 'Prensa 03', '2027-01-08', 'ativo')]
      : [];
  return { body: { laudos, total: de === '2026-11-29' ? 101 : 0, pagina, porPagina: 100 } };
}

function api(laudos: (request: ApiRequest) => { body: unknown }) {
  return mockApi({
    'GET /api/me': { body: perfil() },
    'GET /api/tipos-laudo': tipos,
    'GET /api/laudos': laudos,
  });
}

const grade = () => screen.findByRole('grid');
const dia = (nome: RegExp) => within(screen.getByRole('grid')).getByRole('button', { name: nome });

describe('/vencimentos?visao=calendario', () => {
  it('shows each laudo on its due day with its status, from every page of the period', async () => {
    const fetchMock = api(periodo);
    renderApp('/vencimentos?visao=calendario&mes=2026-12');

    expect((await grade()).getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'dezembro de 2026' })).toBeTruthy();
    // The grid's weeks start on Sunday.
    expect(screen.getAllByRole('columnheader')[0]?.textContent).toContain('domingo');

    expect(
      await screen.findByRole('button', { name: /15 de dezembro de 2026, 1 laudo, vencendo/ }),
    ).toBeTruthy();
    expect(dia(/1 de dezembro de 2026, 1 laudo, vencido/)).toBeTruthy();
    // A trailing day of the grid, from the second page.
    expect(await screen.findByRole('button', { name: /8 de janeiro de 2027, 1 laudo, ativo/ })).toBeTruthy();
    expect(dia(/3 de dezembro de 2026, hoje, nenhum laudo/).getAttribute('aria-current')).toBe('date');

    // The whole grid's range, on both pages.
    const pedidos = fetchMock.mock.calls.map(
      ([input]) => new URL(String(input), 'http://localhost').searchParams,
    );
    const doPeriodo = pedidos.filter((p) => p.get('vencimentoDe') === '2026-11-29');
    expect(doPeriodo.map((p) => [p.get('vencimentoAte'), p.get('pagina'), p.get('porPagina')])).toEqual([
      ['2027-01-09', '1', '100'],
      ['2027-01-09', '2', '100'],
    ]);

    // A mouse click opens the day's laudos below the grid, with their status in words.
    fireEvent.click(dia(/15 de dezembro de 2026/), { detail: 1 });
    const secao = await screen.findByRole('region', { name: 'terça-feira, 15 de dezembro de 2026' });
    expect(within(secao).getByRole('link', { name: 'Caldeira 01' })).toBeTruthy();
    expect(within(secao).getByText('Vencendo')).toBeTruthy();
  });

  it('moves by day, week and month with the keyboard and by month with the buttons', async () => {
    api(periodo);
    const { router } = renderApp('/vencimentos?visao=calendario&mes=2026-12&dia=2026-12-15');
    await grade();
    const focado = () => document.activeElement?.getAttribute('data-dia');
    const tecla = (key: string) => fireEvent.keyDown(document.activeElement as Element, { key });

    // One day in the tab order: the opened one.
    const noTab = within(screen.getByRole('grid'))
      .getAllByRole('button')
      .filter((b) => b.tabIndex === 0);
    expect(noTab.map((b) => b.getAttribute('data-dia'))).toEqual(['2026-12-15']);
    noTab[0]?.focus();

    tecla('ArrowRight');
    await waitFor(() => expect(focado()).toBe('2026-12-16'));
    tecla('ArrowDown');
    await waitFor(() => expect(focado()).toBe('2026-12-23'));
    tecla('Home');
    await waitFor(() => expect(focado()).toBe('2026-12-20'));
    tecla('End');
    await waitFor(() => expect(focado()).toBe('2026-12-26'));
    tecla('PageDown');
    await waitFor(() => expect(focado()).toBe('2027-01-26'));
    expect(screen.getByRole('heading', { level: 2, name: 'janeiro de 2027' })).toBeTruthy();
    expect(router.state.location.search).toContain('mes=2027-01');
    tecla('PageUp');
    await waitFor(() => expect(focado()).toBe('2026-12-26'));
    tecla('ArrowLeft');
    await waitFor(() => expect(focado()).toBe('2026-12-25'));
    // Across a month's end and back.
    tecla('ArrowDown');
    tecla('ArrowDown');
    await waitFor(() => expect(focado()).toBe('2027-01-08'));
    tecla('PageUp');
    await waitFor(() => expect(focado()).toBe('2026-12-08'));

    // Enter (a click with detail 0) opens the day and takes the focus to its list.
    fireEvent.click(document.activeElement as Element, { detail: 0 });
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('terça-feira, 8 de dezembro de 2026'),
    );
    expect(router.state.location.search).toContain('dia=2026-12-08');

    fireEvent.click(screen.getByRole('button', { name: /Próximo mês/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'janeiro de 2027' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Mês anterior/ }));
    fireEvent.click(screen.getByRole('button', { name: /Mês anterior/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'novembro de 2026' })).toBeTruthy();
    expect(router.state.location.search).toContain('mes=2026-11');
  });

  it('keeps the chosen view and month in the URL, so a reload shows them again', async () => {
    api((request) =>
      request.url.searchParams.has('status')
        ? { body: { laudos: [], total: 0, pagina: 1, porPagina: 20 } }
        : periodo(request),
    );
    const primeira = renderApp('/vencimentos');
    expect(await screen.findByRole('region', { name: /^Vencidos/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Calendário' }));
    await grade();
    fireEvent.click(screen.getByRole('button', { name: /Próximo mês/ }));
    await screen.findByRole('heading', { level: 2, name: 'janeiro de 2027' });
    const { pathname, search } = primeira.router.state.location;
    primeira.unmount();

    const recarregada = renderApp(`${pathname}${search}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'janeiro de 2027' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Calendário' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Lista' }));
    expect(await screen.findByRole('region', { name: /^Vencidos/ })).toBeTruthy();
    expect(recarregada.router.state.location.search).toBe('');
  });
});
