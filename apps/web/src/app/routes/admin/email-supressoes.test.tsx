import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Supressao } from '../../../features/email/api/supressoes';
import { paths } from '../../../lib/paths';
import { callsTo, mockApi } from '../../../test/api-mock';
import { admin } from '../../../test/factories';
import { renderApp } from '../../../test/render';

const devolvido: Supressao = {
  id: 's-1',
  email: 'ninguem@metalurgica.com.br',
  motivo: 'bounce_permanente',
  detalhe: 'smtp; 550 5.1.1 user unknown',
  origem: 'ses',
  criadoEm: '2026-11-20T12:00:00.000Z',
  bouncesTransitorios: 2,
};
const reclamou: Supressao = {
  id: 's-2',
  email: 'chato@acme.com.br',
  motivo: 'reclamacao',
  detalhe: 'abuse',
  origem: 'ses',
  criadoEm: '2026-11-19T12:00:00.000Z',
  bouncesTransitorios: 0,
};

describe('admin: supressões', () => {
  it('lists the suppressed addresses with reason, date and detail, searches, and removes one after confirming', async () => {
    let lista = [devolvido, reclamou];
    const fetchMock = mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/admin/email/supressoes': ({ url }) => {
        const busca = url.searchParams.get('busca') ?? '';
        return { body: { supressoes: lista.filter((s) => s.email.includes(busca)) } };
      },
      'DELETE /api/admin/email/supressoes/s-1': () => {
        lista = lista.filter((s) => s.id !== 's-1');
        return { status: 204 };
      },
    });
    renderApp(`${paths.adminEmailNotifications}?aba=supressoes`);

    const linha = await screen.findByRole('row', { name: /ninguem@metalurgica\.com\.br/ });
    expect(within(linha).getByText('Devolução permanente')).toBeTruthy();
    expect(within(linha).getByText('smtp; 550 5.1.1 user unknown')).toBeTruthy();
    expect(within(linha).getByText(/2 devoluções temporárias/)).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: /chato@acme/ })).getByText('Reclamação (spam)'),
    ).toBeTruthy();
    expect(screen.getByText('2 endereços suprimidos.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Buscar endereço'), { target: { value: 'acme' } });
    await waitFor(() => expect(screen.queryByRole('row', { name: /ninguem@/ })).toBeNull());
    fireEvent.change(screen.getByLabelText('Buscar endereço'), { target: { value: '' } });

    fireEvent.click(
      await screen.findByRole('button', { name: 'Remover da lista ninguem@metalurgica.com.br' }),
    );
    const dialogo = await screen.findByRole('dialog', {
      name: 'Remover ninguem@metalurgica.com.br da lista?',
    });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Remover da lista' }));
    expect(
      await screen.findByText('ninguem@metalurgica.com.br removido da lista de supressão.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /ninguem@/ })).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /api/admin/email/supressoes/s-1')).toHaveLength(1);
  });
});
