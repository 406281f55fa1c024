import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Empresa, Equipe, PedidoEmpresa } from '../../../features/empresas/api/empresa';
import { adminEmpresaHref, paths } from '../../../lib/paths';
import { type ApiHandler, apiError, callsTo, mockApi } from '../../../test/api-mock';
import { admin } from '../../../test/factories';
import { renderApp } from '../../../test/render';

// Lazy routes: load their modules once up front, so the first test's waits measure the page.
beforeAll(async () => {
  await Promise.all([import('./admin-home'), import('./empresa')]);
}, 30_000);

const PRO = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const BASICO = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const ACME = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const SOUZA = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

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
  { ...planoBase, id: BASICO, nome: 'Básico', preco: 99.9, padrao: true },
  { ...planoBase, id: PRO, nome: 'Profissional', preco: 249.9, maxUsuarios: 15, apiAccess: true },
];

function empresa(overrides: Partial<Empresa> = {}): Empresa {
  return {
    id: ACME,
    razaoSocial: 'Acme Caldeiras Industriais Ltda.',
    nomeFantasia: 'Acme Caldeiras',
    cnpj: '11222333000181',
    endereco: 'Rua das Indústrias, 100, São Paulo - SP',
    emailContato: 'contato@acme.com.br',
    telefone: '(11) 4000-1000',
    plano: { id: BASICO, nome: 'Básico' },
    ativo: true,
    usuarios: { usados: 2, limite: 3 },
    laudos: { usados: 40, limite: 100 },
    criadoEm: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

function pagina(empresas: Empresa[], pedidosPendentes = 0) {
  return { body: { empresas, total: empresas.length, pagina: 1, porPagina: 20, pedidosPendentes } };
}

function pedido(overrides: Partial<PedidoEmpresa> = {}): PedidoEmpresa {
  return {
    id: 'pd-1',
    usuario: { id: 'u-joao', nome: 'João Lima', email: 'joao@acme.com.br', emailVerificado: true },
    nome: 'Acme',
    cnpj: null,
    sugestao: { id: ACME, nome: 'Acme Caldeiras', cnpj: '11222333000181' },
    criadoEm: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

function mockAdminApi(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: admin() },
    'GET /api/admin/planos': { body: { planos } },
    'GET /api/admin/empresas': pagina([
      empresa(),
      empresa({
        id: SOUZA,
        razaoSocial: 'Metalúrgica Souza S.A.',
        nomeFantasia: 'Metalúrgica Souza',
        cnpj: null,
        plano: null,
        ativo: false,
        usuarios: { usados: 1, limite: null },
        laudos: { usados: 7, limite: null },
      }),
    ]),
    'GET /api/admin/pedidos-empresa': { body: { pedidos: [] } },
    ...extra,
  });
}

describe('admin: empresas', () => {
  it('lists the companies with the CNPJ formatted, the plan, the usage against it and the state', async () => {
    const fetchMock = mockAdminApi();
    renderApp(`${paths.admin}?aba=empresas`);

    const acme = await screen.findByRole('row', { name: /Acme Caldeiras/ });
    expect(within(acme).getByText('Acme Caldeiras Industriais Ltda.')).toBeTruthy();
    expect(within(acme).getByText('11.222.333/0001-81')).toBeTruthy();
    expect(within(acme).getByText('Básico')).toBeTruthy();
    expect(within(acme).getByText('2 de 3')).toBeTruthy();
    expect(within(acme).getByText('40 de 100')).toBeTruthy();
    expect(within(acme).getByText('Ativa')).toBeTruthy();
    expect(within(acme).getByRole('link', { name: 'Acme Caldeiras' }).getAttribute('href')).toBe(
      adminEmpresaHref(ACME),
    );

    const souza = screen.getByRole('row', { name: /Metalúrgica Souza/ });
    expect(within(souza).getByText('Não informado')).toBeTruthy();
    expect(within(souza).getByText('Sem plano')).toBeTruthy();
    expect(within(souza).getByText('1 (sem limite)')).toBeTruthy();
    expect(within(souza).getByText('Inativa')).toBeTruthy();

    expect(screen.getByText('2 empresas encontradas.')).toBeTruthy();
    const [url] =
      fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/admin/empresas?')) ?? [];
    expect(String(url)).toBe('/api/admin/empresas?pagina=1&porPagina=20');
  });

  it('searches by name or CNPJ and filters by plan, from the first page', async () => {
    const fetchMock = mockAdminApi();
    renderApp(`${paths.admin}?aba=empresas`);

    await screen.findByRole('row', { name: /Acme Caldeiras/ });
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: '11.222.333' } });
    fireEvent.change(screen.getByLabelText('Plano'), { target: { value: PRO } });

    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        `/api/admin/empresas?busca=11.222.333&planoId=${PRO}&pagina=1&porPagina=20`,
      ),
    );
  });

  it('creates a company, checking the CNPJ digits before sending', async () => {
    const fetchMock = mockAdminApi({
      'POST /api/admin/empresas': ({ body }) => ({
        status: 201,
        body: {
          empresa: empresa({ id: 'e-nova', nomeFantasia: (body as { nomeFantasia: string }).nomeFantasia }),
        },
      }),
    });
    renderApp(`${paths.admin}?aba=empresas`);

    fireEvent.click(await screen.findByRole('button', { name: 'Nova empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova empresa' });
    fireEvent.change(within(dialog).getByLabelText('Razão social'), {
      target: { value: 'Prensas Beta Ltda.' },
    });
    fireEvent.change(within(dialog).getByLabelText('Nome fantasia'), { target: { value: 'Prensas Beta' } });
    fireEvent.change(within(dialog).getByLabelText(/CNPJ/), { target: { value: '11.222.333/0001-82' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar empresa' }));

    const cnpj = within(dialog).getByLabelText(/CNPJ/);
    expect(await within(dialog).findByText('CNPJ inválido: confira os dígitos.')).toBeTruthy();
    expect(cnpj.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST /api/admin/empresas')).toHaveLength(0);

    fireEvent.change(cnpj, { target: { value: '45.723.174/0001-10' } });
    fireEvent.change(within(dialog).getByLabelText('Plano'), { target: { value: PRO } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar empresa' }));

    expect(await screen.findByText('Empresa Prensas Beta criada.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/empresas')).toEqual([
      {
        razaoSocial: 'Prensas Beta Ltda.',
        nomeFantasia: 'Prensas Beta',
        cnpj: '45.723.174/0001-10',
        endereco: null,
        emailContato: null,
        telefone: null,
        planoId: PRO,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("marks the CNPJ another company has (the server's 409) and keeps the dialog open", async () => {
    mockAdminApi({
      'POST /api/admin/empresas': apiError(409, 'CNPJ_DUPLICADO', 'Já existe uma empresa com este CNPJ.'),
    });
    renderApp(`${paths.admin}?aba=empresas`);

    fireEvent.click(await screen.findByRole('button', { name: 'Nova empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova empresa' });
    fireEvent.change(within(dialog).getByLabelText('Razão social'), { target: { value: 'Acme 2 Ltda.' } });
    fireEvent.change(within(dialog).getByLabelText('Nome fantasia'), { target: { value: 'Acme 2' } });
    fireEvent.change(within(dialog).getByLabelText(/CNPJ/), { target: { value: '11222333000181' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar empresa' }));

    expect(await within(dialog).findByText('Já existe uma empresa com este CNPJ.')).toBeTruthy();
    expect(within(dialog).getByLabelText(/CNPJ/).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('admin: pedidos de acesso', () => {
  const pedidos = [
    pedido(),
    pedido({
      id: 'pd-2',
      usuario: { id: 'u-carla', nome: 'Carla Dias', email: 'carla@prensas.com.br', emailVerificado: false },
      nome: 'Prensas Beta',
      cnpj: '45723174000110',
      sugestao: null,
    }),
  ];

  function mockPedidos(extra: Record<string, ApiHandler> = {}) {
    return mockAdminApi({
      'GET /api/admin/empresas': pagina([empresa()], 2),
      'GET /api/admin/pedidos-empresa': { body: { pedidos } },
      'GET /api/admin/empresas/opcoes': {
        body: { empresas: [{ id: ACME, nome: 'Acme Caldeiras', cnpj: '11222333000181' }] },
      },
      ...extra,
    });
  }

  it('shows who asked, whether their e-mail is proven, what they asked and the suggestion', async () => {
    mockPedidos();
    renderApp(`${paths.admin}?aba=empresas`);

    expect(await screen.findByText('2 pedidos de acesso pendentes')).toBeTruthy();
    const secao = await screen.findByRole('region', { name: /Pedidos de acesso/ });
    const joao = within(secao).getByRole('article', { name: 'Pedido de João Lima' });
    expect(within(joao).getByText('E-mail confirmado')).toBeTruthy();
    expect(within(joao).getByText('Acme')).toBeTruthy();
    expect(within(joao).getByText('Acme Caldeiras (CNPJ 11.222.333/0001-81)')).toBeTruthy();

    const carla = within(secao).getByRole('article', { name: 'Pedido de Carla Dias' });
    expect(within(carla).getByText('E-mail não confirmado')).toBeTruthy();
    expect(within(carla).getByText('Prensas Beta · CNPJ 45.723.174/0001-10')).toBeTruthy();
    expect(within(carla).getByText('Nenhuma empresa cadastrada com esse nome ou CNPJ')).toBeTruthy();
  });

  it('joins the person to the suggested company, already chosen, in the role chosen', async () => {
    const fetchMock = mockPedidos({
      'POST /api/admin/pedidos-empresa/pd-1/aprovar': { body: { ok: true, empresaId: ACME } },
    });
    renderApp(`${paths.admin}?aba=empresas`);

    fireEvent.click(await screen.findByRole('button', { name: 'Vincular à empresa (pedido de João Lima)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vincular João Lima a uma empresa' });
    expect((within(dialog).getByRole('combobox', { name: 'Empresa' }) as HTMLInputElement).value).toBe(
      'Acme Caldeiras',
    );
    // The role is left to the server unless chosen: gestor when the company has none yet.
    expect((within(dialog).getByLabelText('Papel na empresa') as HTMLSelectElement).value).toBe('');
    fireEvent.change(within(dialog).getByLabelText('Papel na empresa'), { target: { value: 'membro' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vincular' }));

    expect(await screen.findByText('João Lima agora faz parte de Acme Caldeiras.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/pedidos-empresa/pd-1/aprovar')).toEqual([
      { empresaId: ACME, papel: 'membro' },
    ]);
  });

  it('asks for a company from the list when none is chosen, and shows why the server refused', async () => {
    const limite =
      'Limite do plano atingido: o plano Básico permite até 3 usuários. Fale conosco para mudar de plano.';
    const fetchMock = mockPedidos({
      'POST /api/admin/pedidos-empresa/pd-2/aprovar': apiError(409, 'LIMITE_USUARIOS', limite),
    });
    renderApp(`${paths.admin}?aba=empresas`);

    fireEvent.click(await screen.findByRole('button', { name: 'Vincular à empresa (pedido de Carla Dias)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vincular Carla Dias a uma empresa' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vincular' }));
    expect(within(dialog).getByText('Escolha uma empresa da lista.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/pedidos-empresa/pd-2/aprovar')).toHaveLength(0);

    const campo = within(dialog).getByRole('combobox', { name: 'Empresa' });
    fireEvent.change(campo, { target: { value: 'acme' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: /Acme Caldeiras/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vincular' }));

    expect(await within(dialog).findByText(limite)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/pedidos-empresa/pd-2/aprovar')).toEqual([{ empresaId: ACME }]);
  });

  it('creates the company the person asked for, prefilled, with them as its gestor', async () => {
    const fetchMock = mockPedidos({
      'POST /api/admin/pedidos-empresa/pd-2/aprovar': { body: { ok: true, empresaId: 'e-nova' } },
    });
    renderApp(`${paths.admin}?aba=empresas`);

    fireEvent.click(await screen.findByRole('button', { name: 'Criar empresa (pedido de Carla Dias)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar empresa para Carla Dias' });
    expect((within(dialog).getByLabelText('Nome fantasia') as HTMLInputElement).value).toBe('Prensas Beta');
    expect((within(dialog).getByLabelText(/CNPJ/) as HTMLInputElement).value).toBe('45.723.174/0001-10');
    expect(within(dialog).getByText(/entra na empresa como/).textContent).toContain('gestor');
    fireEvent.change(within(dialog).getByLabelText('Razão social'), {
      target: { value: 'Prensas Beta Indústria Ltda.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar empresa e vincular' }));

    expect(await screen.findByText('Empresa Prensas Beta criada, com Carla Dias como gestor.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/pedidos-empresa/pd-2/aprovar')).toEqual([
      {
        nova: {
          razaoSocial: 'Prensas Beta Indústria Ltda.',
          nomeFantasia: 'Prensas Beta',
          cnpj: '45.723.174/0001-10',
          endereco: null,
          emailContato: null,
          telefone: null,
        },
        papel: 'gestor',
      },
    ]);
  });

  it('refuses a request only after confirming', async () => {
    const fetchMock = mockPedidos({ 'POST /api/admin/pedidos-empresa/pd-1/recusar': { body: { ok: true } } });
    renderApp(`${paths.admin}?aba=empresas`);

    fireEvent.click(await screen.findByRole('button', { name: 'Recusar (pedido de João Lima)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar o pedido de João Lima?' });
    expect(dialog.textContent).toContain('vê apenas os laudos enviados a joao@acme.com.br');
    expect(callsTo(fetchMock, 'POST /api/admin/pedidos-empresa/pd-1/recusar')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar pedido' }));

    expect(await screen.findByText('Pedido de João Lima recusado.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/pedidos-empresa/pd-1/recusar')).toHaveLength(1);
  });
});

describe('admin: a página da empresa', () => {
  const limite =
    'Limite do plano atingido: o plano Básico permite até 3 usuários. Fale conosco para mudar de plano.';

  function equipe(overrides: Partial<Equipe> = {}): Equipe {
    return {
      empresa: empresa({ usuarios: { usados: 3, limite: 3 } }),
      pessoas: [
        {
          id: 'u-ana',
          nome: 'Ana Gestora',
          email: 'ana@acme.com.br',
          papel: 'gestor',
          ativo: true,
          receberLembretes: true,
        },
        {
          id: 'u-bruno',
          nome: 'Bruno Membro',
          email: 'bruno@acme.com.br',
          papel: 'membro',
          ativo: true,
          receberLembretes: false,
        },
      ],
      convites: [
        {
          id: 'c-1',
          email: 'carla@acme.com.br',
          nome: 'Carla',
          papel: 'membro',
          expiraEm: '2026-11-27T12:00:00.000Z',
          expirado: false,
          criadoEm: '2026-11-20T12:00:00.000Z',
        },
        {
          id: 'c-2',
          email: 'davi@acme.com.br',
          nome: null,
          papel: 'gestor',
          expiraEm: '2026-11-10T12:00:00.000Z',
          expirado: true,
          criadoEm: '2026-11-03T12:00:00.000Z',
        },
      ],
      ...overrides,
    };
  }

  function mockEmpresa(extra: Record<string, ApiHandler> = {}) {
    return mockAdminApi({
      [`GET /api/admin/empresas/${ACME}`]: { body: equipe() },
      [`GET /api/admin/empresas/${ACME}/marca`]: { body: { cor: '#0b5394', logoUrl: null, ativa: false } },
      ...extra,
    });
  }

  it("the company's branding: the admin edits it even when the plan does not show it yet, and is told so", async () => {
    mockEmpresa();
    renderApp(adminEmpresaHref(ACME));
    const secao = await screen.findByRole('region', { name: 'Marca da empresa' });
    expect(
      await within(secao).findByText(/O plano desta empresa não inclui marca personalizada/),
    ).toBeTruthy();
    expect(((await within(secao).findByLabelText('Cor da empresa')) as HTMLInputElement).value).toBe(
      '#0b5394',
    );
    expect(within(secao).getByText('Enviar logo')).toBeTruthy();
  });

  it("the company's API keys: listed with their prefix and last use, and the 'Nova chave' button, when its plan includes them", async () => {
    const fetchMock = mockEmpresa({
      [`GET /api/admin/empresas/${ACME}`]: {
        body: equipe({ empresa: empresa({ plano: { id: PRO, nome: 'Profissional' } }) }),
      },
      [`GET /api/admin/empresas/${ACME}/chaves-api`]: {
        body: {
          chaves: [
            {
              id: 'k-1',
              nome: 'ERP da Acme',
              prefixo: 'laudos_Xy12',
              criadoEm: '2026-11-20T12:00:00.000Z',
              criadoPor: 'Ana Gestora',
              ultimoUsoEm: null,
              revogadoEm: null,
            },
          ],
          maxAtivas: 10,
        },
      },
    });
    renderApp(adminEmpresaHref(ACME));
    const secao = await screen.findByRole('region', { name: 'Chaves de API' });
    const linha = await within(secao).findByRole('row', { name: /ERP da Acme/ });
    expect(linha.textContent).toContain('laudos_Xy12…');
    expect(linha.textContent).toContain('Nunca usada');
    expect(within(secao).getByRole('button', { name: 'Nova chave' })).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/api/admin/empresas/${ACME}/chaves-api`)),
    ).toBe(true);
  });

  it('on a plan without API access, the keys section says so and lists nothing', async () => {
    mockEmpresa();
    renderApp(adminEmpresaHref(ACME));
    const secao = await screen.findByRole('region', { name: 'Chaves de API' });
    expect(secao.textContent).toContain('O plano desta empresa não inclui acesso à API.');
    expect(within(secao).queryByRole('button', { name: 'Nova chave' })).toBeNull();
  });

  it('shows the data, the plan usage, the people and the invitations, expired ones marked', async () => {
    mockEmpresa();
    renderApp(adminEmpresaHref(ACME));

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Caldeiras' })).toBeTruthy();
    const dados = screen.getByRole('region', { name: 'Dados da empresa' });
    expect(within(dados).getByText('11.222.333/0001-81')).toBeTruthy();
    expect(within(dados).getByText('contato@acme.com.br')).toBeTruthy();
    const plano = screen.getByRole('region', { name: 'Plano e uso' });
    expect(within(plano).getByText('Básico')).toBeTruthy();
    expect(within(plano).getByText(/3 de 3/).textContent).toContain('limite atingido');
    expect(within(plano).getByText('40 de 100')).toBeTruthy();
    // The company's full export (a ZIP with the laudos and their files), with its progress.
    expect(within(plano).getByRole('button', { name: 'Exportar dados da empresa' })).toBeTruthy();
    // And its situation report, as a PDF.
    expect(within(plano).getByRole('button', { name: 'Relatório de situação (PDF)' })).toBeTruthy();

    const ana = screen.getByRole('row', { name: /Ana Gestora/ });
    expect((within(ana).getByLabelText('Papel de Ana Gestora') as HTMLSelectElement).value).toBe('gestor');
    expect(
      within(ana)
        .getByRole('switch', { name: /Recebe lembretes/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    const bruno = screen.getByRole('row', { name: /Bruno Membro/ });
    expect(
      within(bruno)
        .getByRole('switch', { name: /Recebe lembretes/ })
        .getAttribute('aria-checked'),
    ).toBe('false');

    const davi = screen.getByRole('row', { name: /davi@acme\.com\.br/ });
    expect(within(davi).getByText('Expirado')).toBeTruthy();
    expect(within(davi).getByText('Gestor')).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: /carla@acme\.com\.br/ })).queryByText('Expirado'),
    ).toBeNull();

    expect(screen.getByRole('link', { name: 'Ver laudos da empresa' }).getAttribute('href')).toBe(
      `/admin?aba=laudos&empresa=${ACME}`,
    );
  });

  it('changes a role, and shows the last-gestor refusal as the server sent it', async () => {
    const ultimo = 'A empresa precisa de pelo menos um gestor ativo.';
    const fetchMock = mockEmpresa({
      [`PATCH /api/admin/empresas/${ACME}/pessoas/u-ana`]: apiError(409, 'ULTIMO_GESTOR', ultimo),
      [`PATCH /api/admin/empresas/${ACME}/pessoas/u-bruno`]: ({ body }) => ({
        body: {
          pessoa: {
            id: 'u-bruno',
            nome: 'Bruno Membro',
            email: 'bruno@acme.com.br',
            papel: 'gestor',
            ativo: true,
            receberLembretes: false,
            ...(body as object),
          },
        },
      }),
    });
    renderApp(adminEmpresaHref(ACME));

    fireEvent.change(await screen.findByLabelText('Papel de Bruno Membro'), { target: { value: 'gestor' } });
    expect(await screen.findByText('Bruno Membro agora é gestor.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Papel de Ana Gestora'), { target: { value: 'membro' } });
    expect(await screen.findByText(ultimo)).toBeTruthy();
    expect(screen.getByText('Não foi possível alterar Ana Gestora')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Papel de Ana Gestora') as HTMLSelectElement).value).toBe('gestor'),
    );
    expect(callsTo(fetchMock, `PATCH /api/admin/empresas/${ACME}/pessoas/u-bruno`)).toEqual([
      { papel: 'gestor' },
    ]);
    expect(callsTo(fetchMock, `PATCH /api/admin/empresas/${ACME}/pessoas/u-ana`)).toEqual([
      { papel: 'membro' },
    ]);
  });

  it("switches a person's reminders and deactivates after confirming", async () => {
    const fetchMock = mockEmpresa({
      [`PATCH /api/admin/empresas/${ACME}/pessoas/u-bruno`]: ({ body }) => ({
        body: {
          pessoa: {
            id: 'u-bruno',
            nome: 'Bruno Membro',
            email: 'bruno@acme.com.br',
            papel: 'membro',
            ativo: true,
            receberLembretes: false,
            ...(body as object),
          },
        },
      }),
    });
    renderApp(adminEmpresaHref(ACME));

    const bruno = await screen.findByRole('row', { name: /Bruno Membro/ });
    fireEvent.click(within(bruno).getByRole('switch', { name: /Recebe lembretes/ }));
    expect(await screen.findByText('Bruno Membro passa a receber os lembretes.')).toBeTruthy();

    fireEvent.click(within(bruno).getByRole('button', { name: 'Desativar Bruno Membro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar Bruno Membro?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Bruno Membro foi desativado.')).toBeTruthy();

    expect(callsTo(fetchMock, `PATCH /api/admin/empresas/${ACME}/pessoas/u-bruno`)).toEqual([
      { receberLembretes: true },
      { ativo: false },
    ]);
  });

  it("invites a person, and shows the plan's limit when the server refuses", async () => {
    let recusar = false;
    const fetchMock = mockEmpresa({
      [`POST /api/admin/empresas/${ACME}/convites`]: ({ body }) =>
        recusar
          ? apiError(409, 'LIMITE_USUARIOS', limite)
          : {
              status: 201,
              body: {
                convite: {
                  id: 'c-3',
                  nome: null,
                  expiraEm: '2026-11-28T12:00:00.000Z',
                  expirado: false,
                  criadoEm: '2026-11-21T12:00:00.000Z',
                  ...(body as { email: string; papel: string }),
                },
              },
            },
    });
    renderApp(adminEmpresaHref(ACME));

    fireEvent.click(await screen.findByRole('button', { name: 'Convidar pessoa' }));
    let dialog = await screen.findByRole('dialog', { name: 'Convidar pessoa' });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'eva@acme' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(within(dialog).getByText('Informe um e-mail válido, como nome@empresa.com.br.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'eva@acme.com.br' } });
    fireEvent.change(within(dialog).getByLabelText(/Nome/), { target: { value: 'Eva Souza' } });
    fireEvent.change(within(dialog).getByLabelText('Papel'), { target: { value: 'gestor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText('Convite enviado para eva@acme.com.br.')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/admin/empresas/${ACME}/convites`)).toEqual([
      { email: 'eva@acme.com.br', nome: 'Eva Souza', papel: 'gestor' },
    ]);

    recusar = true;
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Convidar pessoa' }));
    dialog = await screen.findByRole('dialog', { name: 'Convidar pessoa' });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'fabio@acme.com.br' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(await within(dialog).findByText(limite)).toBeTruthy();
  });

  it('resends an expired invitation and cancels another after confirming', async () => {
    const fetchMock = mockEmpresa({
      [`POST /api/admin/empresas/${ACME}/convites/c-2/reenviar`]: {
        body: {
          convite: {
            ...equipe().convites[1],
            expiraEm: '2026-11-28T12:00:00.000Z',
            expirado: false,
          },
        },
      },
      [`DELETE /api/admin/empresas/${ACME}/convites/c-1`]: { status: 204 },
    });
    renderApp(adminEmpresaHref(ACME));

    fireEvent.click(await screen.findByRole('button', { name: 'Ações para o convite de davi@acme.com.br' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Reenviar convite' }));
    expect(await screen.findByText('Convite reenviado para davi@acme.com.br.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ações para o convite de carla@acme.com.br' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cancelar convite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o convite de carla@acme.com.br?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar convite' }));
    expect(await screen.findByText('Convite de carla@acme.com.br cancelado.')).toBeTruthy();

    expect(callsTo(fetchMock, `POST /api/admin/empresas/${ACME}/convites/c-2/reenviar`)).toHaveLength(1);
    expect(callsTo(fetchMock, `DELETE /api/admin/empresas/${ACME}/convites/c-1`)).toHaveLength(1);
  });

  it('edits the data, with the plan and the active switch, sending only what changed', async () => {
    const fetchMock = mockEmpresa({
      [`PATCH /api/admin/empresas/${ACME}`]: ({ body }) => ({
        body: {
          empresa: empresa({ ...(body as Partial<Empresa>), plano: { id: PRO, nome: 'Profissional' } }),
        },
      }),
    });
    renderApp(adminEmpresaHref(ACME));

    fireEvent.click(await screen.findByRole('button', { name: 'Editar dados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Acme Caldeiras' });
    await waitFor(() =>
      expect(
        [...(within(dialog).getByLabelText('Plano') as HTMLSelectElement).options].map((o) => o.text),
      ).toEqual(['Sem plano', 'Básico', 'Profissional']),
    );
    fireEvent.change(within(dialog).getByLabelText('Plano'), { target: { value: PRO } });
    fireEvent.click(within(dialog).getByLabelText('Empresa ativa'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Dados de Acme Caldeiras salvos.')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH /api/admin/empresas/${ACME}`)).toEqual([{ planoId: PRO, ativo: false }]);
  });

  it('says so when the company does not exist', async () => {
    mockAdminApi({
      'GET /api/admin/empresas/nao-existe': apiError(404, 'NAO_ENCONTRADO', 'Empresa não encontrada.'),
    });
    renderApp(adminEmpresaHref('nao-existe'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Empresa não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar às empresas' }).getAttribute('href')).toBe(
      '/admin?aba=empresas',
    );
  });

  it("lists the company's laudos on the Laudos tab, with a notice that removes the filter", async () => {
    const fetchMock = mockEmpresa({
      'GET /api/laudos': { body: { laudos: [], total: 0, pagina: 1, porPagina: 20 } },
      'GET /api/tipos-laudo': { body: { tipos: [] } },
    });
    const { router } = renderApp(`${paths.admin}?aba=laudos&empresa=${ACME}`);

    expect(await screen.findByText('Acme Caldeiras', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText(/Filtrando pela empresa/)).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContainEqual(
        expect.stringContaining(`empresaId=${ACME}`),
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remover filtro da empresa' }));
    await waitFor(() => expect(router.state.location.search).toBe('?aba=laudos'));
    expect(screen.queryByText(/Filtrando pela empresa/)).toBeNull();
  });
});
