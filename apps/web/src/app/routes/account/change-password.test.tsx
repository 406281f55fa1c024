import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi, notUnderTest } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

/** What the pages here load besides what the tests are about. */
const pageData = notUnderTest('GET /api/laudos', 'GET /api/laudos/estatisticas', 'GET /api/settings/public');

function fillAndSubmit(atual: string, nova: string, confirmacao = nova) {
  fireEvent.change(screen.getByLabelText('Senha atual (ou temporária)'), { target: { value: atual } });
  fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: nova } });
  fireEvent.change(screen.getByLabelText('Confirmar nova senha'), { target: { value: confirmacao } });
  fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
}

describe('change password', () => {
  it('completes the first access and opens /dashboard', async () => {
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
    fillAndSubmit('Temporaria123', 'minha-senha-nova');

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(await screen.findByText('Senha alterada')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/conta/senha')).toEqual([
      { senhaAtual: 'Temporaria123', novaSenha: 'minha-senha-nova' },
    ]);
  });

  it('shows a wrong current password on its field', async () => {
    mockApi({
      ...pageData,
      'GET /api/me': { body: perfil() },
      'POST /api/conta/senha': apiError(400, 'SENHA_ATUAL_INCORRETA', 'A senha atual está incorreta.'),
    });
    renderApp(paths.changePassword);

    await screen.findByLabelText('Senha atual (ou temporária)');
    fillAndSubmit('errada', 'minha-senha-nova');

    await waitFor(() =>
      expect(screen.getByLabelText('Senha atual (ou temporária)').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('A senha atual está incorreta.')).toBeTruthy();
  });
});
