import { calendarDayIn, somarMeses } from '@laudos/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi } from '../../../test/api-mock';
import { admin, perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import { laudoApi, settingsPublic, tipos } from '../test/laudo-factory';

const OBRIGATORIOS = 'Dados obrigatórios faltando: nome, código, cliente e tipo são obrigatórios.';

const LIMA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOUZA = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const NOVA = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

function empresaCriada(dados: { razaoSocial: string; nomeFantasia: string }) {
  return {
    id: NOVA,
    ...dados,
    cnpj: '45723174000110',
    endereco: null,
    emailContato: null,
    telefone: null,
    plano: null,
    ativo: true,
    usuarios: { usados: 0, limite: null },
    laudos: { usados: 0, limite: null },
    criadoEm: '2026-11-21T12:00:00.000Z',
  };
}

// A lazy route: load its modules once up front, so the first test's waits measure the page, not
// the transform of every module behind it on a busy machine.
beforeAll(async () => {
  await import('./novo-laudo');
}, 30_000);

describe('/novo-laudo', () => {
  it('shows the spec message when required fields are missing, without calling the server', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/tipos-laudo': tipos,
      'GET /api/settings/public': settingsPublic,
    });
    renderApp(paths.novoLaudo);

    await screen.findByRole('heading', { level: 1, name: 'Novo laudo' });
    // A client's own e-mail comes prefilled; there is no client field for them.
    expect((screen.getByLabelText(/E-mail do cliente/) as HTMLInputElement).value).toBe(
      'maria@metalurgica.com.br',
    );
    expect(screen.queryByRole('combobox', { name: /Empresa/ })).toBeNull();
    expect((screen.getByLabelText(/Data de vencimento/) as HTMLInputElement).type).toBe('date');

    fireEvent.change(screen.getByLabelText('Nome do laudo'), { target: { value: 'Caldeira 01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar laudo' }));

    expect((await screen.findByText(OBRIGATORIOS)).closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByText('Informe o código do laudo.')).toBeTruthy();
    expect(screen.getByText('Escolha o tipo do laudo.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/laudos')).toHaveLength(0);
  });

  it('asks admins for the company, chosen from the list by keyboard, and shows the server error inline', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/tipos-laudo': tipos,
      'GET /api/settings/public': settingsPublic,
      'GET /api/admin/empresas/opcoes': ({ url }) => ({
        body: {
          empresas: [
            { id: LIMA, nome: 'Caldeiras Lima', cnpj: '11222333000181' },
            { id: SOUZA, nome: 'Metalúrgica Souza', cnpj: null },
          ].filter((e) => e.nome.toLowerCase().includes((url.searchParams.get('busca') ?? '').toLowerCase())),
        },
      }),
      'POST /api/laudos': apiError(
        409,
        'CODIGO_DUPLICADO',
        'Erro de dados: Já existe um laudo com este código',
      ),
    });
    renderApp(paths.novoLaudo);

    fireEvent.change(await screen.findByLabelText('Nome do laudo'), { target: { value: 'Caldeira 01' } });
    fireEvent.change(screen.getByLabelText(/Código/), { target: { value: 'NR13-001' } });
    await screen.findByRole('option', { name: 'NR-13' });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'NR-13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar laudo' }));
    expect((await screen.findByText(OBRIGATORIOS)).closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByText('Escolha a empresa na lista ou crie uma.')).toBeTruthy();

    const empresa = screen.getByRole('combobox', { name: 'Empresa' });
    fireEvent.change(empresa, { target: { value: 'lima' } });
    // The options of the search typed: Caldeiras Lima, not the others.
    const opcao = await waitFor(() => {
      expect(screen.queryByRole('option', { name: /Metalúrgica Souza/ })).toBeNull();
      return screen.getByRole('option', { name: /Caldeiras Lima/ });
    });
    expect(opcao.textContent).toContain('CNPJ 11.222.333/0001-81');
    fireEvent.keyDown(empresa, { key: 'ArrowDown' });
    expect(empresa.getAttribute('aria-activedescendant')).toBe(opcao.id);
    fireEvent.keyDown(empresa, { key: 'Enter' });
    expect((empresa as HTMLInputElement).value).toBe('Caldeiras Lima');
    expect(empresa.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Escolha a empresa na lista ou crie uma.')).toBeNull();

    fireEvent.change(screen.getByLabelText(/Data de vencimento/), { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar laudo' }));

    expect(await screen.findByText('Erro de dados: Já existe um laudo com este código')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/laudos')).toEqual([
      {
        nome: 'Caldeira 01',
        codigo: 'NR13-001',
        empresaId: LIMA,
        tipo: 'NR-13',
        observacoes: null,
        emailCliente: null,
        dataVencimento: '2026-12-31',
      },
    ]);
  });

  it('creates a company in place from the text typed and chooses it for the laudo', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/tipos-laudo': tipos,
      'GET /api/settings/public': settingsPublic,
      'GET /api/admin/empresas/opcoes': { body: { empresas: [] } },
      'POST /api/admin/empresas': ({ body }) => ({
        status: 201,
        body: { empresa: empresaCriada(body as { razaoSocial: string; nomeFantasia: string }) },
      }),
      'POST /api/laudos': {
        status: 201,
        body: { laudo: laudoApi({ id: 'l-novo', cliente: 'Prensas Beta' }) },
      },
      'GET /api/laudos/l-novo': { body: { laudo: laudoApi({ id: 'l-novo', cliente: 'Prensas Beta' }) } },
      'GET /api/laudos/l-novo/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-novo/respostas': { body: { respostas: [] } },
    });
    renderApp(paths.novoLaudo);

    fireEvent.change(await screen.findByLabelText('Nome do laudo'), { target: { value: 'Prensa 01' } });
    fireEvent.change(screen.getByLabelText(/Código/), { target: { value: 'NR12-001' } });
    await screen.findByRole('option', { name: 'NR-13' });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'NR-12' } });
    const empresa = screen.getByRole('combobox', { name: 'Empresa' });
    fireEvent.change(empresa, { target: { value: 'Prensas Beta' } });
    expect(await screen.findByText('Nenhuma empresa ativa encontrada.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('option', { name: 'Criar empresa “Prensas Beta”' }));

    const dialog = await screen.findByRole('dialog', { name: 'Criar empresa' });
    expect((within(dialog).getByLabelText('Nome fantasia') as HTMLInputElement).value).toBe('Prensas Beta');
    fireEvent.change(within(dialog).getByLabelText('Razão social'), {
      target: { value: 'Prensas Beta Ltda.' },
    });
    fireEvent.change(within(dialog).getByLabelText(/CNPJ/), { target: { value: '45723174000110' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar e escolher' }));

    expect(await screen.findByText('Empresa Prensas Beta criada.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((empresa as HTMLInputElement).value).toBe('Prensas Beta');
    expect(callsTo(fetchMock, 'POST /api/admin/empresas')).toEqual([
      { razaoSocial: 'Prensas Beta Ltda.', nomeFantasia: 'Prensas Beta', cnpj: '45723174000110' },
    ]);
    // Creating the company did not submit the laudo's form.
    expect(callsTo(fetchMock, 'POST /api/laudos')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Criar laudo' }));
    expect(await screen.findByText('Laudo criado')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/laudos')).toEqual([
      expect.objectContaining({ nome: 'Prensa 01', empresaId: NOVA }),
    ]);
  });

  it("prefills the due date from the type's default period, editable, and offers no type tied to an NR-13 exam", async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/tipos-laudo': {
        body: {
          tipos: [
            { nome: 'NR-12', descricao: null, periodoMeses: null, exame: null },
            { nome: 'Inspeção de elevador', descricao: null, periodoMeses: 12, exame: null },
            { nome: 'NR-13 — Exame interno', descricao: null, periodoMeses: null, exame: 'interno' },
          ],
        },
      },
      'GET /api/settings/public': settingsPublic,
      'POST /api/laudos': { status: 201, body: { laudo: laudoApi({ id: 'l-novo' }) } },
      'GET /api/laudos/l-novo': { body: { laudo: laudoApi({ id: 'l-novo' }) } },
      'GET /api/laudos/l-novo/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-novo/respostas': { body: { respostas: [] } },
    });
    renderApp(paths.novoLaudo);
    const esperada = somarMeses(calendarDayIn('America/Sao_Paulo'), 12);

    await screen.findByRole('option', { name: 'Inspeção de elevador' });
    expect(screen.queryByRole('option', { name: 'NR-13 — Exame interno' })).toBeNull();
    const data = screen.getByLabelText(/Data de vencimento/) as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'Inspeção de elevador' } });
    expect(data.value).toBe(esperada);
    expect(screen.getByText('Período padrão do tipo: 12 meses. Você pode alterar a data.')).toBeTruthy();

    // Back to a type without a period: the prefilled date goes, the old hint comes back.
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'NR-12' } });
    expect(data.value).toBe('');
    expect(screen.getByText('Sem data, o laudo fica como ativo.')).toBeTruthy();

    // A date typed by hand stays when the type changes.
    fireEvent.change(data, { target: { value: '2030-05-10' } });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'Inspeção de elevador' } });
    expect(data.value).toBe('2030-05-10');

    fireEvent.change(screen.getByLabelText('Nome do laudo'), { target: { value: 'Elevador social' } });
    fireEvent.change(screen.getByLabelText(/Código/), { target: { value: 'EL-1' } });
    fireEvent.change(data, { target: { value: esperada } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar laudo' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/laudos')).toEqual([
        expect.objectContaining({ tipo: 'Inspeção de elevador', dataVencimento: esperada }),
      ]),
    );
  });

  it("marks the field a server's 400 names", async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/tipos-laudo': tipos,
      'GET /api/settings/public': settingsPublic,
      'POST /api/laudos': {
        status: 400,
        body: {
          error: {
            code: 'DADOS_INVALIDOS',
            message: 'Dados inválidos: verifique dataVencimento.',
            campos: [{ campo: 'dataVencimento', mensagem: 'Data inválida: use o formato AAAA-MM-DD.' }],
          },
        },
      },
    });
    renderApp(paths.novoLaudo);

    fireEvent.change(await screen.findByLabelText('Nome do laudo'), { target: { value: 'Caldeira 01' } });
    fireEvent.change(screen.getByLabelText(/Código/), { target: { value: 'NR13-001' } });
    await screen.findByRole('option', { name: 'NR-13' });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'NR-13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar laudo' }));

    expect(await screen.findByText('Dados inválidos: verifique dataVencimento.')).toBeTruthy();
    // The alert comes from the request's state; the field is marked by the mutation's onError,
    // which can land a render later.
    const data = screen.getByLabelText(/Data de vencimento/);
    await waitFor(() => expect(data.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Data inválida: use o formato AAAA-MM-DD.')).toBeTruthy();
  });

  it('goes to the new laudo with a "Laudo criado" toast', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/tipos-laudo': tipos,
      'GET /api/settings/public': settingsPublic,
      'POST /api/laudos': { status: 201, body: { laudo: laudoApi({ id: 'l-novo' }) } },
      'GET /api/laudos/l-novo': { body: { laudo: laudoApi({ id: 'l-novo' }) } },
      'GET /api/laudos/l-novo/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-novo/respostas': { body: { respostas: [] } },
    });
    const { router } = renderApp(paths.novoLaudo);

    fireEvent.change(await screen.findByLabelText('Nome do laudo'), { target: { value: 'Caldeira 01' } });
    fireEvent.change(screen.getByLabelText(/Código/), { target: { value: 'NR13-001' } });
    await screen.findByRole('option', { name: 'NR-13' });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'NR-13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar laudo' }));

    expect(await screen.findByText('Laudo criado')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/laudos/l-novo'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Caldeira 01' })).toBeTruthy();
  });
});
