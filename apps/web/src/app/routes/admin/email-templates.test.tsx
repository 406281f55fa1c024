import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Template } from '../../../features/email/api/templates';
import { paths } from '../../../lib/paths';
import { type ApiHandler, apiError, callsTo, mockApi } from '../../../test/api-mock';
import { admin } from '../../../test/factories';
import { renderApp } from '../../../test/render';

function template(overrides: Partial<Template> = {}): Template {
  return {
    type: 'vencimento_30',
    name: 'Vencimento em 30 dias',
    subject: 'Seu laudo {{ laudo_nome }} vence em 30 dias',
    active: true,
    urgencyLevel: 'atencao',
    editado: false,
    updatedAt: '2026-11-01T12:00:00.000Z',
    html: '<p>Olá {{ cliente_nome }}</p>',
    text: 'Olá {{ cliente_nome }}',
    variaveis: ['laudo_nome', 'cliente_nome'],
    ...overrides,
  };
}

/** A stand-in renderer: fills the two sample variables. */
function render(text: string): string {
  return text.replaceAll('{{ laudo_nome }}', 'Caldeira B-12').replaceAll('{{ cliente_nome }}', 'Maria');
}

const preview: ApiHandler = ({ body }) => {
  const { subject, html, text } = body as { subject: string; html: string; text: string };
  if (html.includes('{{ desconhecida }}'))
    return apiError(400, 'MODELO_INVALIDO', 'Variável desconhecida no html: {{ desconhecida }}.');
  return { body: { subject: render(subject), html: render(html), text: render(text) } };
};

function mockAdminApi(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: admin() },
    'GET /api/admin/email/templates': {
      body: {
        templates: [
          template({ type: 'boas_vindas', name: 'Boas-vindas (conta criada)', subject: 'Bem-vindo' }),
          template({ editado: true }),
        ],
      },
    },
    'GET /api/admin/email/templates/vencimento_30': { body: { template: template() } },
    'POST /api/admin/email/templates/vencimento_30/preview': preview,
    ...extra,
  });
}

const editor = `${paths.adminEmailTemplates}?modelo=vencimento_30`;

