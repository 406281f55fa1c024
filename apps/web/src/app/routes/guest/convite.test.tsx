import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, mockApi, notUnderTest, signedOut } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

const TOKEN = 'tok-123';
const CONVITE = `/convite/${TOKEN}`;
const INVALIDO = apiError(404, 'CONVITE_INVALIDO', 'Convite inválido ou expirado.');

const aberto = {
  body: {
    empresa: 'Metalúrgica Souza',
    email: 'pedro@metalurgica.com.br',
    nome: 'Pedro Reis',
    papel: 'membro',
    expiraEm: '2026-12-03T12:00:00.000Z',
  },
};

/** The login page it ends on asks which social sign-ins exist. */
const loginPage = notUnderTest('GET /api/settings/public');

function preencher(senha: string, confirmacao: string) {
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: senha } });
  fireEvent.change(screen.getByLabelText('Confirmar senha'), { target: { value: confirmacao } });
  fireEvent.click(screen.getByRole('button', { name: 'Aceitar convite' }));
}

describe('/convite/:token', () => {
  it('shows the invitation, creates the account and opens the login with the e-mail filled in', async () => {
    const fetchMock = mockApi({
      ...loginPage,
      'GET /api/me': signedOut,
      [`GET /api/convites/${TOKEN}`]: aberto,
      [`POST /api/convites/${TOKEN}/aceitar`]: { body: { ok: true, email: 'pedro@metalurgica.com.br' } },
    });
    const { router } = renderApp(CONVITE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Convite para a equipe' })).toBeTruthy();
    const resumo = await screen.findByText(/Você foi convidado para a equipe/);
    expect(resumo.textContent).toBe(
      'Você foi convidado para a equipe Metalúrgica Souza no Laudos, como Membro.',
    );
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('pedro@metalurgica.com.br');
    const nome = screen.getByLabelText('Nome') as HTMLInputElement;
    expect(nome.value).toBe('Pedro Reis');
    fireEvent.change(nome, { target: { value: 'Pedro H. Reis' } });

    preencher('senha-forte-123', 'senha-forte-123');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByText('Conta criada. Entre com a senha que você acabou de escolher.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('pedro@metalurgica.com.br');
    expect(callsTo(fetchMock, `POST /api/convites/${TOKEN}/aceitar`)).toEqual([
      { nome: 'Pedro H. Reis', senha: 'senha-forte-123' },
    ]);
  });

  it('checks the password and its confirmation as the register page does, before sending', async () => {
    const fetchMock = mockApi({ 'GET /api/me': signedOut, [`GET /api/convites/${TOKEN}`]: aberto });
    renderApp(CONVITE);
    await screen.findByLabelText('Senha');

    preencher('curta', 'curta');
    expect(screen.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeTruthy();

    preencher('senha-forte-123', 'senha-diferente');
    const confirmacao = screen.getByLabelText('Confirmar senha');
    expect(confirmacao.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(confirmacao.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'As senhas não conferem.',
    );
    expect(document.activeElement).toBe(confirmacao);
    expect(callsTo(fetchMock, `POST /api/convites/${TOKEN}/aceitar`)).toHaveLength(0);
  });

  it('says an invalid, expired or cancelled invitation does not work, with a way home', async () => {
    mockApi({ 'GET /api/me': signedOut, [`GET /api/convites/${TOKEN}`]: INVALIDO });
    renderApp(CONVITE);

    const alerta = (await screen.findByText('Convite inválido ou expirado.')).closest('[role="alert"]');
    expect(alerta?.textContent).toContain('Peça ao gestor da sua empresa que envie um novo convite.');
    expect(screen.getByRole('link', { name: 'Ir para a página inicial' }).getAttribute('href')).toBe('/');
    expect(screen.queryByLabelText('Senha')).toBeNull();
  });

  it('shows the same notice when the invitation is used up while the page is open', async () => {
    mockApi({
      'GET /api/me': signedOut,
      [`GET /api/convites/${TOKEN}`]: aberto,
      [`POST /api/convites/${TOKEN}/aceitar`]: INVALIDO,
    });
    renderApp(CONVITE);
    await screen.findByLabelText('Senha');

    preencher('senha-forte-123', 'senha-forte-123');

    const alerta = (await screen.findByText('Convite inválido ou expirado.')).closest('[role="alert"]');
    expect(alerta).toBeTruthy();
    expect(screen.queryByLabelText('Senha')).toBeNull();
  });

  it('asks someone signed in to sign out first, without sending them away', async () => {
    let conectado = true;
    const fetchMock = mockApi({
      'GET /api/me': () => (conectado ? { body: perfil() } : signedOut),
      'POST /api/auth/sign-out': () => {
        conectado = false;
        return { body: { success: true } };
      },
      [`GET /api/convites/${TOKEN}`]: aberto,
    });
    const { router } = renderApp(CONVITE);

    const aviso = await screen.findByText(/Você está conectado como/);
    expect(aviso.textContent).toBe(
      'Você está conectado como maria@metalurgica.com.br; saia para aceitar o convite.',
    );
    expect(screen.queryByLabelText('Senha')).toBeNull();
    expect(router.state.location.pathname).toBe(CONVITE);

    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sair' }));

    expect(await screen.findByLabelText('Senha')).toBeTruthy();
    expect(router.state.location.pathname).toBe(CONVITE);
    expect(callsTo(fetchMock, 'POST /api/auth/sign-out')).toHaveLength(1);
  });
});
