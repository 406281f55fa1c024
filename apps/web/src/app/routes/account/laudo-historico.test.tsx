import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { laudoApi, settingsPublic } from '../../../features/laudos/test/laudo-factory';
import { laudoHref } from '../../../lib/paths';
import { type ApiRequest, mockApi } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

describe("the laudo page's Histórico de alterações", () => {
  it('is fetched when opened and shows who changed what', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/laudos/l-1': { body: { laudo: laudoApi({ id: 'l-1' }) } },
      'GET /api/laudos/l-1/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-1/respostas': { body: { respostas: [] } },
      'GET /api/laudos/l-1/historico': ({ url }: ApiRequest) =>
        url.searchParams.get('cursor') === 'c2'
          ? {
              body: {
                entradas: [
                  {
                    id: 'a-0',
                    criadoEm: '2019-01-02T12:00:00.000Z',
                    atorTipo: 'usuario',
                    atorNome: 'Quem Criou Em 2019',
                    entidade: 'laudo',
                    acao: 'criou',
                    campos: null,
                  },
                ],
                proximoCursor: null,
              },
            }
          : {
              body: {
                proximoCursor: 'c2',
                entradas: [
                  {
                    id: 'a-2',
                    criadoEm: '2026-11-21T12:00:00.000Z',
                    atorTipo: 'usuario',
                    atorNome: 'Maria Souza',
                    entidade: 'laudo',
                    acao: 'alterou',
                    campos: { dataVencimento: { de: '2027-03-01', para: '2027-06-30' } },
                  },
                  {
                    id: 'a-1',
                    criadoEm: '2026-11-20T12:00:00.000Z',
                    atorTipo: 'chave_api',
                    atorNome: 'ERP',
                    entidade: 'laudo',
                    acao: 'criou',
                    campos: null,
                  },
                ],
              },
            },
    });
    renderApp(laudoHref('l-1'));
    const secao = await screen.findByRole('region', { name: 'Histórico de alterações' }, { timeout: 5000 });
    fireEvent.click(within(secao).getByRole('button', { name: 'Ver histórico' }));
    expect(await within(secao).findByText(/Maria Souza/)).toBeTruthy();
    expect(
      within(secao)
        .getByText(/Vencimento:/)
        .closest('li')?.textContent,
    ).toContain('Vencimento: 01/03/2027 → 30/06/2027');
    expect(within(secao).getByText(/ERP/)).toBeTruthy();
    // Older entries: "Carregar mais" asks for the next page with the server's cursor.
    fireEvent.click(within(secao).getByRole('button', { name: 'Carregar mais' }));
    expect(await within(secao).findByText(/Quem Criou Em 2019/)).toBeTruthy();
    expect(within(secao).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });
});
