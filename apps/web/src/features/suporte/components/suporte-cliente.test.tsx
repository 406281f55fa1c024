import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { callsTo, mockApi } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import type { Chamado } from '../api/suporte';
import { tempoDesde } from './comum';

const plano = (emailSupport: boolean, prioritySupport = false) => ({
  id: 'p-1',
  nome: emailSupport ? 'Profissional' : 'Essencial',
  preco: 199.9,
  maxLaudos: 500,
  maxUsuarios: 10,
  notificacoes: true,
  whatsappAlerts: false,
  emailSupport,
  prioritySupport,
  customReports: false,
  apiAccess: false,
  dataExport: false,
  customBranding: false,
});

const LAUDO = '6f1c2a9e-4b7d-4c3e-9a51-2d8e7f0b1c34';

const chamado: Chamado = {
  id: 'c-1',
  assunto: 'Dúvida sobre a caldeira',
  status: 'respondido',
  prioritario: false,
  empresa: 'Metalúrgica Souza',
  autor: 'Maria Souza',
  laudo: null,
  criadoEm: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  atualizadoEm: new Date().toISOString(),
};

describe('Suporte (the plan features email_support / priority_support)', () => {
  it('without either feature: the firm’s contact details and the plans, no form and no request to the API', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: perfil({ plano: plano(false) }) } });
    renderApp(paths.suporte);
    const contato = await screen.findByRole('region', { name: /Fale com a/ }, { timeout: 5000 });
    expect(within(contato).getByRole('link', { name: 'contato@laudos.com.br' })).toBeTruthy();
    expect(within(contato).getByRole('link', { name: 'Conversar pelo WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/5511999999999',
    );
    expect(within(contato).getByRole('link', { name: 'Ver os planos com suporte por e-mail' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Abrir chamado' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/suporte'))).toBe(false);
  });

  it('with the feature: the company’s requests with the time since, and a form that checks before sending', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil({ plano: plano(true) }) },
      'GET /api/suporte/chamados': { body: { chamados: [chamado] } },
      'GET /api/laudos': { body: { laudos: [{ id: LAUDO, nome: 'Caldeira 01', codigo: 'NR13-1' }] } },
      'POST /api/suporte/chamados': {
        status: 201,
        body: { chamado: { ...chamado, id: 'c-2' }, mensagemId: 'm-1' },
      },
      'GET /api/suporte/chamados/c-2': {
        body: { chamado: { ...chamado, id: 'c-2', status: 'aberto' }, mensagens: [] },
      },
    });
    renderApp(paths.suporte);
    const link = await screen.findByRole('link', { name: /Dúvida sobre a caldeira/ }, { timeout: 5000 });
    expect(link.textContent).toContain('há 3 horas');
    expect(link.textContent).toContain('Respondido');

    const form = within(screen.getByRole('region', { name: 'Abrir um chamado' }));
    fireEvent.click(form.getByRole('button', { name: 'Abrir chamado' }));
    expect(await form.findByText('Informe o assunto.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/suporte/chamados')).toEqual([]);

    fireEvent.change(form.getByLabelText('Assunto'), { target: { value: 'Agendar inspeção' } });
    fireEvent.change(form.getByLabelText('Mensagem'), { target: { value: 'Podemos agendar?' } });
    await form.findByRole('option', { name: 'Caldeira 01 (NR13-1)' });
    fireEvent.change(form.getByLabelText(/Laudo relacionado/), { target: { value: LAUDO } });
    fireEvent.click(form.getByRole('button', { name: 'Abrir chamado' }));
    expect(
      await screen.findByRole('link', { name: 'Voltar para os chamados' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/suporte/chamados')).toEqual([
      { assunto: 'Agendar inspeção', mensagem: 'Podemos agendar?', laudoId: LAUDO },
    ]);
  });

  it('says the time since in pt-BR', () => {
    const agora = Date.parse('2026-11-26T12:00:00Z');
    expect(tempoDesde('2026-11-26T09:00:00Z', agora)).toBe('há 3 horas');
    expect(tempoDesde('2026-11-24T12:00:00Z', agora)).toBe('anteontem');
    expect(tempoDesde('2026-11-26T11:59:50Z', agora)).toBe('agora');
  });
});
