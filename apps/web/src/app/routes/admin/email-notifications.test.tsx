import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Agendador } from '../../../features/email/api/agendador';
import type { Regra } from '../../../features/email/api/regras';
import type { Simulacao } from '../../../features/email/api/simulacao';
import { paths } from '../../../lib/paths';
import { type ApiHandler, apiError, callsTo, mockApi } from '../../../test/api-mock';
import { admin } from '../../../test/factories';
import { renderApp } from '../../../test/render';

function regra(overrides: Partial<Regra> = {}): Regra {
  return {
    id: 'r-vencendo',
    name: 'Lembretes de vencimento',
    kind: 'vencendo',
    templateType: null,
    daysBefore: [90, 60, 30, 15, 7, 3, 1],
    daysAfter: [],
    enabled: true,
    runTime: '08:00',
    frequency: 'daily',
    weekday: 1,
    pararAposResposta: false,
    tipos: [],
    resumo: false,
    escalarAposDias: null,
    lastRunDate: '2026-11-20',
    lastRunAt: '2026-11-20T11:00:00.000Z',
    nextRunAt: '2026-11-21T11:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

const regras = [
  regra(),
  regra({
    id: 'r-vencido',
    name: 'Avisos de vencido',
    kind: 'vencido',
    templateType: 'vencido_7',
    daysBefore: [],
    daysAfter: [0, 7, 14, 30],
    frequency: 'weekly',
    weekday: 1,
    enabled: false,
    escalarAposDias: 7,
    lastRunAt: null,
    nextRunAt: null,
  }),
];

function agendador(overrides: Partial<Agendador> = {}): Agendador {
  return {
    pausado: false,
    pausadoEm: null,
    pausadoPor: null,
    workers: true,
    intervaloMinutos: 5,
    ultimaVerificacao: '2026-11-20T12:00:00.000Z',
    proximaVerificacao: '2026-11-20T12:05:00.000Z',
    proximaExecucao: '2026-11-21T11:00:00.000Z',
    execucoes: [],
    ...overrides,
  };
}

function mockAdminApi(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: admin() },
    'GET /api/admin/notificacoes/regras': { body: { regras } },
    'GET /api/admin/notificacoes/agendador': { body: agendador() },
    'GET /api/tipos-laudo': {
      body: {
        tipos: [
          { nome: 'NR-13', descricao: null },
          { nome: 'Elevadores', descricao: null },
        ],
      },
    },
    ...extra,
  });
}

