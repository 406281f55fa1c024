import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { callsTo, mockApi } from '../../../test/api-mock';
import { admin, perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import type { CartaoDeRenovacao } from '../api/renovacoes';

const cartao: CartaoDeRenovacao = {
  id: 'r-1',
  estagio: 'solicitado',
  empresa: { id: 'e-1', nome: 'Metalúrgica Souza' },
  laudo: { id: 'l-1', nome: 'Caldeira 01', codigo: 'NR13-1', tipo: 'NR-13' },
  dataVencimento: '2027-03-01',
  diasRestantes: 12,
  solicitante: 'Maria Souza',
  periodo: 'Próxima semana',
  contato: null,
  observacao: null,
  agendadoPara: null,
  engenheiro: null,
  orcamento: null,
  motivoPerda: null,
  criadoEm: '2027-02-10T12:00:00.000Z',
  atualizadoEm: '2027-02-10T12:00:00.000Z',
};

const funil = {
  meses: ['2027-02'],
  tipos: ['NR-13'],
  linhas: [{ mes: '2027-02', tipo: 'NR-13', lembretes: 4, pedidos: 1, concluidos: 0 }],
};

describe('Renovações', () => {
  it('the admin moves a card with "Mover para": Agendado asks the date and engineer before sending', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/admin/renovacoes': { body: { renovacoes: [cartao] } },
      'GET /api/admin/renovacoes/funil': { body: funil },
      'POST /api/admin/renovacoes/r-1/estagio': {
        body: {
          renovacao: { ...cartao, estagio: 'agendado', agendadoPara: '2027-02-20', engenheiro: 'Eng. Ana' },
          historico: [],
          lembretes: [],
        },
      },
    });
    renderApp(paths.adminRenovacoes);
    const coluna = await screen.findByRole('region', { name: 'Solicitado' }, { timeout: 5000 });
    expect(within(coluna).getByText('Metalúrgica Souza')).toBeTruthy();
    expect(within(coluna).getByText('(NR13-1)')).toBeTruthy();
    expect(within(coluna).getByText(/vence em 12 dias/)).toBeTruthy();
    // The funnel's numbers, in the table for screen readers.
    expect(await screen.findByRole('table', { name: /Funil de renovação/ })).toBeTruthy();

    fireEvent.change(within(coluna).getByLabelText('Mover Caldeira 01 (NR13-1) para'), {
      target: { value: 'agendado' },
    });
    const dialogo = await screen.findByRole('dialog', { name: 'Agendar a inspeção' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Agendar' }));
    expect(await within(dialogo).findByText('Informe a data da inspeção.')).toBeTruthy();
    expect(within(dialogo).getByText('Informe o engenheiro responsável.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/renovacoes/r-1/estagio')).toEqual([]);

    fireEvent.change(within(dialogo).getByLabelText('Data da inspeção'), { target: { value: '2027-02-20' } });
    fireEvent.change(within(dialogo).getByLabelText('Engenheiro'), { target: { value: 'Eng. Ana' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Agendar' }));
    await screen.findByText('Movido para Agendado');
    expect(callsTo(fetchMock, 'POST /api/admin/renovacoes/r-1/estagio')).toEqual([
      { estagio: 'agendado', agendadoPara: '2027-02-20', engenheiro: 'Eng. Ana' },
    ]);
  });

  it('the client sees each request with its stage as the current step', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/renovacoes': {
        body: {
          renovacoes: [
            {
              ...cartao,
              estagio: 'agendado',
              agendadoPara: '2027-02-20',
              engenheiro: 'Eng. Ana',
              historico: [
                {
                  id: 'h-1',
                  de: 'solicitado',
                  para: 'agendado',
                  nota: null,
                  interna: false,
                  por: 'Firma',
                  em: '2027-02-11T12:00:00.000Z',
                },
              ],
            },
          ],
        },
      },
    });
    renderApp(paths.renovacoes);
    const lista = await screen.findByRole('list', { name: 'Pedidos de renovação' }, { timeout: 5000 });
    const passos = within(lista).getByRole('list', { name: 'Etapas do pedido' });
    expect(passos.querySelector('[aria-current="step"]')?.textContent).toBe('Agendado');
    expect(within(lista).getByText('Inspeção agendada para 20/02/2027 com Eng. Ana.')).toBeTruthy();
  });
});
