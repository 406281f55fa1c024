import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { type ApiRequest, apiError, mockApi } from '../../../test/api-mock';
import { admin } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import type { EntradaDeAuditoria } from '../api/auditoria';

const EMPRESA = '11111111-1111-4111-8111-111111111111';

const entrada = (n: number, extra: Partial<EntradaDeAuditoria> = {}): EntradaDeAuditoria => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  criadoEm: '2026-11-20T12:00:00.000Z',
  atorTipo: 'usuario',
  atorId: 'u-1',
  atorNome: `Pessoa ${n}`,
  atorPapel: 'gestor',
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  empresaId: EMPRESA,
  empresaNome: 'Metalúrgica Souza',
  entidade: 'laudo',
  entidadeId: 'l-1',
  acao: 'alterou',
  campos: { dataVencimento: { de: '2027-03-01', para: '2027-06-30' } },
  detalhes: null,
  ...extra,
});

describe('/admin/auditoria', () => {
  it('lists entries, loads more with the cursor, filters, shows an entry and links the CSV with the filters', async () => {
    const pedidos: string[] = [];
    mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/admin/auditoria': ({ url }: ApiRequest) => {
        pedidos.push(url.search);
        if (url.searchParams.get('cursor') === 'c2')
          return { body: { entradas: [entrada(3)], proximoCursor: null } };
        if (url.searchParams.get('acao') === 'excluiu')
          return {
            body: {
              entradas: [entrada(9, { acao: 'excluiu', atorNome: 'Quem Excluiu' })],
              proximoCursor: null,
            },
          };
        return { body: { entradas: [entrada(1), entrada(2)], proximoCursor: 'c2' } };
      },
      [`GET /api/admin/auditoria/${entrada(1).id}`]: { body: { entrada: entrada(1) } },
    });
    renderApp(paths.adminAuditoria);
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro de auditoria' })).toBeTruthy();
    expect(await screen.findByText(/Pessoa 1/)).toBeTruthy();
    expect(screen.getByText(/Pessoa 2/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText(/Pessoa 3/)).toBeTruthy();
    expect(pedidos.at(-1)).toContain('cursor=c2');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();

    // The detail: who, from where, each field's old and new value.
    fireEvent.click(screen.getAllByRole('button', { name: /^Detalhes/ })[0]!);
    const dialogo = await screen.findByRole('dialog', { name: 'Entrada do registro de auditoria' });
    expect(await within(dialogo).findByText('203.0.113.7')).toBeTruthy();
    expect(within(dialogo).getByText('Firefox')).toBeTruthy();
    expect(within(dialogo).getByText(/01\/03\/2027 → 30\/06\/2027/)).toBeTruthy();
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Filtrar por esta empresa' }));
    expect(await screen.findByRole('link', { name: 'Exportar CSV' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(
      `/api/admin/auditoria/exportar?empresa=${EMPRESA}`,
    );

    // Filtering by action asks the server with the filter and shows its answer.
    fireEvent.change(screen.getByLabelText('Ação'), { target: { value: 'excluiu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText(/Quem Excluiu/)).toBeTruthy();
    expect(pedidos.at(-1)).toContain('acao=excluiu');
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toContain('acao=excluiu');
  });

  it('reads its filters from the address, picks the company by name, and puts the new filters in the address', async () => {
    const LIMA = '22222222-2222-4222-8222-222222222222';
    const pedidos: string[] = [];
    mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/admin/auditoria': ({ url }: ApiRequest) => {
        pedidos.push(url.search);
        return { body: { entradas: [entrada(1)], proximoCursor: null } };
      },
      'GET /api/admin/empresas/opcoes': ({ url }: ApiRequest) => ({
        body: {
          empresas: [
            { id: LIMA, nome: 'Caldeiras Lima', cnpj: null },
            { id: EMPRESA, nome: 'Metalúrgica Souza', cnpj: null },
          ].filter((e) => e.nome.toLowerCase().includes((url.searchParams.get('busca') ?? '').toLowerCase())),
        },
      }),
    });
    const { router } = renderApp(
      `${paths.adminAuditoria}?empresa=${EMPRESA}&empresaNome=Metal%C3%BArgica%20Souza&acao=alterou`,
    );
    expect(await screen.findByText(/Pessoa 1/)).toBeTruthy();
    expect(pedidos[0]).toContain(`empresa=${EMPRESA}`);
    expect(pedidos[0]).toContain('acao=alterou');
    const empresa = screen.getByRole('combobox', { name: /Empresa/ }) as HTMLInputElement;
    expect(empresa.value).toBe('Metalúrgica Souza');
    expect((screen.getByLabelText('Ação') as HTMLSelectElement).value).toBe('alterou');

    fireEvent.change(empresa, { target: { value: 'lima' } });
    const opcao = await waitFor(() => {
      expect(screen.queryByRole('option', { name: /Metalúrgica Souza/ })).toBeNull();
      return screen.getByRole('option', { name: /Caldeiras Lima/ });
    });
    fireEvent.click(opcao);
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(pedidos.at(-1)).toContain(`empresa=${LIMA}`));
    const endereco = new URLSearchParams(router.state.location.search);
    expect(endereco.get('empresa')).toBe(LIMA);
    expect(endereco.get('empresaNome')).toBe('Caldeiras Lima');
    expect(endereco.get('acao')).toBe('alterou');
  });

  it('refuses a period that ends before it starts, without asking the server', async () => {
    const pedidos: string[] = [];
    mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/admin/auditoria': ({ url }: ApiRequest) => {
        pedidos.push(url.search);
        return { body: { entradas: [], proximoCursor: null } };
      },
    });
    renderApp(paths.adminAuditoria);
    expect(await screen.findByText('Nenhuma entrada encontrada com esses filtros.')).toBeTruthy();
    const antes = pedidos.length;
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('O início do período deve ser anterior ou igual ao fim.')).toBeTruthy();
    expect(pedidos.length).toBe(antes);
  });

  it("the server's refusal is shown in its words", async () => {
    mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/admin/auditoria': apiError(
        400,
        'DADOS_INVALIDOS',
        'Cursor de paginação inválido. Recarregue a lista.',
      ),
    });
    renderApp(paths.adminAuditoria);
    expect(await screen.findByText('Cursor de paginação inválido. Recarregue a lista.')).toBeTruthy();
  });
});
