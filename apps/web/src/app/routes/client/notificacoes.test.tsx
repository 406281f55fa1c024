import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { mockApi } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

const itens = [
  {
    id: 'n-1',
    data: '2026-11-01T12:30:00.000Z',
    laudoId: 'l-1',
    laudoNome: 'Caldeira B-12',
    laudoCodigo: 'NR13-0042',
    tipo: 'vencimento_30',
    assunto: 'Seu laudo Caldeira B-12 vence em 30 dias',
    status: 'sent',
    destinatario: 'maria@metalurgica.com.br',
  },
  {
    id: 'n-2',
    data: '2026-11-20T09:00:00.000Z',
    laudoId: null,
    laudoNome: 'Elevador social',
    laudoCodigo: 'ELV-0007',
    tipo: 'vencido_0',
    assunto: 'Seu laudo Elevador social venceu hoje',
    status: 'failed',
    destinatario: 'maria@metalurgica.com.br',
  },
];

describe('/notificacoes', () => {
  it('lists the e-mails sent about the laudos, newest first, asking for 100 a page', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/notificacoes': { body: { itens, total: 2, pagina: 1, porPagina: 100 } },
    });
    renderApp(paths.notificacoes);

    expect(await screen.findByRole('heading', { level: 1, name: 'Notificações' })).toBeTruthy();
    const [, primeira, segunda] = await screen.findAllByRole('row');
    expect(primeira?.textContent).toContain('Elevador social');
    expect(segunda?.textContent).toContain('Caldeira B-12');

    const caldeira = screen.getByRole('row', { name: /Caldeira B-12/ });
    expect(within(caldeira).getByRole('link', { name: 'Caldeira B-12' }).getAttribute('href')).toBe(
      '/laudos/l-1',
    );
    expect(within(caldeira).getByText('Código NR13-0042')).toBeTruthy();
    expect(within(caldeira).getByText('Vence em 30 dias')).toBeTruthy();
    expect(within(caldeira).getByText('Enviado')).toBeTruthy();
    expect(within(caldeira).getByText(formatDateTime('2026-11-01T12:30:00.000Z'))).toBeTruthy();

    const elevador = screen.getByRole('row', { name: /Elevador social/ });
    expect(within(elevador).queryByRole('link')).toBeNull();
    expect(within(elevador).getByText('Venceu hoje')).toBeTruthy();
    expect(within(elevador).getByText('Falhou')).toBeTruthy();

    const [url] = fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/notificacoes')) ?? [];
    expect(String(url)).toBe('/api/notificacoes?pagina=1&porPagina=100');
  });

  it('explains when reminders go out before any was sent', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/notificacoes': { body: { itens: [], total: 0, pagina: 1, porPagina: 100 } },
    });
    renderApp(paths.notificacoes);

    expect(await screen.findByText('Nenhuma notificação enviada ainda.')).toBeTruthy();
    expect(screen.getByText(/90, 60, 30, 15, 7, 3 e 1 dia antes do vencimento/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the plan leaves the e-mails out, with the way to the plans ', async () => {
    const plano = {
      id: 'p-consulta',
      nome: 'Consulta',
      preco: 10,
      maxLaudos: 10,
      maxUsuarios: 3,
      notificacoes: false,
      whatsappAlerts: false,
      emailSupport: false,
      prioritySupport: false,
      customReports: false,
      apiAccess: false,
      dataExport: false,
      customBranding: false,
    };
    mockApi({
      'GET /api/me': { body: perfil({ plano }) },
      'GET /api/notificacoes': { body: { itens: [], total: 0, pagina: 1, porPagina: 100 } },
    });
    renderApp(paths.notificacoes);

    const aviso = await screen.findByText('Seu plano não inclui notificações por e-mail.');
    const caixa = aviso.closest('[role="status"]') as HTMLElement;
    expect(caixa.textContent).toContain('Os lembretes de vencimento e o relatório mensal não são enviados');
    expect(within(caixa).getByRole('link', { name: 'Ver os planos que incluem' }).getAttribute('href')).toBe(
      '/planos',
    );
  });

  it('says nothing of the plan when it includes the e-mails', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/notificacoes': { body: { itens: [], total: 0, pagina: 1, porPagina: 100 } },
    });
    renderApp(paths.notificacoes);
    expect(await screen.findByText('Nenhuma notificação enviada ainda.')).toBeTruthy();
    expect(screen.queryByText('Seu plano não inclui notificações por e-mail.')).toBeNull();
  });
});
