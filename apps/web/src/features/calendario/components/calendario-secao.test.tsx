import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { mockApi, notUnderTest } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

const URL_1 = 'https://laudos.example/api/calendario/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde.ics';
const URL_2 = 'https://laudos.example/api/calendario/ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-edcba.ics';

/** /conta with a fake /api/calendario that keeps its state (no feed at first). */
function abrir() {
  let estado: { ativo: boolean; criadoEm: string | null } = { ativo: false, criadoEm: null };
  const urls = [URL_1, URL_2];
  const fetchMock = mockApi({
    ...notUnderTest(
      'GET /api/auth/get-session',
      'GET /api/auth/list-sessions',
      'GET /api/settings/public',
      'GET /api/me/whatsapp',
    ),
    'GET /api/me': { body: perfil() },
    'GET /api/calendario': () => ({ body: estado }),
    'POST /api/calendario': () => {
      estado = { ativo: true, criadoEm: '2026-11-26T12:00:00.000Z' };
      return { status: 201, body: { url: urls.shift(), criadoEm: estado.criadoEm } };
    },
    'DELETE /api/calendario': () => {
      estado = { ativo: false, criadoEm: null };
      return { status: 204 };
    },
  });
  renderApp(paths.conta);
  return fetchMock;
}

const chamadas = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).endsWith('/api/calendario') && (init?.method ?? 'GET') === method,
  ).length;

describe('"Adicionar ao calendário" on /conta', () => {
  it('creates the private link (shown once, to copy), replaces it after confirming, and revokes it', async () => {
    const fetchMock = abrir();
    // The page's chunk loads lazily: the first test of the file waits for it on a busy machine.
    const secao = await screen.findByRole('region', { name: 'Adicionar ao calendário' }, { timeout: 5000 });
    expect(await within(secao).findByText('Você ainda não tem um link de calendário.')).toBeTruthy();
    // The steps for Google Calendar and Outlook are there before any link exists.
    expect(secao.textContent).toContain('Outras agendas');
    expect(secao.textContent).toContain('Do URL');
    expect(secao.textContent).toContain('Assinar da Web');

    fireEvent.click(within(secao).getByRole('button', { name: 'Criar link do calendário' }));
    const campo = (await within(secao).findByLabelText('Link do calendário')) as HTMLInputElement;
    expect(campo.value).toBe(URL_1);
    expect(secao.textContent).toContain('ele só aparece desta vez');
    expect(secao.textContent).toContain('O link é privado');
    expect(within(secao).getByRole('button', { name: 'Copiar link' })).toBeTruthy();

    // "Gerar novo link" asks first (the old link stops working), then shows the new one.
    fireEvent.click(within(secao).getByRole('button', { name: 'Gerar novo link' }));
    let dialogo = await screen.findByRole('dialog', { name: 'Gerar um novo link?' });
    expect(dialogo.textContent).toContain('O link atual para de funcionar na hora');
    expect(chamadas(fetchMock, 'POST')).toBe(1);
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Gerar novo link' }));
    await waitFor(() =>
      expect((within(secao).getByLabelText('Link do calendário') as HTMLInputElement).value).toBe(URL_2),
    );
    expect(chamadas(fetchMock, 'POST')).toBe(2);

    fireEvent.click(within(secao).getByRole('button', { name: 'Revogar link' }));
    dialogo = await screen.findByRole('dialog', { name: 'Revogar o link do calendário?' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Revogar link' }));
    expect(await within(secao).findByText('Você ainda não tem um link de calendário.')).toBeTruthy();
    expect(chamadas(fetchMock, 'DELETE')).toBe(1);
    expect(document.body.textContent).not.toContain(URL_2);
  });

  it('an admin has the same section; an existing link is not shown again', async () => {
    mockApi({
      ...notUnderTest(
        'GET /api/auth/get-session',
        'GET /api/auth/list-sessions',
        'GET /api/settings/public',
        'GET /api/me/whatsapp',
      ),
      'GET /api/me': { body: perfil({ tipo: 'admin' }) },
      'GET /api/calendario': { body: { ativo: true, criadoEm: '2026-11-20T12:00:00.000Z' } },
    });
    renderApp(paths.conta);
    const secao = await screen.findByRole('region', { name: 'Adicionar ao calendário' });
    expect(await within(secao).findByText(/Seu link está ativo desde 20\/11\/2026/)).toBeTruthy();
    expect(within(secao).queryByLabelText('Link do calendário')).toBeNull();
    expect(within(secao).getByRole('button', { name: 'Revogar link' })).toBeTruthy();
  });
});
