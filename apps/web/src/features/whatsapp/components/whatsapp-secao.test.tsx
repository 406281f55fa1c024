import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi, notUnderTest } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import type { WhatsappEstado } from '../api/whatsapp';

const TEXTO =
  'Autorizo Laudos Engenharia a me enviar pelo WhatsApp, neste número, avisos sobre o vencimento dos laudos e as renovações da minha empresa. Posso desativar quando quiser nesta página.';

const estado = (extra: Partial<WhatsappEstado> = {}): WhatsappEstado => ({
  disponivel: true,
  motivo: null,
  ativo: false,
  numero: null,
  consentidoEm: null,
  texto: TEXTO,
  ...extra,
});

const pageData = notUnderTest(
  'GET /api/auth/get-session',
  'GET /api/auth/list-sessions',
  'GET /api/settings/public',
  'GET /api/calendario',
);

describe('"WhatsApp" on Minha conta', () => {
  it('asks for the number and the consent, shows the server refusal under the field, then the number and "Desativar"', async () => {
    let atual = estado();
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': { body: perfil() },
      'GET /api/me/whatsapp': () => ({ body: atual }),
      'PUT /api/me/whatsapp': ({ body }) => {
        const { numero } = body as { numero: string };
        if (numero === '1234')
          return apiError(
            400,
            'WHATSAPP_NUMERO_INVALIDO',
            'Informe um número de celular válido com DDD, por exemplo (11) 98888-7777.',
          );
        atual = estado({ ativo: true, numero: '+5511988887777', consentidoEm: '2026-11-26T12:00:00.000Z' });
        return { body: atual };
      },
      'DELETE /api/me/whatsapp': () => {
        atual = estado();
        return { body: atual };
      },
    });
    renderApp(paths.conta);
    const secao = await screen.findByRole('region', { name: 'WhatsApp' }, { timeout: 5000 });
    const campo = await within(secao).findByLabelText('Número do WhatsApp');
    const aceite = within(secao).getByLabelText(TEXTO);

    // Nothing is sent without the number and the consent.
    fireEvent.click(within(secao).getByRole('button', { name: 'Ativar WhatsApp' }));
    expect(await within(secao).findByText('Informe o número do WhatsApp com DDD.')).toBeTruthy();
    expect(within(secao).getByText('Marque a caixa para autorizar as mensagens.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/me/whatsapp')).toEqual([]);

    fireEvent.change(campo, { target: { value: '1234' } });
    fireEvent.click(aceite);
    fireEvent.click(within(secao).getByRole('button', { name: 'Ativar WhatsApp' }));
    expect(await within(secao).findByText(/Informe um número de celular válido/)).toBeTruthy();

    fireEvent.change(campo, { target: { value: '(11) 98888-7777' } });
    fireEvent.click(within(secao).getByRole('button', { name: 'Ativar WhatsApp' }));
    expect(await within(secao).findByText('+55 11 98888-7777')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/me/whatsapp')).toEqual([
      { numero: '1234', consentimento: true },
      { numero: '(11) 98888-7777', consentimento: true },
    ]);

    fireEvent.click(within(secao).getByRole('button', { name: 'Desativar' }));
    expect(await within(secao).findByLabelText('Número do WhatsApp')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/me/whatsapp')).toHaveLength(1);
  });

  it('says why when the channel is not offered, with no form', async () => {
    mockApi({
      ...pageData,
      'GET /api/me': { body: perfil() },
      'GET /api/me/whatsapp': {
        body: estado({
          disponivel: false,
          motivo: 'O plano da sua empresa não inclui alertas por WhatsApp.',
        }),
      },
    });
    renderApp(paths.conta);
    const secao = await screen.findByRole('region', { name: 'WhatsApp' }, { timeout: 5000 });
    expect(
      await within(secao).findByText('O plano da sua empresa não inclui alertas por WhatsApp.'),
    ).toBeTruthy();
    expect(within(secao).queryByLabelText('Número do WhatsApp')).toBeNull();
  });
});