describe('admin: regras de notificação', () => {
  it('lists the rules with their days, template, time and frequency', async () => {
    mockAdminApi();
    renderApp(paths.adminEmailNotifications);

    expect(await screen.findByRole('heading', { level: 1, name: 'Notificações por e-mail' })).toBeTruthy();
    const tabela = await screen.findByRole('table', { name: 'Regras de notificação' });
    const vencendo = within(tabela).getByRole('row', { name: /Lembretes de vencimento/ });
    expect(within(vencendo).getByText('Antes do vencimento')).toBeTruthy();
    expect(within(vencendo).getByText('90, 60, 30, 15, 7, 3, 1 dias antes')).toBeTruthy();
    expect(within(vencendo).getByText('Automático (pela quantidade de dias)')).toBeTruthy();
    expect(within(vencendo).getByText('08:00')).toBeTruthy();
    expect(within(vencendo).getByText('Diária')).toBeTruthy();
    expect(
      within(vencendo)
        .getByRole('switch', { name: /regra Lembretes de vencimento/ })
        .getAttribute('aria-checked'),
    ).toBe('true');

    const vencido = within(tabela).getByRole('row', { name: /Avisos de vencido/ });
    expect(within(vencido).getByText('0, 7, 14, 30 dias depois')).toBeTruthy();
    expect(within(vencido).getByText('Venceu há 7 dias')).toBeTruthy();
    expect(within(vencido).getByText('Semanal (segunda-feira)')).toBeTruthy();
    expect(within(vencido).getByText('Nunca')).toBeTruthy();
    expect(within(vencido).getByText('Desativada')).toBeTruthy();
  });

  it('turns a rule off with a PATCH and says so', async () => {
    const fetchMock = mockAdminApi({
      'PATCH /api/admin/notificacoes/regras/r-vencendo': { body: { regra: regra({ enabled: false }) } },
    });
    renderApp(paths.adminEmailNotifications);

    fireEvent.click(await screen.findByRole('switch', { name: /regra Lembretes de vencimento/ }));

    expect(await screen.findByText('Regra Lembretes de vencimento desativada.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/admin/notificacoes/regras/r-vencendo')).toEqual([
      { enabled: false },
    ]);
  });

  it('checks the days before saving the edited rule', async () => {
    const fetchMock = mockAdminApi({
      'PATCH /api/admin/notificacoes/regras/r-vencendo': ({ body }) => ({
        body: { regra: { ...regra(), ...(body as Partial<Regra>) } },
      }),
    });
    renderApp(paths.adminEmailNotifications);

    fireEvent.click(await screen.findByRole('button', { name: 'Editar regra Lembretes de vencimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar regra Lembretes de vencimento' });
    const dias = within(dialog).getByLabelText('Dias antes do vencimento');
    fireEvent.change(dias, { target: { value: '30, trinta' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(dias.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'PATCH /api/admin/notificacoes/regras/r-vencendo')).toHaveLength(0);

    fireEvent.change(dias, { target: { value: '7, 30 ,15' } });
    fireEvent.change(within(dialog).getByLabelText('Frequência'), { target: { value: 'weekly' } });
    fireEvent.change(within(dialog).getByLabelText('Dia da semana'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Modelo de e-mail'), {
      target: { value: 'vencimento_30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Regra Lembretes de vencimento salva.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/admin/notificacoes/regras/r-vencendo')).toEqual([
      {
        name: 'Lembretes de vencimento',
        templateType: 'vencimento_30',
        runTime: '08:00',
        frequency: 'weekly',
        weekday: 5,
        enabled: true,
        daysBefore: [30, 15, 7],
        tipos: [],
        resumo: false,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an after-expiry rule may stop once the client answered the reminder', async () => {
    const fetchMock = mockAdminApi({
      'PATCH /api/admin/notificacoes/regras/r-vencido': ({ body }) => ({
        body: { regra: { ...regras[1]!, ...(body as Partial<Regra>) } },
      }),
    });
    renderApp(paths.adminEmailNotifications);

    fireEvent.click(await screen.findByRole('button', { name: 'Editar regra Avisos de vencido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar regra Avisos de vencido' });
    const parar = within(dialog).getByLabelText('Parar quando o cliente responder') as HTMLInputElement;
    expect(parar.checked).toBe(false);
    fireEvent.click(parar);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Regra Avisos de vencido salva.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/admin/notificacoes/regras/r-vencido')[0]).toMatchObject({
      pararAposResposta: true,
      escalarAposDias: 7,
    });
  });

  it('limits a rule to laudo types, sends it as one e-mail per recipient, and shows which rules reach each type', async () => {
    const fetchMock = mockAdminApi({
      'PATCH /api/admin/notificacoes/regras/r-vencendo': ({ body }) => ({
        body: { regra: { ...regra(), ...(body as Partial<Regra>) } },
      }),
    });
    renderApp(paths.adminEmailNotifications);

    fireEvent.click(await screen.findByText('Regras por tipo'));
    const porTipo = await screen.findByRole('table', { name: 'Regras por tipo de laudo' });
    expect(
      within(within(porTipo).getByRole('row', { name: /Elevadores/ })).getByText(
        'Lembretes de vencimento: 90, 60, 30, 15, 7, 3, 1 dias antes',
      ),
    ).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Editar regra Lembretes de vencimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar regra Lembretes de vencimento' });
    fireEvent.change(within(dialog).getByLabelText('Dias antes do vencimento'), {
      target: { value: '15, 7, 1' },
    });
    fireEvent.click(within(dialog).getByLabelText('Elevadores'));
    fireEvent.click(within(dialog).getByLabelText('Um e-mail por destinatário'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Regra Lembretes de vencimento salva.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/admin/notificacoes/regras/r-vencendo')[0]).toMatchObject({
      daysBefore: [15, 7, 1],
      tipos: ['Elevadores'],
      resumo: true,
    });
  });

  it('creates a new rule, disabled, and opens it for editing', async () => {
    const nova = regra({
      id: 'r-nova',
      name: 'Nova regra antes do vencimento',
      daysBefore: [15, 7, 1],
      enabled: false,
      nextRunAt: null,
    });
    const fetchMock = mockAdminApi({
      'POST /api/admin/notificacoes/regras': { status: 201, body: { regra: nova } },
    });
    renderApp(paths.adminEmailNotifications);

    fireEvent.click(await screen.findByRole('button', { name: 'Nova regra antes do vencimento' }));

    const dialog = await screen.findByRole('dialog', { name: 'Editar regra Nova regra antes do vencimento' });
    expect((within(dialog).getByLabelText('Dias antes do vencimento') as HTMLInputElement).value).toBe(
      '15, 7, 1',
    );
    expect((within(dialog).getByLabelText('Regra ativa') as HTMLInputElement).checked).toBe(false);
    expect(callsTo(fetchMock, 'POST /api/admin/notificacoes/regras')).toEqual([{ kind: 'vencendo' }]);
  });

  it('refuses an escalation delay that is not a number of days', async () => {
    const fetchMock = mockAdminApi();
    renderApp(paths.adminEmailNotifications);

    fireEvent.click(await screen.findByRole('button', { name: 'Editar regra Avisos de vencido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar regra Avisos de vencido' });
    const escalar = within(dialog).getByLabelText('Escalonar aos gestores após (dias)');
    fireEvent.change(escalar, { target: { value: 'sete' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(escalar.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'PATCH /api/admin/notificacoes/regras/r-vencido')).toHaveLength(0);
  });
});

describe('admin: agendador', () => {
  it('pauses the scheduler and offers to resume it', async () => {
    const fetchMock = mockAdminApi({
      'POST /api/admin/notificacoes/agendador/pausar': {
        body: agendador({ pausado: true, pausadoEm: '2026-11-20T12:01:00.000Z', pausadoPor: 'Ana Admin' }),
      },
    });
    renderApp(`${paths.adminEmailNotifications}?aba=agendador`);

    expect(await screen.findByText('Ativo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));

    expect(await screen.findByRole('button', { name: 'Retomar' })).toBeTruthy();
    expect(screen.getByText('Pausado')).toBeTruthy();
    expect(screen.getByText(/por Ana Admin/)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/notificacoes/agendador/pausar')).toHaveLength(1);
  });

  it('runs now and shows what the run did', async () => {
    mockAdminApi({
      'POST /api/admin/notificacoes/executar': {
        body: {
          execucao: {
            id: 'e-1',
            origem: 'manual',
            dataReferencia: '2026-11-20',
            inicio: '2026-11-20T12:02:00.000Z',
            fim: '2026-11-20T12:02:03.000Z',
            regras: ['Lembretes de vencimento'],
            enfileirados: 3,
            jaEnviados: 1,
            semEmail: 2,
            semPlano: 1,
            respondidos: 0,
            descadastrados: 0,
            foraDoTipo: 0,
            suprimidos: 0,
            resumos: 1,
            laudosEmResumos: 4,
            escalonamentos: 1,
            erros: 0,
            mensagem: null,
          },
        },
      },
    });
    renderApp(`${paths.adminEmailNotifications}?aba=agendador`);

    fireEvent.click(await screen.findByRole('button', { name: 'Executar agora' }));

    expect(
      await screen.findByText(
        'Execução concluída (20/11/2026): 3 e-mails enfileirados, 1 já enviado, 2 laudos sem e-mail, 1 sem notificações no plano, 1 resumo com 4 laudos, 1 escalonamento aos gestores, 0 erros.',
      ),
    ).toBeTruthy();
  });
});

describe('admin: simulação de envio', () => {
  const simulacao: Simulacao = {
    data: '2026-12-01',
    semEmail: 2,
    semPlano: 3,
    respondidos: 0,
    descadastrados: 0,
    foraDoTipo: 1,
    suprimidos: 0,
    resumos: [
      { destinatario: 'maria@metalurgica.com.br', destinatarioNome: 'Maria Souza', laudos: 1, assunto: 'x' },
    ],
    itens: [
      {
        laudoId: 'l-1',
        laudoNome: 'Caldeira B-12',
        laudoCodigo: 'NR13-0042',
        cliente: 'Metalúrgica Souza',
        destinatario: 'maria@metalurgica.com.br',
        destinatarioNome: 'Maria Souza',
        tipo: 'vencendo',
        dias: 30,
        templateType: 'vencimento_30',
        assunto: 'Seu laudo Caldeira B-12 vence em 30 dias',
        regra: 'Lembretes de vencimento',
        jaEnviado: false,
        resumo: true,
      },
      {
        laudoId: 'l-2',
        laudoNome: 'Elevador social',
        laudoCodigo: 'ELV-0007',
        cliente: 'Condomínio Lima',
        destinatario: 'sindico@lima.com.br',
        destinatarioNome: null,
        tipo: 'vencido',
        dias: 0,
        templateType: 'vencido_0',
        assunto: 'Seu laudo Elevador social venceu hoje',
        regra: 'Avisos de vencido',
        jaEnviado: true,
        resumo: false,
      },
    ],
  };

  it('lists the e-mails a run on that date would send', async () => {
    const fetchMock = mockAdminApi({ 'POST /api/admin/notificacoes/simular': { body: simulacao } });
    renderApp(`${paths.adminEmailNotifications}?aba=simulacao`);

    const data = await screen.findByLabelText('Data da simulação');
    expect((data as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.change(data, { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simular' }));

    const caldeira = await screen.findByRole('row', { name: /Caldeira B-12/ });
    expect(within(caldeira).getByText('NR13-0042')).toBeTruthy();
    expect(within(caldeira).getByText('maria@metalurgica.com.br')).toBeTruthy();
    expect(within(caldeira).getByText('30 dias antes')).toBeTruthy();
    expect(within(caldeira).getByText('Vence em 30 dias')).toBeTruthy();
    expect(within(caldeira).getByText('No resumo')).toBeTruthy();

    const elevador = screen.getByRole('row', { name: /Elevador social/ });
    expect(within(elevador).getByText('No dia do vencimento')).toBeTruthy();
    expect(within(elevador).getByText('Já enviado')).toBeTruthy();

    expect(screen.getByText('2 laudos sem e-mail de cliente: não receberiam aviso.')).toBeTruthy();
    expect(
      screen.getByText('3 avisos sem notificações no plano: a empresa não receberia e-mail.'),
    ).toBeTruthy();
    expect(
      screen.getByText('1 resumo (um e-mail por destinatário): maria@metalurgica.com.br (1 laudo).'),
    ).toBeTruthy();
    expect(
      screen.getByText('1 laudo com marco só em regras de outros tipos de laudo: não receberiam aviso.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/notificacoes/simular')).toEqual([{ data: '2026-12-01' }]);
  });

  it('says when nothing would be sent', async () => {
    mockAdminApi({
      'POST /api/admin/notificacoes/simular': {
        body: {
          data: '2026-12-02',
          itens: [],
          semEmail: 0,
          semPlano: 0,
          respondidos: 0,
          descadastrados: 0,
          foraDoTipo: 0,
          suprimidos: 0,
          resumos: [],
        },
      },
    });
    renderApp(`${paths.adminEmailNotifications}?aba=simulacao`);

    fireEvent.click(await screen.findByRole('button', { name: 'Simular' }));

    expect(await screen.findByText('Nenhum e-mail seria enviado nesta data.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('admin: registros e e-mails', () => {
  it('filters the notification logs on the server', async () => {
    const fetchMock = mockAdminApi({
      'GET /api/admin/notificacoes/logs': ({ url }) => ({
        body: {
          logs:
            url.searchParams.get('status') === 'failed'
              ? [
                  {
                    id: 'n-1',
                    laudoId: 'l-1',
                    ruleName: 'Lembretes de vencimento',
                    daysBefore: 30,
                    recipientEmail: 'maria@metalurgica.com.br',
                    recipientName: 'Maria Souza',
                    laudoCode: 'NR13-0042',
                    laudoName: 'Caldeira B-12',
                    status: 'failed',
                    errorMessage: 'Caixa postal cheia',
                    notificationType: 'vencendo',
                    scheduledDate: '2026-11-20',
                    sentAt: null,
                    createdAt: '2026-11-20T11:00:00.000Z',
                  },
                ]
              : [],
          total: url.searchParams.get('status') === 'failed' ? 1 : 0,
          pagina: 1,
          porPagina: 50,
        },
      }),
    });
    renderApp(`${paths.adminEmailNotifications}?aba=registros`);

    expect(await screen.findByText('Nenhuma notificação registrada ainda.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'failed' } });

    const linha = await screen.findByRole('row', { name: /Caldeira B-12/ });
    expect(within(linha).getByText('Falhou')).toBeTruthy();
    expect(within(linha).getByText('Caixa postal cheia')).toBeTruthy();
    expect(within(linha).getByText('Faltavam 30 dias')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toContain('/api/admin/notificacoes/logs?status=failed&pagina=1&porPagina=50');
  });

  it('shows the service, the statistics, and clears old logs after confirming', async () => {
    const fetchMock = mockAdminApi({
      'GET /api/admin/email/status': {
        body: {
          mode: 'sandbox',
          provider: 'outbox',
          configured: true,
          transport: 'outbox',
          from: 'Laudos <nao-responda@laudos.com.br>',
          ratePerSecond: 10,
        },
      },
      'GET /api/admin/email/estatisticas': {
        body: { total: 120, sent: 100, failed: 5, pending: 15, byProvider: { outbox: 120 } },
      },
      'POST /api/admin/email/limpar-logs': {
        body: {
          corte: '2026-08-22T12:00:00.000Z',
          removidos: { emailLogs: 40, outbox: 12, notificationLogs: 33 },
        },
      },
    });
    renderApp(`${paths.adminEmailNotifications}?aba=emails`);

    expect(await screen.findByText('Sandbox (teste)')).toBeTruthy();
    expect(await screen.findByText('Com falha')).toBeTruthy();
    expect(screen.getByText('120', { selector: 'dd' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Limpar registros' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limpar registros antigos?' });
    expect(dialog.textContent).toContain('mais de 90 dias');
    expect(callsTo(fetchMock, 'POST /api/admin/email/limpar-logs')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover registros' }));

    expect(
      await screen.findByText(/40 registros de e-mail, 12 mensagens da caixa de saída e 33 registros/),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/email/limpar-logs')).toEqual([{ dias: 90 }]);
  });

  it('shows why a rule change was refused', async () => {
    mockAdminApi({
      'PATCH /api/admin/notificacoes/regras/r-vencendo': apiError(
        400,
        'DADOS_INVALIDOS',
        'Horário inválido.',
      ),
    });
    renderApp(paths.adminEmailNotifications);

    fireEvent.click(await screen.findByRole('switch', { name: /regra Lembretes de vencimento/ }));

    expect(await screen.findByText('Horário inválido.')).toBeTruthy();
  });
});
