import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { mockApi } from '../../../test/api-mock';
import { admin } from '../../../test/factories';
import { renderApp } from '../../../test/render';

describe('admin: the WhatsApp tab of the notifications screen', () => {
  it('lists each message with its recipient, template and status, and the error of a failed one', async () => {
    mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/admin/whatsapp/mensagens': {
        body: {
          configurado: true,
          mensagens: [
            {
              id: 'm-1',
              criadoEm: '2026-11-26T12:00:00.000Z',
              laudoCodigo: 'A-1',
              destinatario: 'Ana',
              numero: '+5511988887777',
              template: 'laudo_vencendo',
              marco: '30 dias antes do vencimento',
              status: 'read',
              erro: null,
              tentativas: 1,
            },
            {
              id: 'm-2',
              criadoEm: '2026-11-26T12:00:00.000Z',
              laudoCodigo: 'A-1',
              destinatario: 'Carla',
              numero: '+5521999990001',
              template: 'laudo_vencendo',
              marco: '30 dias antes do vencimento',
              status: 'failed',
              erro: 'Número sem WhatsApp ou inválido (código 131026).',
              tentativas: 1,
            },
          ],
        },
      },
    });
    renderApp(`${paths.adminEmailNotifications}?aba=whatsapp`);
    const tabela = await screen.findByRole('table', { name: 'Mensagens de WhatsApp' }, { timeout: 5000 });
    const ana = within(tabela).getByRole('rowheader', { name: /Ana/ }).closest('tr')!;
    expect(within(ana).getByText('Lida')).toBeTruthy();
    const carla = within(tabela).getByRole('rowheader', { name: /Carla/ }).closest('tr')!;
    expect(within(carla).getByText('Falhou')).toBeTruthy();
    expect(within(carla).getByText('Número sem WhatsApp ou inválido (código 131026).')).toBeTruthy();
  });
});
