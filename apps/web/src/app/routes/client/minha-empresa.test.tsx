import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { type ApiHandler, apiError, callsTo, mockApi, notUnderTest } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

const LIMITE =
  'Limite do plano atingido: o plano Básico permite até 3 usuários. Fale conosco para mudar de plano.';
const ULTIMO_GESTOR = 'A empresa precisa de pelo menos um gestor ativo.';

const maria = {
  id: 'u-cliente',
  nome: 'Maria Souza',
  email: 'maria@metalurgica.com.br',
  papel: 'gestor',
  ativo: true,
  receberLembretes: true,
};
const joao = {
  id: 'u-joao',
  nome: 'João Lima',
  email: 'joao@metalurgica.com.br',
  papel: 'membro',
  ativo: true,
  receberLembretes: false,
};
const rita = {
  id: 'u-rita',
  nome: 'Rita Alves',
  email: 'rita@metalurgica.com.br',
  papel: 'membro',
  ativo: false,
  receberLembretes: false,
};

function convite(overrides: Record<string, unknown> = {}) {
  return {
    id: 'c-1',
    email: 'pedro@metalurgica.com.br',
    nome: 'Pedro Reis',
    papel: 'membro',
    expiraEm: '2026-12-03T12:00:00.000Z',
    expirado: false,
    criadoEm: '2026-11-26T12:00:00.000Z',
    ...overrides,
  };
}

function equipe(overrides: { pessoas?: unknown[]; convites?: unknown[] } = {}) {
  return {
    empresa: {
      id: 'emp-metalurgica',
      razaoSocial: 'Metalúrgica Souza Ltda.',
      nomeFantasia: 'Metalúrgica Souza',
      cnpj: '11222333000181',
      endereco: 'Rua das Caldeiras, 100, Joinville/SC',
      emailContato: 'contato@metalurgica.com.br',
      telefone: null,
      plano: { id: 'p-basico', nome: 'Básico' },
      ativo: true,
      usuarios: { usados: 2, limite: 3 },
      laudos: { usados: 40, limite: 100 },
      criadoEm: '2026-01-10T12:00:00.000Z',
    },
    pessoas: overrides.pessoas ?? [maria, joao, rita],
    convites: overrides.convites ?? [
      convite(),
      convite({ id: 'c-2', email: 'ana@metalurgica.com.br', nome: null, expirado: true }),
    ],
  };
}

function api(handlers: Record<string, ApiHandler> = {}, me = perfil()) {
  return mockApi({ 'GET /api/me': { body: me }, 'GET /api/empresa': { body: equipe() }, ...handlers });
}