describe('admin: modelos de e-mail', () => {
  it('lists the templates in the domain order, marking the edited ones', async () => {
    mockAdminApi();
    renderApp(paths.adminEmailTemplates);

    expect(await screen.findByRole('heading', { level: 1, name: 'Modelos de e-mail' })).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    expect(rows[1]?.textContent).toContain('Vencimento em 30 dias');
    expect(rows[2]?.textContent).toContain('Boas-vindas');
    const vencimento = screen.getByRole('row', { name: /Vencimento em 30 dias/ });
    expect(within(vencimento).getByText('Vence em 30 dias')).toBeTruthy();
    expect(within(vencimento).getByText('Editado')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Boas-vindas/ })).queryByText('Editado')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Editar modelo Vencimento em 30 dias' }).getAttribute('href'),
    ).toBe(editor);
  });

  it('previews the template in a sandboxed frame, again after an edit', async () => {
    const fetchMock = mockAdminApi();
    renderApp(editor);

    const frame = await screen.findByTitle('Pré-visualização do e-mail em HTML');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Olá Maria</p>');
    expect(screen.getByText('Seu laudo Caldeira B-12 vence em 30 dias')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/email/templates/vencimento_30/preview')).toEqual([
      { subject: template().subject, html: template().html, text: template().text },
    ]);

    fireEvent.change(screen.getByLabelText('HTML'), {
      target: { value: '<h1>Atenção {{ cliente_nome }}</h1>' },
    });

    await waitFor(
      () =>
        expect(screen.getByTitle('Pré-visualização do e-mail em HTML').getAttribute('srcdoc')).toBe(
          '<h1>Atenção Maria</h1>',
        ),
      { timeout: 2000 },
    );
    expect(callsTo(fetchMock, 'POST /api/admin/email/templates/vencimento_30/preview')).toHaveLength(2);
  });

  it('shows a preview error inline', async () => {
    mockAdminApi();
    renderApp(editor);

    fireEvent.change(await screen.findByLabelText('HTML'), {
      target: { value: '<p>{{ desconhecida }}</p>' },
    });

    expect(
      await screen.findByText('Variável desconhecida no html: {{ desconhecida }}.', {}, { timeout: 2000 }),
    ).toBeTruthy();
    expect(screen.queryByTitle('Pré-visualização do e-mail em HTML')).toBeNull();
  });

  it('inserts a variable where the cursor was and saves with PUT', async () => {
    const fetchMock = mockAdminApi({
      'PUT /api/admin/email/templates/vencimento_30': ({ body }) => ({
        body: { template: template({ ...(body as Partial<Template>), editado: true }) },
      }),
    });
    renderApp(editor);

    const assunto = (await screen.findByLabelText('Assunto')) as HTMLInputElement;
    fireEvent.change(assunto, { target: { value: 'Aviso: ' } });
    fireEvent.focus(assunto);
    assunto.setSelectionRange(7, 7);
    fireEvent.click(screen.getByRole('button', { name: 'Inserir {{ laudo_nome }}' }));
    expect(assunto.value).toBe('Aviso: {{ laudo_nome }}');

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Modelo Vencimento em 30 dias salvo.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/email/templates/vencimento_30')).toEqual([
      { subject: 'Aviso: {{ laudo_nome }}', html: template().html, text: template().text, active: true },
    ]);
  });

  it('marks a subject longer than the server accepts (the shared schema) and saves nothing', async () => {
    const fetchMock = mockAdminApi();
    renderApp(editor);

    fireEvent.change(await screen.findByLabelText('Assunto'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(
      await screen.findByText('Grande demais: esperava que o texto tivesse <= 500 caracteres'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/email/templates/vencimento_30')).toHaveLength(0);
  });

  it('restores the default after confirming', async () => {
    const fetchMock = mockAdminApi({
      'POST /api/admin/email/templates/vencimento_30/restaurar': {
        body: { template: template({ subject: 'Assunto padrão' }) },
      },
    });
    renderApp(editor);

    fireEvent.click(await screen.findByRole('button', { name: 'Restaurar padrão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restaurar o modelo padrão?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restaurar' }));

    expect(await screen.findByText('Modelo Vencimento em 30 dias restaurado ao padrão.')).toBeTruthy();
    expect((screen.getByLabelText('Assunto') as HTMLInputElement).value).toBe('Assunto padrão');
    expect(callsTo(fetchMock, 'POST /api/admin/email/templates/vencimento_30/restaurar')).toHaveLength(1);
  });

  it('sends a test to the admin and shows a failed send', async () => {
    const fetchMock = mockAdminApi({
      'POST /api/admin/email/templates/vencimento_30/teste': {
        body: { success: false, error: 'SMTP recusou o destinatário', provider: 'smtp' },
      },
    });
    renderApp(editor);

    const para = (await screen.findByLabelText('Enviar teste para')) as HTMLInputElement;
    expect(para.value).toBe('ana@laudos.com.br');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar teste' }));

    expect(await screen.findByText('O envio de teste falhou: SMTP recusou o destinatário')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/email/templates/vencimento_30/teste')).toEqual([
      { to: 'ana@laudos.com.br' },
    ]);
  });
});

describe('admin: mensagens enviadas', () => {
  const mensagem = {
    id: 'm-1',
    recipientEmail: 'maria@metalurgica.com.br',
    recipientName: 'Maria Souza',
    subject: 'Seu laudo vence em 30 dias',
    templateType: 'vencimento_30',
    provider: 'smtp',
    status: 'retrying',
    errorMessage: 'Tempo esgotado',
    attempts: 2,
    sentAt: null,
    createdAt: '2026-11-20T11:00:00.000Z',
    laudoId: 'l-1',
    temConteudo: false,
  };

  it('lists the messages and opens one whose content was not kept', async () => {
    mockAdminApi({
      'GET /api/admin/email/mensagens': {
        body: { mensagens: [mensagem], total: 1, pagina: 1, porPagina: 50 },
      },
      'GET /api/admin/email/mensagens/m-1': { body: { mensagem, conteudo: null } },
    });
    renderApp(`${paths.adminEmailTemplates}?aba=mensagens`);

    const linha = await screen.findByRole('row', { name: /maria@metalurgica/ });
    expect(within(linha).getByText('Tentando novamente')).toBeTruthy();
    expect(within(linha).getByText('Tempo esgotado')).toBeTruthy();
    fireEvent.click(within(linha).getByRole('button', { name: /Ver/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Seu laudo vence em 30 dias' });
    expect(
      await within(dialog).findByText('Conteúdo não guardado: a mensagem saiu pelo provedor.'),
    ).toBeTruthy();
  });

  it('shows the stored content in a sandboxed frame', async () => {
    mockAdminApi({
      'GET /api/admin/email/mensagens': {
        body: { mensagens: [mensagem], total: 1, pagina: 1, porPagina: 50 },
      },
      'GET /api/admin/email/mensagens/m-1': {
        body: {
          mensagem: { ...mensagem, status: 'sent', provider: 'outbox', temConteudo: true },
          conteudo: {
            from: 'nao-responda@laudos.com.br',
            replyTo: null,
            subject: 'Seu laudo vence em 30 dias',
            html: '<p>Olá Maria</p><script>alert(1)</script>',
            text: 'Olá Maria',
          },
        },
      },
    });
    renderApp(`${paths.adminEmailTemplates}?aba=mensagens`);

    fireEvent.click(await screen.findByRole('button', { name: /Ver mensagem/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Seu laudo vence em 30 dias' });
    const frame = await within(dialog).findByTitle('Conteúdo do e-mail: Seu laudo vence em 30 dias');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(within(dialog).getByText('Olá Maria')).toBeTruthy();
  });
});
