import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi, notUnderTest } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

/** What the pages here load besides what the tests are about. */
const pageData = notUnderTest('GET /api/laudos', 'GET /api/laudos/estatisticas', 'GET /api/settings/public');

function fillAndSubmit(atual: string | null, nova: string, confirmacao = nova) {
  if (atual !== null) fireEvent.change(screen.getByLabelText('Senha atual'), { target: { value: atual } });
  fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: nova } });
  fireEvent.change(screen.getByLabelText('Confirmar nova senha'), { target: { value: confirmacao } });
  fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
}

describe('change password', () => {
  it('completes the first access with only the new password, twice, and opens /dashboard', async () => {
    let changed = false;
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': () => ({ body: perfil({ primeiro_acesso: !changed }) }),
      'POST /api/conta/senha': () => {
        changed = true;
        return { body: { ok: true } };
      },
    });
    const { router } = renderApp(paths.dashboard);

    expect(
      await screen.findByText('Por segurança, troque a senha temporária antes de continuar.'),
    ).toBeTruthy();
    // The temporary password was just typed to sign in: it is not asked again.
    expect(screen.queryByLabelText('Senha atual')).toBeNull();
    expect(screen.getAllByLabelText(/senha/i).map((e) => e.getAttribute('name'))).toEqual([
      'novaSenha',
      'confirmacao',
    ]);
    fillAndSubmit(null, 'minha-senha-nova');

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(await screen.findByText('Senha alterada')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/conta/senha')).toEqual([{ novaSenha: 'minha-senha-nova' }]);
  });

  it('on first access, a new password equal to the temporary one is shown on its field', async () => {
    mockApi({
      ...pageData,
      'GET /api/me': { body: perfil({ primeiro_acesso: true }) },
      'POST /api/conta/senha': apiError(400, 'SENHA_REPETIDA', 'A nova senha deve ser diferente da atual.'),
    });
    renderApp(paths.changePassword);

    await screen.findByLabelText('Nova senha');
    fillAndSubmit(null, 'a-temporaria-1');

    await waitFor(() =>
      expect(screen.getByLabelText('Nova senha').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('A nova senha deve ser diferente da atual.')).toBeTruthy();
  });

  it('a normal change asks for the current password and shows a wrong one on its field', async () => {
    const fetchMock = mockApi({
      ...pageData,
      'GET /api/me': { body: perfil() },
      'POST /api/conta/senha': apiError(400, 'SENHA_ATUAL_INCORRETA', 'A senha atual está incorreta.'),
    });
    renderApp(paths.changePassword);

    await screen.findByLabelText('Senha atual');
    fillAndSubmit('errada', 'minha-senha-nova');

    await waitFor(() =>
      expect(screen.getByLabelText('Senha atual').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('A senha atual está incorreta.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/conta/senha')).toEqual([
      { senhaAtual: 'errada', novaSenha: 'minha-senha-nova' },
    ]);
  });

  it('a normal change without the current password is stopped before it is sent', async () => {
    const fetchMock = mockApi({ ...pageData, 'GET /api/me': { body: perfil() } });
    renderApp(paths.changePassword);

    await screen.findByLabelText('Senha atual');
    fillAndSubmit('', 'minha-senha-nova');

    expect(await screen.findByText('Informe a senha atual.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/conta/senha')).toEqual([]);
  });
});
