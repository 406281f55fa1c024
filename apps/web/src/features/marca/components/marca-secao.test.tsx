import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { callsTo, mockApi } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

const plano = (customBranding: boolean) => ({
  id: 'p-1',
  nome: customBranding ? 'Empresarial' : 'Básico',
  preco: 599.9,
  maxLaudos: 5000,
  maxUsuarios: 50,
  notificacoes: true,
  whatsappAlerts: true,
  emailSupport: true,
  prioritySupport: true,
  customReports: true,
  apiAccess: false,
  dataExport: true,
  customBranding,
});

const equipe = {
  empresa: {
    id: 'e-metalurgica',
    razaoSocial: 'Metalúrgica Souza Ltda.',
    nomeFantasia: 'Metalúrgica Souza',
    cnpj: null,
    endereco: null,
    emailContato: null,
    telefone: null,
    plano: { id: 'p-1', nome: 'Empresarial' },
    ativo: true,
    usuarios: { usados: 1, limite: 50 },
    laudos: { usados: 0, limite: 5000 },
    criadoEm: '2026-01-10T12:00:00.000Z',
  },
  pessoas: [],
  convites: [],
};

function abrir({ customBranding = true, papel = 'gestor' as 'gestor' | 'membro' } = {}) {
  let marca = { cor: null as string | null, logoUrl: '/api/empresa/marca/logo?v=abc', ativa: true };
  const fetchMock = mockApi({
    'GET /api/me': { body: perfil({ papel, plano: plano(customBranding) }) },
    'GET /api/empresa': { body: equipe },
    'GET /api/empresa/marca': () => ({ body: marca }),
    'PUT /api/empresa/marca': ({ body }) => {
      marca = { ...marca, cor: (body as { cor: string | null }).cor };
      return { body: marca };
    },
  });
  renderApp(paths.minhaEmpresa);
  return fetchMock;
}

describe('"Marca da empresa" on "Minha empresa" (the plan feature custom_branding)', () => {
  it('the gestor sees the logo and sets the colour (checked before sending)', async () => {
    const fetchMock = abrir();
    // The page's chunk loads lazily: the first test of the file waits for it on a busy machine.
    const secao = await screen.findByRole('region', { name: 'Marca da empresa' }, { timeout: 5000 });
    const logo = await within(secao).findByRole('img', { name: 'Logo atual da empresa' });
    expect(logo.getAttribute('src')).toBe('/api/empresa/marca/logo?v=abc');
    expect(within(secao).getByText('Trocar logo')).toBeTruthy();
    expect(within(secao).getByRole('button', { name: 'Remover logo' })).toBeTruthy();

    const campo = within(secao).getByLabelText('Cor da empresa');
    fireEvent.change(campo, { target: { value: 'azul' } });
    fireEvent.click(within(secao).getByRole('button', { name: 'Salvar cor' }));
    expect(
      await within(secao).findByText('Informe a cor no formato #rrggbb (por exemplo, #0b5394).'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/empresa/marca')).toEqual([]);

    fireEvent.change(within(secao).getByLabelText('Escolher a cor no seletor'), {
      target: { value: '#0b5394' },
    });
    expect((campo as HTMLInputElement).value).toBe('#0b5394');
    fireEvent.click(within(secao).getByRole('button', { name: 'Salvar cor' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/empresa/marca')).toEqual([{ cor: '#0b5394' }]));
  });

  it('without the feature: what it does and the plans that include it, and nothing is asked for', async () => {
    const fetchMock = abrir({ customBranding: false });
    const secao = await screen.findByRole('region', { name: 'Marca da empresa' });
    expect(secao.textContent).toContain('Seu plano não inclui marca personalizada.');
    expect(within(secao).getByRole('link', { name: 'Ver os planos que incluem' }).getAttribute('href')).toBe(
      paths.planos,
    );
    expect(within(secao).queryByLabelText('Cor da empresa')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/marca'))).toBe(false);
  });

  it('a membro sees the branding but nothing to change', async () => {
    abrir({ papel: 'membro' });
    const secao = await screen.findByRole('region', { name: 'Marca da empresa' });
    expect(await within(secao).findByRole('img', { name: 'Logo atual da empresa' })).toBeTruthy();
    expect(within(secao).getByText('Nenhuma cor definida.')).toBeTruthy();
    expect(within(secao).queryByRole('button', { name: 'Salvar cor' })).toBeNull();
    expect(within(secao).queryByText('Trocar logo')).toBeNull();
  });
});
