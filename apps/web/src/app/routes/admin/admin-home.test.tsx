import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Usuario } from '../../../features/usuarios/api/usuario';
import { paths } from '../../../lib/paths';
import { type ApiHandler, apiError, callsTo, mockApi } from '../../../test/api-mock';
import { admin } from '../../../test/factories';
import { renderApp } from '../../../test/render';

// The admin page is a lazy route: load its modules once up front, so that the first test's waits
// measure the page, not the transform of every module behind it on a busy machine.
beforeAll(async () => {
  await import('./admin-home');
}, 30_000);

const SOUZA = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const LIMA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';

function usuario(overrides: Partial<Usuario>): Usuario {
  return {
    id: 'u-1',
    nome: 'Maria Souza',
    email: 'maria@metalurgica.com.br',
    tipo: 'cliente',
    empresa: 'Metalúrgica Souza',
    empresaId: SOUZA,
    papel: 'gestor',
    telefone: null,
    ativo: true,
    primeiroAcesso: false,
    plano: { id: 'p-basico', nome: 'Básico' },
    criadoEm: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

const planoBase = {
  descricao: null,
  ativo: true,
  padrao: false,
  maxLaudos: 100,
  maxUsuarios: 3,
  notificacoes: true,
  whatsappAlerts: false,
  emailSupport: true,
  prioritySupport: false,
  customReports: false,
  apiAccess: false,
  dataExport: false,
  customBranding: false,
  usuarios: 0,
};

const planos = [
  { ...planoBase, id: 'p-pro', nome: 'Profissional', preco: 249.9, usuarios: 2 },
  { ...planoBase, id: 'p-basico', nome: 'Básico', preco: 99.9, padrao: true, usuarios: 5 },
];

const usuarios = [
  usuario({}),
  usuario({
    id: 'u-2',
    nome: 'João Lima',
    email: 'joao@caldeiras.com.br',
    empresa: 'Caldeiras Lima',
    empresaId: LIMA,
    papel: 'membro',
    primeiroAcesso: true,
    ativo: false,
    plano: null,
  }),
];

function mockAdminApi(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: admin() },
    'GET /api/admin/usuarios': { body: { usuarios, total: 2, pagina: 1, porPagina: 20 } },
    'GET /api/admin/planos': { body: { planos } },
    ...extra,
  });
}

