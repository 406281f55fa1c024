import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { callsTo, mockApi } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import type { ChaveApi } from '../api/chaves-api';

const SEGREDO = 'laudos_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd';

const plano = (apiAccess: boolean) => ({
  id: 'p-1',
  nome: apiAccess ? 'Empresarial' : 'Básico',
  preco: 599.9,
  maxLaudos: 5000,
  maxUsuarios: 50,
  notificacoes: true,
  whatsappAlerts: true,
  emailSupport: true,
  prioritySupport: true,
  customReports: true,
  apiAccess,
  dataExport: true,
  customBranding: true,
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
  pessoas: [
    {
      id: 'u-cliente',
      nome: 'Maria Souza',
      email: 'maria@metalurgica.com.br',
      papel: 'gestor',
      ativo: true,
      receberLembretes: true,
    },
  ],
  convites: [],
};

const chave = (id: string, nome: string, extra: Partial<ChaveApi> = {}): ChaveApi => ({
  id,
  nome,
  prefixo: 'laudos_AbCd',
  criadoEm: '2026-11-20T12:00:00.000Z',
  criadoPor: 'Maria Souza',
  ultimoUsoEm: null,
  revogadoEm: null,
  ...extra,
});

function abrir({ apiAccess = true, papel = 'gestor' as 'gestor' | 'membro' } = {}) {
  let chaves = [chave('k-1', 'Planilha de manutenção', { ultimoUsoEm: '2026-11-25T09:30:00.000Z' })];
  const fetchMock = mockApi({
    'GET /api/me': { body: perfil({ papel, plano: plano(apiAccess) }) },
    'GET /api/empresa': { body: equipe },
    'GET /api/empresa/marca': { body: { cor: null, logoUrl: null, ativa: true } },
    'GET /api/empresa/chaves-api': () => ({ body: { chaves, maxAtivas: 10 } }),
    'POST /api/empresa/chaves-api': ({ body }) => {
      const criada = chave('k-2', (body as { nome: string }).nome);
      chaves = [criada, ...chaves];
      return { status: 201, body: { chave: criada, segredo: SEGREDO } };
    },
    'DELETE /api/empresa/chaves-api/k-1': () => {
      chaves = chaves.map((c) => (c.id === 'k-1' ? { ...c, revogadoEm: '2026-11-26T10:00:00.000Z' } : c));
      return { status: 204 };
    },
  });
  renderApp(paths.minhaEmpresa);
  return fetchMock;
}

describe('Chaves de API on "Minha empresa" (the plan feature api_access)', () => {
  it('the gestor creates a key: it is shown once, with a copy button and a warning, and never again', async () => {
    const fetchMock = abrir();
    // The page's chunk loads lazily: the first test of the file waits for it on a busy machine.
    const secao = await screen.findByRole('region', { name: 'Chaves de API' }, { timeout: 5000 });
    expect(await within(secao).findByRole('rowheader', { name: /Planilha de manutenção/ })).toBeTruthy();
    expect(within(secao).getByRole('link', { name: 'Documentação da API' }).getAttribute('href')).toBe(
      '/api/docs',
    );

    fireEvent.click(within(secao).getByRole('button', { name: 'Nova chave' }));
    let dialogo = await screen.findByRole('dialog', { name: 'Nova chave de API' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Criar chave' }));
    expect(
      await within(dialogo).findByText('Informe o nome da chave (por exemplo, "Integração do ERP").'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/empresa/chaves-api')).toEqual([]);

    fireEvent.change(within(dialogo).getByLabelText('Nome da chave'), {
      target: { value: 'Integração do ERP' },
    });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Criar chave' }));
    dialogo = await screen.findByRole('dialog', { name: 'Copie a chave agora' });
    expect((within(dialogo).getByLabelText('Chave de API') as HTMLInputElement).value).toBe(SEGREDO);
    expect(dialogo.textContent).toContain('Esta é a única vez que a chave “Integração do ERP” aparece');
    expect(within(dialogo).getByRole('button', { name: 'Copiar chave' })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/empresa/chaves-api')).toEqual([{ nome: 'Integração do ERP' }]);

    fireEvent.click(within(dialogo).getByRole('button', { name: 'Já copiei, fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list shows the new key by name and prefix; the key itself is nowhere on the page.
    expect(await within(secao).findByRole('rowheader', { name: /Integração do ERP/ })).toBeTruthy();
    expect(document.body.textContent).not.toContain(SEGREDO);
    fireEvent.click(within(secao).getByRole('button', { name: 'Nova chave' }));
    dialogo = await screen.findByRole('dialog', { name: 'Nova chave de API' });
    expect((within(dialogo).getByLabelText('Nome da chave') as HTMLInputElement).value).toBe('');
  });

  it('revoking asks first, then marks the key revoked', async () => {
    const fetchMock = abrir();
    const secao = await screen.findByRole('region', { name: 'Chaves de API' });
    fireEvent.click(
      await within(secao).findByRole('button', { name: 'Revogar a chave Planilha de manutenção' }),
    );
    const dialogo = await screen.findByRole('dialog', { name: 'Revogar a chave Planilha de manutenção?' });
    expect(dialogo.textContent).toContain('deixam de acessar a API na hora');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Revogar chave' }));
    expect(await within(secao).findByText('Revogada')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/api/empresa/chaves-api/k-1') && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('without the feature: what it does and the plans that include it, and no key is asked for', async () => {
    const fetchMock = abrir({ apiAccess: false });
    const secao = await screen.findByRole('region', { name: 'Chaves de API' });
    expect(secao.textContent).toContain('Seu plano não inclui acesso à API.');
    expect(within(secao).getByRole('link', { name: 'Ver os planos que incluem' }).getAttribute('href')).toBe(
      paths.planos,
    );
    expect(within(secao).queryByRole('button', { name: 'Nova chave' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('chaves-api'))).toBe(false);
  });

  it('a membro sees nothing to manage', async () => {
    const fetchMock = abrir({ papel: 'membro' });
    await screen.findByText('Razão social');
    expect(screen.queryByRole('region', { name: 'Chaves de API' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('chaves-api'))).toBe(false);
  });
});