async function abrirMenu(nome: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Ações para ${nome}` }));
}

function valorDe(rotulo: string): string | null | undefined {
  return screen.getByText(rotulo, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('/minha-empresa as a gestor', () => {
  it('shows the company, the plan usage, the people and the invitations, with the nav entry', async () => {
    api();
    renderApp(paths.minhaEmpresa);

    expect(await screen.findByRole('heading', { level: 1, name: 'Minha empresa' })).toBeTruthy();
    await screen.findByText('Razão social');
    expect(valorDe('Nome fantasia')).toBe('Metalúrgica Souza');
    expect(valorDe('Razão social')).toBe('Metalúrgica Souza Ltda.');
    expect(valorDe('CNPJ')).toBe('11.222.333/0001-81');
    expect(valorDe('E-mail de contato')).toBe('contato@metalurgica.com.br');
    expect(valorDe('Telefone')).toBe('Não informado');

    const plano = screen.getByRole('region', { name: 'Plano e uso' });
    expect(plano.textContent).toContain('Plano: Básico');
    expect(within(plano).getByText('2 de 3 usuários')).toBeTruthy();
    expect(within(plano).getByText('40 de 100 laudos')).toBeTruthy();

    const joaoLinha = screen.getByRole('row', { name: /João Lima/ });
    expect(joaoLinha.textContent).toContain('Membro');
    expect(within(joaoLinha).getByText('Ativo')).toBeTruthy();
    expect(
      within(joaoLinha)
        .getByRole('switch', { name: /Receber.*João Lima/ })
        .getAttribute('aria-checked'),
    ).toBe('false');
    expect(within(screen.getByRole('row', { name: /Rita Alves/ })).getByText('Inativo')).toBeTruthy();
    const mariaLinha = screen.getByRole('row', { name: /^Maria Souza/ });
    expect(mariaLinha.textContent).toContain('(você)');
    expect(mariaLinha.textContent).toContain('Gestor');
    expect(screen.getByRole('columnheader', { name: 'Recebe lembretes' })).toBeTruthy();

    const convites = screen.getByRole('region', { name: 'Convites' });
    const pedro = within(convites).getByRole('row', { name: /pedro@metalurgica/ });
    expect(pedro.textContent).toContain('Pedro Reis');
    expect(pedro.textContent).toContain('até 03/12/2026');
    const ana = within(convites).getByRole('row', { name: /ana@metalurgica/ });
    expect(within(ana).getByText('Expirado')).toBeTruthy();

    expect(screen.getByRole('button', { name: 'Convidar pessoa' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Área do cliente' });
    expect(within(nav).getByRole('link', { name: 'Minha empresa' }).getAttribute('href')).toBe(
      '/minha-empresa',
    );
  });

  it('invites a colleague, and shows the plan-limit refusal in the server’s words', async () => {
    let cheio = true;
    const fetchMock = api({
      'POST /api/empresa/convites': ({ body }) =>
        cheio
          ? apiError(409, 'LIMITE_USUARIOS', LIMITE)
          : { status: 201, body: { convite: convite({ ...(body as object), id: 'c-3', nome: 'Lia' }) } },
    });
    renderApp(paths.minhaEmpresa);

    fireEvent.click(await screen.findByRole('button', { name: 'Convidar pessoa' }));
    const dialog = screen.getByRole('dialog', { name: 'Convidar pessoa' });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), {
      target: { value: 'lia@metalurgica.com.br' },
    });
    fireEvent.change(within(dialog).getByLabelText('Nome (opcional)'), { target: { value: 'Lia' } });
    fireEvent.change(within(dialog).getByLabelText('Papel'), { target: { value: 'gestor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(LIMITE);
    expect(callsTo(fetchMock, 'POST /api/empresa/convites')).toEqual([
      { email: 'lia@metalurgica.com.br', nome: 'Lia', papel: 'gestor' },
    ]);

    cheio = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText('Convite enviado para lia@metalurgica.com.br.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Convidar pessoa' })).toBeNull());
  });

  it('checks the e-mail before sending an invitation', async () => {
    const fetchMock = api();
    renderApp(paths.minhaEmpresa);

    fireEvent.click(await screen.findByRole('button', { name: 'Convidar pessoa' }));
    const dialog = screen.getByRole('dialog', { name: 'Convidar pessoa' });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'lia@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));

    expect(within(dialog).getByText('Informe um e-mail válido, como nome@empresa.com.br.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/empresa/convites')).toHaveLength(0);
  });

  it('resends an expired invitation and cancels another', async () => {
    const fetchMock = api({
      'POST /api/empresa/convites/c-2/reenviar': {
        body: { convite: convite({ id: 'c-2', email: 'ana@metalurgica.com.br', nome: null }) },
      },
      'DELETE /api/empresa/convites/c-1': { status: 204 },
    });
    renderApp(paths.minhaEmpresa);

    fireEvent.click(
      await screen.findByRole('button', { name: 'Ações para o convite de ana@metalurgica.com.br' }),
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Reenviar convite' }));
    expect(await screen.findByText('Convite reenviado para ana@metalurgica.com.br.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/empresa/convites/c-2/reenviar')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Ações para o convite de pedro@metalurgica.com.br' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cancelar convite' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancelar o convite de pedro@metalurgica.com.br?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar convite' }));
    expect(await screen.findByText('Convite de pedro@metalurgica.com.br cancelado.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/empresa/convites/c-1')).toHaveLength(1);
  });

  it('changes a role, deactivates a person and switches their reminders', async () => {
    const fetchMock = api({
      'PATCH /api/empresa/pessoas/u-joao': ({ body }) => ({
        body: { pessoa: { ...joao, ...(body as object) } },
      }),
    });
    renderApp(paths.minhaEmpresa);

    await abrirMenu('João Lima');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Tornar gestor' }));
    const papel = screen.getByRole('dialog', { name: 'Tornar João Lima gestor?' });
    fireEvent.click(within(papel).getByRole('button', { name: 'Tornar gestor' }));
    expect(await screen.findByText('João Lima agora é gestor.')).toBeTruthy();

    await abrirMenu('João Lima');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Desativar' }));
    const desativar = screen.getByRole('dialog', { name: 'Desativar João Lima?' });
    fireEvent.click(within(desativar).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('João Lima foi desativado.')).toBeTruthy();

    const lembretes = screen.getByRole('switch', { name: /Receber.*João Lima/ });
    fireEvent.click(lembretes);
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH /api/empresa/pessoas/u-joao')).toHaveLength(3));
    expect(callsTo(fetchMock, 'PATCH /api/empresa/pessoas/u-joao')).toEqual([
      { papel: 'gestor' },
      { ativo: false },
      { receberLembretes: true },
    ]);
  });

  it('shows the last-gestor refusal when the only gestor steps down', async () => {
    api({
      'PATCH /api/empresa/pessoas/u-cliente': apiError(409, 'ULTIMO_GESTOR', ULTIMO_GESTOR),
    });
    renderApp(paths.minhaEmpresa);

    await abrirMenu('Maria Souza');
    // Deactivating oneself is not offered (it would end one's own session).
    expect(screen.queryByRole('menuitem', { name: 'Desativar' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Tornar membro' }));
    const dialog = screen.getByRole('dialog', { name: 'Deixar de ser gestor?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tornar membro' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(ULTIMO_GESTOR);
  });

  it('shows the plan-limit refusal when reactivating someone', async () => {
    api({ 'PATCH /api/empresa/pessoas/u-rita': apiError(409, 'LIMITE_USUARIOS', LIMITE) });
    renderApp(paths.minhaEmpresa);

    await abrirMenu('Rita Alves');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Reativar' }));

    const pessoas = screen.getByRole('region', { name: 'Pessoas' });
    expect((await within(pessoas).findByRole('alert')).textContent).toBe(LIMITE);
  });
});

describe('/minha-empresa as a member', () => {
  it('lists the people without invitations or actions; only their own reminders switch', async () => {
    const eu = { ...joao, id: 'u-cliente', nome: 'Maria Souza', email: 'maria@metalurgica.com.br' };
    const gestor = { ...maria, id: 'u-gestor', nome: 'Carlos Souza', email: 'carlos@metalurgica.com.br' };
    let receber = false;
    const fetchMock = api(
      {
        'GET /api/empresa': () => ({
          body: equipe({ pessoas: [gestor, { ...eu, receberLembretes: receber }], convites: [] }),
        }),
        'PATCH /api/empresa/pessoas/u-cliente': () => {
          receber = true;
          return { body: { pessoa: { ...eu, receberLembretes: true } } };
        },
      },
      perfil({ papel: 'membro' }),
    );
    renderApp(paths.minhaEmpresa);

    const carlos = await screen.findByRole('row', { name: /Carlos Souza/ });
    expect(carlos.textContent).toContain('Gestor');
    expect(within(carlos).queryByRole('switch')).toBeNull();
    expect(within(carlos).getByText('Sim')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ações para/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Convidar pessoa' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Convites' })).toBeNull();
    expect(screen.getByText(/Só o gestor da empresa convida pessoas/)).toBeTruthy();

    const meu = screen.getByRole('switch', { name: /Receber.*Maria Souza/ });
    expect(meu.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(meu);
    await waitFor(() => expect(meu.getAttribute('aria-checked')).toBe('true'));
    expect(callsTo(fetchMock, 'PATCH /api/empresa/pessoas/u-cliente')).toEqual([{ receberLembretes: true }]);
  });
});

describe('a client with no company', () => {
  const laudos = notUnderTest('GET /api/laudos', 'GET /api/laudos/estatisticas');

  it('is told on the dashboard, asks to join by name and CNPJ, then sees the request waiting', async () => {
    let pedido: { nome: string | null; cnpj: string | null } | null = null;
    const fetchMock = mockApi({
      ...laudos,
      'GET /api/me': () => ({
        body: perfil({ empresa: null, empresa_id: null, papel: null, pedido_empresa: pedido }),
      }),
      'POST /api/conta/pedido-empresa': () => {
        pedido = { nome: 'Metalúrgica Souza', cnpj: '11222333000181' };
        return { body: { ok: true } };
      },
    });
    renderApp(paths.dashboard);

    const card = await screen.findByRole('region', { name: 'Você ainda não faz parte de uma empresa' });
    expect(card.textContent).toContain('você vê apenas os laudos enviados ao seu e-mail');
    const nav = screen.getByRole('navigation', { name: 'Área do cliente' });
    expect(within(nav).queryByRole('link', { name: 'Minha empresa' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Pedir para entrar' }));
    expect(within(card).getByText('Informe o nome ou o CNPJ da empresa.')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('CNPJ'), { target: { value: '11.222.333/0001-00' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Pedir para entrar' }));
    expect(within(card).getByText('CNPJ inválido: confira os dígitos.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/conta/pedido-empresa')).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText('Nome da empresa'), {
      target: { value: 'Metalúrgica Souza' },
    });
    fireEvent.change(within(card).getByLabelText('CNPJ'), { target: { value: '11.222.333/0001-81' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Pedir para entrar' }));

    expect((await within(card).findByRole('status')).textContent).toBe(
      'Pedido enviado: aguardando aprovação do administrador (Metalúrgica Souza, CNPJ 11.222.333/0001-81).',
    );
    expect(callsTo(fetchMock, 'POST /api/conta/pedido-empresa')).toEqual([
      { nome: 'Metalúrgica Souza', cnpj: '11.222.333/0001-81' },
    ]);
  });

  it('shows the server’s refusal of a request', async () => {
    mockApi({
      ...laudos,
      'GET /api/me': { body: perfil({ empresa: null, empresa_id: null, papel: null }) },
      'POST /api/conta/pedido-empresa': apiError(409, 'PEDIDO_PENDENTE', 'Você já tem um pedido aguardando.'),
    });
    renderApp(paths.dashboard);

    const card = await screen.findByRole('region', { name: 'Você ainda não faz parte de uma empresa' });
    fireEvent.change(within(card).getByLabelText('Nome da empresa'), { target: { value: 'Caldeiras Lima' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Pedir para entrar' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Você já tem um pedido aguardando.');
  });

  it('finds the same card at /minha-empresa, with no call for a company', async () => {
    mockApi({
      'GET /api/me': {
        body: perfil({
          empresa: null,
          empresa_id: null,
          papel: null,
          pedido_empresa: { nome: 'Caldeiras Lima', cnpj: null },
        }),
      },
    });
    renderApp(paths.minhaEmpresa);

    const card = await screen.findByRole('region', { name: 'Você ainda não faz parte de uma empresa' });
    expect(within(card).getByRole('status').textContent).toBe(
      'Pedido enviado: aguardando aprovação do administrador (Caldeiras Lima).',
    );
  });
});