describe('admin: usuários', () => {
  it('lists the users the API returns, with their company and role, plan and state', async () => {
    const fetchMock = mockAdminApi();
    renderApp(paths.admin);

    const maria = await screen.findByRole('row', { name: /Maria Souza/ });
    expect(within(maria).getByText('maria@metalurgica.com.br')).toBeTruthy();
    expect(within(maria).getByText('Básico')).toBeTruthy();
    expect(within(maria).getByText('Ativo')).toBeTruthy();
    expect(within(maria).getByText('Metalúrgica Souza')).toBeTruthy();
    expect(within(maria).getByText('Gestor')).toBeTruthy();

    const joao = screen.getByRole('row', { name: /João Lima/ });
    expect(within(joao).getByText('Caldeiras Lima')).toBeTruthy();
    expect(within(joao).getByText('Membro')).toBeTruthy();
    expect(within(joao).getByText('Inativo')).toBeTruthy();
    expect(within(joao).getByText('Primeiro acesso pendente')).toBeTruthy();
    fireEvent.click(within(joao).getByRole('button', { name: 'Ações para João Lima' }));
    expect(screen.getByRole('menuitem', { name: 'Reativar' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Desativar' })).toBeNull();

    expect(screen.getByText('2 usuários encontrados.')).toBeTruthy();
    const [url] =
      fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/admin/usuarios')) ?? [];
    expect(String(url)).toBe('/api/admin/usuarios?pagina=1&porPagina=20');
  });

  it('says "Não informado" for a user without a company, as every screen does', async () => {
    mockAdminApi({
      'GET /api/admin/usuarios': {
        body: {
          usuarios: [usuario({ empresa: null, empresaId: null, papel: null })],
          total: 1,
          pagina: 1,
          porPagina: 20,
        },
      },
    });
    renderApp(paths.admin);

    const maria = await screen.findByRole('row', { name: /Maria Souza/ });
    expect(within(maria).getByText('Não informado')).toBeTruthy();
    expect(within(maria).queryByText('Não informada')).toBeNull();
  });

  it('names the user and warns about their laudos before deleting', async () => {
    const fetchMock = mockAdminApi({ 'DELETE /api/admin/usuarios/u-1': { status: 204 } });
    renderApp(paths.admin);

    await escolherAcao('Maria Souza', 'Excluir');

    const dialog = await screen.findByRole('dialog', { name: 'Excluir Maria Souza?' });
    expect(dialog.textContent).toContain('maria@metalurgica.com.br');
    expect(dialog.textContent).toContain('todos os laudos e arquivos');
    expect(callsTo(fetchMock, 'DELETE /api/admin/usuarios/u-1')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir usuário' }));

    expect(await screen.findByText('Maria Souza foi excluído.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/admin/usuarios/u-1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows in the dialog why a delete was refused', async () => {
    mockAdminApi({
      'DELETE /api/admin/usuarios/u-1': apiError(
        400,
        'DADOS_INVALIDOS',
        'Você não pode deletar sua própria conta',
      ),
    });
    renderApp(paths.admin);

    await escolherAcao('Maria Souza', 'Excluir');
    const dialog = await screen.findByRole('dialog', { name: 'Excluir Maria Souza?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir usuário' }));

    expect(await within(dialog).findByText('Você não pode deletar sua própria conta')).toBeTruthy();
  });

  it('creates a user and says where the temporary password went', async () => {
    const fetchMock = mockAdminApi({
      'POST /api/admin/usuarios': {
        status: 201,
        body: { usuario: usuario({ id: 'u-3', nome: 'Carla Dias', email: 'carla@exemplo.com.br' }) },
      },
    });
    renderApp(paths.admin);

    fireEvent.click(await screen.findByRole('button', { name: 'Novo usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário' });
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Carla Dias' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'carla@exemplo.com.br' } });
    fireEvent.change(within(dialog).getByLabelText('Plano'), { target: { value: 'p-pro' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar usuário' }));

    expect(
      await screen.findByText('Usuário criado. A senha temporária foi enviada para carla@exemplo.com.br.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/usuarios')).toEqual([
      { nome: 'Carla Dias', email: 'carla@exemplo.com.br', tipo: 'cliente', planoId: 'p-pro' },
    ]);
  });

  it('puts a user in a company chosen from the list, with a role, and sends only that change', async () => {
    const fetchMock = mockAdminApi({
      'GET /api/admin/usuarios/u-2/bloqueios': {
        body: {
          enderecos: [],
          conta: null,
          limites: { porEndereco: 8, porConta: 50, intervaloSegundos: 10 },
        },
      },
      'GET /api/admin/empresas/opcoes': {
        body: {
          empresas: [
            { id: SOUZA, nome: 'Metalúrgica Souza', cnpj: null },
            { id: LIMA, nome: 'Caldeiras Lima', cnpj: '11222333000181' },
          ],
        },
      },
      'PATCH /api/admin/usuarios/u-2': ({ body }) => ({
        body: { usuario: usuario({ id: 'u-2', nome: 'João Lima', ...(body as object) }) },
      }),
    });
    renderApp(paths.admin);

    await escolherAcao('João Lima', 'Editar');
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
    const empresa = within(dialog).getByRole('combobox', { name: /Empresa/ }) as HTMLInputElement;
    expect(empresa.value).toBe('Caldeiras Lima');
    expect((within(dialog).getByLabelText('Papel na empresa') as HTMLSelectElement).value).toBe('membro');

    // Another company, chosen with the keyboard, as its gestor.
    fireEvent.change(empresa, { target: { value: '' } });
    expect(within(dialog).queryByLabelText('Papel na empresa')).toBeNull();
    fireEvent.keyDown(empresa, { key: 'ArrowDown' });
    const souza = await within(dialog).findByRole('option', { name: 'Metalúrgica Souza' });
    fireEvent.keyDown(empresa, { key: 'ArrowDown' });
    expect(empresa.getAttribute('aria-activedescendant')).toBe(souza.id);
    fireEvent.keyDown(empresa, { key: 'Enter' });
    expect(empresa.value).toBe('Metalúrgica Souza');
    fireEvent.change(within(dialog).getByLabelText('Papel na empresa'), { target: { value: 'gestor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Dados de João Lima salvos.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/admin/usuarios/u-2')).toEqual([
      {
        nome: 'João Lima',
        tipo: 'cliente',
        empresaId: SOUZA,
        papel: 'gestor',
        telefone: null,
        planoId: null,
      },
    ]);
  });

  it('does not save a company name typed but not chosen from the list', async () => {
    const fetchMock = mockAdminApi({
      'GET /api/admin/usuarios/u-2/bloqueios': {
        body: {
          enderecos: [],
          conta: null,
          limites: { porEndereco: 8, porConta: 50, intervaloSegundos: 10 },
        },
      },
      'GET /api/admin/empresas/opcoes': { body: { empresas: [] } },
    });
    renderApp(paths.admin);

    await escolherAcao('João Lima', 'Editar');
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
    const empresa = within(dialog).getByRole('combobox', { name: /Empresa/ });
    fireEvent.change(empresa, { target: { value: 'Caldeiras Lim' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));

    expect(
      await within(dialog).findByText(
        'Escolha a empresa na lista, ou apague o texto para deixar a pessoa sem empresa.',
      ),
    ).toBeTruthy();
    expect(empresa.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'PATCH /api/admin/usuarios/u-2')).toHaveLength(0);
  });

  it("shows the server's refusal when the company is at its plan's limit", async () => {
    const limite =
      'Limite do plano atingido: o plano Básico permite até 3 usuários. Fale conosco para mudar de plano.';
    const fetchMock = mockAdminApi({
      'GET /api/admin/empresas/opcoes': {
        body: { empresas: [{ id: LIMA, nome: 'Caldeiras Lima', cnpj: null }] },
      },
      'POST /api/admin/usuarios': apiError(409, 'LIMITE_USUARIOS', limite),
    });
    renderApp(paths.admin);

    fireEvent.click(await screen.findByRole('button', { name: 'Novo usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário' });
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Carla Dias' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'carla@lima.com.br' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Empresa/ }), {
      target: { value: 'Lima' },
    });
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Caldeiras Lima' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar usuário' }));

    expect(await within(dialog).findByText(limite)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/usuarios')).toEqual([
      { nome: 'Carla Dias', email: 'carla@lima.com.br', tipo: 'cliente', empresaId: LIMA },
    ]);
  });

  it('shows the result of the sync', async () => {
    mockAdminApi({
      'POST /api/admin/usuarios/sincronizar': {
        body: { perfisCriados: 2, contasSemPerfil: ['orfa@exemplo.com.br'] },
      },
    });
    renderApp(paths.admin);

    fireEvent.click(await screen.findByRole('button', { name: 'Sincronizar usuários' }));

    expect(await screen.findByText('Sincronização concluída: 2 perfis criados.')).toBeTruthy();
    expect(screen.getByText('Contas ainda sem perfil: orfa@exemplo.com.br.')).toBeTruthy();
  });
});

describe('admin: bloqueios de acesso', () => {
  it("shows on the user's screen the blocked addresses and the account's total, and clears them", async () => {
    let bloqueios: unknown = {
      enderecos: [
        { ip: '203.0.113.7', falhas: 8, bloqueado: true, ate: '2026-11-24T15:30:00.000Z' },
        { ip: '198.51.100.2', falhas: 2, bloqueado: false, ate: '2026-11-24T15:20:00.000Z' },
      ],
      conta: { falhas: 10, lenta: false, ate: '2026-11-24T15:20:00.000Z' },
      limites: { porEndereco: 8, porConta: 50, intervaloSegundos: 10 },
    };
    const vazio = {
      enderecos: [],
      conta: null,
      limites: { porEndereco: 8, porConta: 50, intervaloSegundos: 10 },
    };
    const fetchMock = mockAdminApi({
      'GET /api/admin/usuarios/u-1/bloqueios': () => ({ body: bloqueios }),
      'DELETE /api/admin/usuarios/u-1/bloqueios': () => {
        bloqueios = vazio;
        return { status: 204 };
      },
    });
    renderApp(paths.admin);

    await escolherAcao('Maria Souza', 'Editar');
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
    const secao = await within(dialog).findByRole('region', { name: 'Bloqueios de acesso' });
    const bloqueado = await within(secao).findByRole('row', { name: /203\.0\.113\.7/ });
    expect(within(bloqueado).getByText('8')).toBeTruthy();
    expect(within(bloqueado).getByText('Bloqueado')).toBeTruthy();
    expect(within(bloqueado).getByText(/^até \d{2}\/11\/2026/)).toBeTruthy();
    const livre = within(secao).getByRole('row', { name: /198\.51\.100\.2/ });
    expect(within(livre).getByText('Não bloqueado')).toBeTruthy();
    expect(within(livre).getByText(/^zera em \d{2}\/11\/2026/)).toBeTruthy();
    expect(within(secao).getByText(/No total: 10 tentativas erradas/)).toBeTruthy();

    fireEvent.click(within(secao).getByRole('button', { name: 'Liberar acesso' }));

    expect(await screen.findByText('Acesso de Maria Souza liberado.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/admin/usuarios/u-1/bloqueios')).toHaveLength(1);
    expect(
      await within(secao).findByText('Nenhuma tentativa de entrada errada nos últimos 15 minutos.'),
    ).toBeTruthy();
  });

  it('says when the account is slowed down for everyone', async () => {
    mockAdminApi({
      'GET /api/admin/usuarios/u-1/bloqueios': {
        body: {
          enderecos: [],
          conta: { falhas: 61, lenta: true, ate: '2026-11-24T15:20:00.000Z' },
          limites: { porEndereco: 8, porConta: 50, intervaloSegundos: 10 },
        },
      },
    });
    renderApp(paths.admin);

    await escolherAcao('Maria Souza', 'Editar');
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
    expect(await within(dialog).findByText(/Conta em ritmo lento: 61 tentativas erradas/)).toBeTruthy();
    expect(within(dialog).getByText(/uma tentativa a cada 10 segundos/)).toBeTruthy();
  });
});

describe('admin: planos', () => {
  it('lists the plans cheapest first, in reais, with the default one marked', async () => {
    mockAdminApi();
    renderApp(`${paths.admin}?aba=planos`);

    const rows = await screen.findAllByRole('row');
    const [, first, second] = rows;
    expect(first?.textContent).toContain('Básico');
    expect(first?.textContent).toContain('Padrão');
    expect(first?.textContent).toMatch(/R\$\s99,90/);
    expect(second?.textContent).toContain('Profissional');
    expect(screen.getByRole('tab', { name: 'Planos' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Ativo (plano Básico)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });
});

describe('admin: configurações', () => {
  const settings = {
    mode: 'production',
    notifications: { email: true, whatsapp: true, sms: false, tiposObrigatorios: ['lembrete_vencido'] },
    features: { fileUpload: true, pdfViewer: true, excelViewer: true, multipleUsers: true },
    branding: { companyName: 'Laudos Engenharia', primaryColor: '#0BA2E9', logo: null },
    contact: {
      email: 'contato@laudos.com.br',
      phone: '(11) 4000-0000',
      whatsapp: '5511999999999',
      address: 'São Paulo - SP',
      website: 'https://laudos.com.br',
    },
    limits: { maxFileSizeMb: 25, maxLaudosPerClient: 100, maxUsers: 50 },
    security: { requireTwoFactorForAdmins: false },
    whatsapp: {
      modeloAntes: 'laudo_vencendo',
      modeloDepois: 'laudo_vencido',
      modeloConfirmacao: 'renovacao_recebida',
      modeloResumo: 'resumo_mensal',
    },
    plans: { recommendedPlanId: null as string | null },
    auditoria: { retencaoDias: 730 },
  };

  it('marks the wrong field and does not save', async () => {
    const fetchMock = mockAdminApi({ 'GET /api/admin/settings': { body: settings } });
    renderApp(`${paths.admin}?aba=configuracoes`);

    fireEvent.change(await screen.findByLabelText('WhatsApp'), { target: { value: '(11) 99999-9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));

    const whatsapp = screen.getByLabelText('WhatsApp');
    expect(whatsapp.getAttribute('aria-invalid')).toBe('true');
    expect(whatsapp.getAttribute('aria-describedby')).toContain(whatsapp.id);
    expect(screen.getByText('Use apenas dígitos, com DDI e DDD (ex.: 5511999999999).')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toHaveLength(0);
  });

  it('saves the whole object with PUT', async () => {
    const fetchMock = mockAdminApi({
      'GET /api/admin/settings': { body: settings },
      'PUT /api/admin/settings': ({ body }) => ({ body }),
    });
    renderApp(`${paths.admin}?aba=configuracoes`);

    fireEvent.click(await screen.findByLabelText('Sandbox (teste)'));
    fireEvent.change(screen.getByLabelText('Cor primária'), { target: { value: '#112233' } });
    fireEvent.click(screen.getByLabelText('Exigir verificação em duas etapas para administradores'));
    // Avisos obrigatórios (decision 035): the monthly report joins the after-expiry notices.
    expect((screen.getByLabelText('Avisos de laudo vencido') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Resumo mensal'));
    fireEvent.change(screen.getByLabelText('Retenção do registro de auditoria (dias)'), {
      target: { value: '365' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));

    expect(await screen.findByText('Configurações salvas')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([
      {
        ...settings,
        notifications: {
          ...settings.notifications,
          tiposObrigatorios: ['lembrete_vencido', 'resumo_mensal'],
        },
        mode: 'sandbox',
        branding: { ...settings.branding, primaryColor: '#112233' },
        security: { requireTwoFactorForAdmins: true },
        auditoria: { retencaoDias: 365 },
      },
    ]);
  });

  it('chooses the recommended plan among the plans, inactive ones named so, and saves it', async () => {
    const pro = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
    const antigo = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
    const fetchMock = mockAdminApi({
      'GET /api/admin/settings': { body: settings },
      'GET /api/admin/planos': {
        body: {
          planos: [
            { ...planoBase, id: pro, nome: 'Profissional', preco: 249.9 },
            { ...planoBase, id: antigo, nome: 'Antigo', preco: 10, ativo: false },
          ],
        },
      },
      'PUT /api/admin/settings': ({ body }) => ({ body }),
    });
    renderApp(`${paths.admin}?aba=configuracoes`);

    const escolha = (await screen.findByLabelText('Plano recomendado')) as HTMLSelectElement;
    expect(escolha.value).toBe('');
    await waitFor(() =>
      expect([...escolha.options].map((o) => o.text)).toEqual(['Nenhum', 'Antigo (inativo)', 'Profissional']),
    );
    fireEvent.change(escolha, { target: { value: pro } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));

    expect(await screen.findByText('Configurações salvas')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([
      { ...settings, plans: { recommendedPlanId: pro } },
    ]);
  });

  it("marks the fields of a 400's field-by-field list", async () => {
    mockAdminApi({
      'GET /api/admin/settings': { body: settings },
      'PUT /api/admin/settings': {
        status: 400,
        body: {
          error: {
            code: 'DADOS_INVALIDOS',
            message: 'Dados inválidos.',
            campos: [{ campo: 'contact.whatsapp', mensagem: 'Formato inválido' }],
          },
        },
      },
    });
    renderApp(`${paths.admin}?aba=configuracoes`);

    fireEvent.click(await screen.findByRole('button', { name: 'Salvar configurações' }));

    expect(await screen.findByText('Confira os campos marcados: WhatsApp.')).toBeTruthy();
    expect(screen.getByLabelText('WhatsApp').getAttribute('aria-invalid')).toBe('true');
    // The server's reason, beside the field it refused.
    expect(screen.getByText('Formato inválido')).toBeTruthy();
  });
});

/** Opens a user's row menu ("Ações para …") and chooses one of its actions. */
async function escolherAcao(nome: string, acao: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Ações para ${nome}` }));
  fireEvent.click(screen.getByRole('menuitem', { name: acao }));
}
