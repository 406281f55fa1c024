import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, mockApi, signedOut } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import { paths } from '../../paths';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

async function fillForm(senha: string, confirmacao: string) {
  await screen.findByLabelText('Nome');
  fill('Nome', 'Maria Souza');
  fill('E-mail', 'maria@metalurgica.com.br');
  fill('Empresa', 'Metalúrgica Souza');
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: senha } });
  fireEvent.change(screen.getByLabelText('Confirmar senha'), { target: { value: confirmacao } });
  fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
}

describe('register page', () => {
  it('checks that the password confirmation matches before sending', async () => {
    const fetchMock = mockApi({ 'GET /api/me': signedOut });
    renderApp(paths.register);

    await fillForm('senha-forte-123', 'senha-diferente');

    const confirmacao = screen.getByLabelText('Confirmar senha');
    expect(confirmacao.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(confirmacao.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'As senhas não conferem.',
    );
    expect(document.activeElement).toBe(confirmacao);
    expect(callsTo(fetchMock, 'POST /api/cadastro')).toHaveLength(0);
  });

  it('asks for at least 8 characters', async () => {
    mockApi({ 'GET /api/me': signedOut });
    renderApp(paths.register);

    await fillForm('curta', 'curta');

    expect(await screen.findByText('A senha deve ter pelo menos 8 caracteres.')).toBeTruthy();
  });

  it('explains that the company is confirmed by the team', async () => {
    mockApi({ 'GET /api/me': signedOut });
    renderApp(paths.register);

    const empresa = await screen.findByLabelText('Empresa (opcional)');
    expect(document.getElementById(empresa.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A empresa será confirmada pela nossa equipe antes de liberar os laudos dela.',
    );
  });

  it('creates the account, signs in and opens /dashboard with a toast', async () => {
    let created = false;
    const fetchMock = mockApi({
      'GET /api/me': () => (created ? { body: perfil() } : signedOut),
      'POST /api/cadastro': () => {
        created = true;
        return { status: 201, body: { usuario: { id: 'u-cliente' } } };
      },
    });
    const { router } = renderApp(paths.register);

    await fillForm('senha-forte-123', 'senha-forte-123');

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(await screen.findByText('Conta criada')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/cadastro')).toEqual([
      {
        nome: 'Maria Souza',
        email: 'maria@metalurgica.com.br',
        senha: 'senha-forte-123',
        empresa: 'Metalúrgica Souza',
      },
    ]);
  });

  it('shows "e-mail in use" on the e-mail field', async () => {
    mockApi({
      'GET /api/me': signedOut,
      'POST /api/cadastro': apiError(409, 'EMAIL_EM_USO', 'Já existe um usuário com este e-mail.'),
    });
    renderApp(paths.register);

    await fillForm('senha-forte-123', 'senha-forte-123');

    await waitFor(() => expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Já existe um usuário com este e-mail.')).toBeTruthy();
  });
});
