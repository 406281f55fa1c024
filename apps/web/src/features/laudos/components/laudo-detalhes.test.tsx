import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { laudoHref } from '../../../lib/paths';
import { apiError, callsTo, mockApi } from '../../../test/api-mock';
import { admin, perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import { laudoApi, pagina, settingsPublic, tipos } from '../test/laudo-factory';

const comArquivos = laudoApi({
  id: 'l-1',
  arquivo_pdf: 'laudo-caldeira.pdf',
  arquivo_pdf_url: '/api/laudos/l-1/arquivos/pdf',
  arquivo_excel: 'medicoes.xlsx',
  arquivo_excel_url: '/api/laudos/l-1/arquivos/excel',
  vencimento: { status: 'vencendo', diasRestantes: 10, diasVencido: 0 },
});

// A lazy route: load its modules once up front, so the first test's waits measure the page, not
// the transform of every module behind it on a busy machine.
beforeAll(async () => {
  await import('./laudo-detalhes');
}, 30_000);

describe('/laudos/:id', () => {
  it("shows the laudo, its files and the client's answer to the reminders", async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/laudos/l-1': { body: { laudo: comArquivos } },
      'GET /api/laudos/l-1/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-1/respostas': {
        body: {
          respostas: [
            {
              tipo: 'solicitacao',
              em: '2026-12-01T13:00:00.000Z',
              por: 'Maria Souza',
              periodo: null,
              observacao: null,
            },
          ],
        },
      },
    });
    renderApp(laudoHref('l-1'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Caldeira 01' })).toBeTruthy();
    expect(screen.getByText('Vencendo')).toBeTruthy();
    expect(screen.getByText('Vence em 10 dias')).toBeTruthy();
    expect(screen.getByText('31/12/2026')).toBeTruthy();
    const visualizar = screen.getByRole('link', { name: /Visualizar PDF/ });
    expect(visualizar.getAttribute('href')).toBe('/api/laudos/l-1/arquivos/pdf');
    expect(visualizar.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Baixar Excel' }).getAttribute('href')).toBe(
      '/api/laudos/l-1/arquivos/excel/download',
    );
    expect(await screen.findByText('Renovação solicitada em 01/12/2026 por Maria Souza')).toBeTruthy();
  });

  it("links an NR-13 exam's laudo to its equipment, whose registry owns the date", async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/laudos/l-1': {
        body: { laudo: { ...comArquivos, equipamento_id: 'eq-1', exame: 'interno' } },
      },
      'GET /api/laudos/l-1/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-1/respostas': { body: { respostas: [] } },
      'GET /api/tipos-laudo': tipos,
    });
    renderApp(laudoHref('l-1'));
    expect(await screen.findByText(/Prazo do cadastro de equipamentos NR-13/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver o equipamento' }).getAttribute('href')).toBe(
      '/equipamentos/eq-1',
    );
    // The exam is renewed by recording its inspection on the equipment, not by a typed new date.
    expect(screen.queryByRole('button', { name: 'Renovar laudo' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Registrar inspeção' }).getAttribute('href')).toBe(
      '/equipamentos/eq-1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Editar Caldeira 01' });
    const data = within(dialogo).getByLabelText(/Data de vencimento/) as HTMLInputElement;
    expect(data.disabled).toBe(true);
    expect(within(dialogo).getByText(/A data vem do cadastro de equipamentos NR-13/)).toBeTruthy();
  });

  it('shows version N and the Histórico of earlier versions with their files', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/laudos/l-1': { body: { laudo: { ...comArquivos, versao: 2, codigo: 'NR13-002' } } },
      'GET /api/laudos/l-1/respostas': { body: { respostas: [] } },
      'GET /api/laudos/l-1/versoes': {
        body: {
          atual: 2,
          versoes: [
            {
              numero: 1,
              codigo: 'NR13-001',
              data_vencimento: '2026-01-31',
              observacoes: null,
              arquivo_pdf: 'caldeira-2025.pdf',
              arquivo_excel: null,
              arquivo_pdf_url: '/api/laudos/l-1/versoes/1/arquivos/pdf',
              arquivo_excel_url: null,
              emitido_em: '2025-01-10T12:00:00.000Z',
              emitido_por: { nome: 'Firma' },
              renovado_em: '2026-01-20T12:00:00.000Z',
              renovado_por: { nome: 'Maria Souza' },
            },
          ],
        },
      },
    });
    renderApp(laudoHref('l-1'));

    expect(await screen.findByText('Versão 2')).toBeTruthy();
    const historico = await screen.findByRole('region', { name: 'Histórico' });
    expect(within(historico).getByRole('heading', { name: /Versão 1/ })).toBeTruthy();
    expect(within(historico).getByText('Vencimento: 31/01/2026')).toBeTruthy();
    expect(within(historico).getByText(/por Maria Souza/)).toBeTruthy();
    expect(
      within(historico)
        .getByRole('link', { name: 'Baixar PDF da versão 1: caldeira-2025.pdf' })
        .getAttribute('href'),
    ).toBe('/api/laudos/l-1/versoes/1/arquivos/pdf/download');
    expect(screen.getByRole('button', { name: 'Renovar laudo' })).toBeTruthy();
  });

  it("suggests a renewal's date from the old due date plus the type's default period, editable", async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/tipos-laudo': {
        body: { tipos: [{ nome: 'Elevadores', descricao: null, periodoMeses: 12, exame: null }] },
      },
      'GET /api/laudos/l-1': {
        body: {
          laudo: {
            ...comArquivos,
            tipo: 'Elevadores',
            data_vencimento: '2027-01-31',
            dataVencimento: '2027-01-31',
          },
        },
      },
      'GET /api/laudos/l-1/respostas': { body: { respostas: [] } },
      'GET /api/laudos/l-1/versoes': { body: { atual: 1, versoes: [] } },
    });
    renderApp(laudoHref('l-1'));

    fireEvent.click(await screen.findByRole('button', { name: 'Renovar laudo' }));
    const dialogo = await screen.findByRole('dialog', { name: /Renovar/ });
    const data = within(dialogo).getByLabelText('Nova data de vencimento') as HTMLInputElement;
    await waitFor(() => expect(data.value).toBe('2028-01-31'));
    expect(
      within(dialogo).getByText('Período padrão do tipo: 12 meses. Você pode alterar a data.'),
    ).toBeTruthy();
    fireEvent.change(data, { target: { value: '2027-12-15' } });
    expect(data.value).toBe('2027-12-15');
  });

  it('shows the first sheet as a table and says when it is truncated', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/laudos/l-1': { body: { laudo: comArquivos } },
      'GET /api/laudos/l-1/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-1/respostas': { body: { respostas: [] } },
      'GET /api/laudos/l-1/arquivos/excel/tabela': {
        body: {
          sheetName: 'Medições',
          columns: 2,
          rows: [
            ['Ponto', 'Espessura'],
            ['A1', '12,5'],
          ],
          truncated: true,
        },
      },
    });
    renderApp(laudoHref('l-1'));

    fireEvent.click(await screen.findByRole('button', { name: 'Ver planilha' }));
    const dialog = screen.getByRole('dialog', { name: 'Planilha: medicoes.xlsx' });
    expect(await within(dialog).findByRole('cell', { name: '12,5' })).toBeTruthy();
    expect(within(dialog).getByText('Aba: Medições')).toBeTruthy();
    expect(within(dialog).getByRole('columnheader', { name: 'B' })).toBeTruthy();
    expect(within(dialog).getByText(/mostramos só as primeiras 2 linhas/)).toBeTruthy();
  });

  it('names the laudo in the delete confirmation and goes back to /vencimentos', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/tipos-laudo': tipos,
      'GET /api/laudos/l-1': { body: { laudo: comArquivos } },
      'GET /api/laudos/l-1/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-1/respostas': { body: { respostas: [] } },
      'DELETE /api/laudos/l-1': { status: 204 },
      'GET /api/laudos': pagina([]),
    });
    const { router } = renderApp(laudoHref('l-1'));

    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir o laudo Caldeira 01?' });
    expect(dialog.textContent).toContain('O laudo Caldeira 01 (código NR13-001)');

    fireEvent.click(screen.getByRole('button', { name: 'Excluir laudo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vencimentos'));
    expect(await screen.findByText('Laudo excluído')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/laudos/l-1')).toHaveLength(1);
  });

  it('sends only the changed fields when editing', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/tipos-laudo': tipos,
      'GET /api/laudos/l-1': { body: { laudo: comArquivos } },
      'GET /api/laudos/l-1/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-1/respostas': { body: { respostas: [] } },
      'PATCH /api/laudos/l-1': { body: { laudo: { ...comArquivos, data_vencimento: '2027-01-15' } } },
    });
    renderApp(laudoHref('l-1'));

    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    fireEvent.change(screen.getByLabelText(/Data de vencimento/), { target: { value: '2027-01-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Laudo atualizado')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/laudos/l-1')).toEqual([{ dataVencimento: '2027-01-15' }]);
  });

  it("shows a friendly message for someone else's laudo", async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/laudos/l-outro': apiError(404, 'NAO_ENCONTRADO', 'Laudo não encontrado.'),
      'GET /api/laudos/l-outro/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-outro/respostas': { body: { respostas: [] } },
    });
    renderApp(laudoHref('l-outro'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Laudo não encontrado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar aos vencimentos' }).getAttribute('href')).toBe(
      '/vencimentos',
    );
  });

  it("keeps an admin in the admin area, with the way back to the admin's laudos", async () => {
    mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/laudos/l-1': { body: { laudo: comArquivos } },
      'GET /api/laudos/l-1/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-1/respostas': { body: { respostas: [] } },
    });
    renderApp(laudoHref('l-1'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Caldeira 01' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Administração' });
    expect(within(menu).getByRole('link', { name: 'Modelos de e-mail' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Vencimentos' })).toBeNull();
    const trilha = screen.getByRole('navigation', { name: 'Trilha' });
    expect(within(trilha).getByRole('link', { name: '← Laudos' }).getAttribute('href')).toBe(
      '/admin?aba=laudos',
    );
    expect(screen.queryByRole('link', { name: /Vencimentos/ })).toBeNull();
  });

  it('sends an admin back to the laudos list when the laudo does not exist', async () => {
    mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/laudos/l-outro': apiError(404, 'NAO_ENCONTRADO', 'Laudo não encontrado.'),
      'GET /api/laudos/l-outro/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-outro/respostas': { body: { respostas: [] } },
    });
    renderApp(laudoHref('l-outro'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Laudo não encontrado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar aos laudos' }).getAttribute('href')).toBe(
      '/admin?aba=laudos',
    );
  });

  it('says "Não informado" for an empty e-mail and observações', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/laudos/l-1': { body: { laudo: { ...comArquivos, emailCliente: null, observacoes: null } } },
      'GET /api/laudos/l-1/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-1/respostas': { body: { respostas: [] } },
    });
    renderApp(laudoHref('l-1'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Caldeira 01' })).toBeTruthy();
    const dados = screen.getByRole('region', { name: 'Dados do laudo' });
    const valor = (termo: string) => within(dados).getByText(termo).nextElementSibling?.textContent;
    expect(valor('E-mail do cliente')).toBe('Não informado');
    expect(valor('Observações')).toBe('Não informado');
  });

  it("shows an admin the laudo's current company when editing, and sends only a new choice", async () => {
    const outra = '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c';
    const daSouza = { ...comArquivos, empresa_id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d' };
    const fetchMock = mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/settings/public': settingsPublic,
      'GET /api/tipos-laudo': tipos,
      'GET /api/laudos/l-1': { body: { laudo: daSouza } },
      'GET /api/laudos/l-1/versoes': { body: { atual: 1, versoes: [] } },
      'GET /api/laudos/l-1/respostas': { body: { respostas: [] } },
      'GET /api/admin/empresas/opcoes': {
        body: { empresas: [{ id: outra, nome: 'Caldeiras Lima', cnpj: null }] },
      },
      'PATCH /api/laudos/l-1': { body: { laudo: daSouza } },
    });
    renderApp(laudoHref('l-1'));

    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Caldeira 01' });
    const empresa = within(dialog).getByRole('combobox', { name: 'Empresa' }) as HTMLInputElement;
    expect(empresa.value).toBe('Metalúrgica Souza');

    // Saved as it is: nothing about the company is sent.
    fireEvent.change(within(dialog).getByLabelText(/Observações/), { target: { value: 'Revisado.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Laudo atualizado')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/laudos/l-1')).toEqual([{ observacoes: 'Revisado.' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const outraVez = await screen.findByRole('dialog', { name: 'Editar Caldeira 01' });
    const campo = within(outraVez).getByRole('combobox', { name: 'Empresa' });
    fireEvent.change(campo, { target: { value: 'Caldeiras' } });
    fireEvent.click(await within(outraVez).findByRole('option', { name: 'Caldeiras Lima' }));
    fireEvent.click(within(outraVez).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH /api/laudos/l-1')).toHaveLength(2));
    expect(callsTo(fetchMock, 'PATCH /api/laudos/l-1')[1]).toEqual({ empresaId: outra });
  });
});
