import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi } from '../../../test/api-mock';
import { admin, perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import { laudoApi, settingsPublic, tipos } from '../test/laudo-factory';

const OBRIGATORIOS = 'Dados obrigatórios faltando: nome, código, cliente e tipo são obrigatórios.';

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
    expect(screen.queryByLabelText('Cliente')).toBeNull();
    expect((screen.getByLabelText(/Data de vencimento/) as HTMLInputElement).type).toBe('date');

    fireEvent.change(screen.getByLabelText('Nome do laudo'), { target: { value: 'Caldeira 01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar laudo' }));

    expect((await screen.findByText(OBRIGATORIOS)).closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByText('Informe o código do laudo.')).toBeTruthy();
    expect(screen.getByText('Escolha o tipo do laudo.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/laudos')).toHaveLength(0);
  });

  it('asks admins for the client and shows the server error inline', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/tipos-laudo': tipos,
      'GET /api/settings/public': settingsPublic,
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

    fireEvent.change(screen.getByLabelText(/^Cliente/), { target: { value: 'Caldeiras Lima' } });
    fireEvent.change(screen.getByLabelText(/Data de vencimento/), { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar laudo' }));

    expect(await screen.findByText('Erro de dados: Já existe um laudo com este código')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/laudos')).toEqual([
      {
        nome: 'Caldeira 01',
        codigo: 'NR13-001',
        cliente: 'Caldeiras Lima',
        tipo: 'NR-13',
        observacoes: null,
        emailCliente: null,
        dataVencimento: '2026-12-31',
      },
    ]);
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
