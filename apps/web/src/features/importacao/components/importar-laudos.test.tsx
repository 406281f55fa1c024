import type { ImportacaoApi } from '@laudos/domain/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { type ApiRequest, apiError, callsTo, mockApi } from '../../../test/api-mock';
import { admin, perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

const ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const COLUNAS = [
  'Código',
  'Nome',
  'Tipo',
  'Data de vencimento',
  'E-mail do cliente',
  'Observações',
  'Empresa',
];

function importacao(extra: Partial<ImportacaoApi> = {}): ImportacaoApi {
  return {
    id: ID,
    empresaId: null,
    empresaNome: null,
    nomeArquivo: 'laudos.csv',
    criadoEm: '2026-11-27T12:00:00.000Z',
    criadoPor: { id: 'u-admin', nome: 'Ana Admin' },
    status: 'enviada',
    colunas: COLUNAS,
    amostra: [
      ['IMP-1', 'Caldeira 1', 'NR-13', '31/12/2027', 'a@cliente.test', '', 'Metalúrgica Souza'],
      ['IMP-2', 'Prensa 2', 'NR-12', '2027-06-30', '', 'linha 2', 'Metalúrgica Souza'],
    ],
    total: 5,
    // The server's suggestion: every heading of the template, and the company's column.
    mapeamento: {
      codigo: 'Código',
      nome: 'Nome',
      tipo: 'Tipo',
      dataVencimento: 'Data de vencimento',
      emailCliente: 'E-mail do cliente',
      observacoes: 'Observações',
      empresa: 'Empresa',
    },
    existentes: 'pular',
    enviarEmails: false,
    progresso: { processadas: 0, total: 0 },
    ...extra,
  };
}

const previa = {
  validas: 4,
  novos: 4,
  atualizar: 0,
  pular: 0,
  erros: [
    { linha: 4, campo: 'dataVencimento' as const, mensagem: 'Data inválida: use dd/mm/aaaa ou AAAA-MM-DD' },
  ],
  limiteExcedido: null,
};

beforeAll(async () => {
  await import('./importar-laudos');
}, 30_000);

function escolherArquivo(nome = 'laudos.csv') {
  const arquivo = new File(['Código;Nome;Tipo\r\nIMP-1;Caldeira;NR-13\r\n'], nome, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('Planilha (CSV ou XLSX)'), { target: { files: [arquivo] } });
}

describe('/laudos/importar', () => {
  it('an admin goes from the file to the report: columns, preview with its error, progress, counts', async () => {
    let estado: ImportacaoApi = importacao();
    let consultas = 0;
    const fetchMock = mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/importacoes': { body: { importacoes: [] } },
      'POST /api/importacoes': () => ({ status: 201, body: { importacao: estado } }),
      [`GET /api/importacoes/${ID}`]: () => {
        consultas += 1;
        // The job advances between two polls, then ends.
        if (estado.status === 'importando' && consultas >= 2)
          estado = {
            ...estado,
            status: 'concluida',
            progresso: { processadas: 4, total: 4 },
            resultado: { importados: 4, atualizados: 0, pulados: 0, erros: 1 },
          };
        return { body: { importacao: estado } };
      },
      [`POST /api/importacoes/${ID}/previa`]: ({ body }: ApiRequest) => {
        const { existentes } = body as { existentes: 'pular' | 'atualizar' };
        estado = { ...estado, status: 'validada', existentes, previa };
        return { body: { importacao: estado } };
      },
      [`POST /api/importacoes/${ID}/executar`]: () => {
        consultas = 0;
        estado = { ...estado, status: 'importando', progresso: { processadas: 2, total: 4 } };
        return { status: 202, body: { importacao: estado } };
      },
    });
    renderApp(paths.importarLaudos);

    // Step 1: the template's links, the company "pela coluna Empresa", the file.
    expect(await screen.findByRole('heading', { level: 2, name: 'Escolha a planilha' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baixar modelo (CSV)' }).getAttribute('href')).toBe(
      '/api/importacoes/modelo?formato=csv',
    );
    expect(screen.getByRole('link', { name: 'Baixar modelo (XLSX)' }).getAttribute('href')).toBe(
      '/api/importacoes/modelo?formato=xlsx',
    );
    // Nothing chosen: the company and the file are asked for, the server is not.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar planilha' }));
    expect(await screen.findByText('Escolha a empresa dos laudos.')).toBeTruthy();
    expect(screen.getByText('Escolha a planilha (CSV ou XLSX).')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/importacoes')).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: /Pela coluna Empresa/ }));
    escolherArquivo();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar planilha' }));

    // Step 2: the suggestion pre-fills every field, the first rows are shown; focus on the heading.
    const colunas = await screen.findByRole('heading', { level: 2, name: 'Associe as colunas' });
    await waitFor(() => expect(document.activeElement).toBe(colunas));
    expect((screen.getByLabelText('Código') as HTMLSelectElement).value).toBe('Código');
    expect((screen.getByLabelText('Empresa') as HTMLSelectElement).value).toBe('Empresa');
    expect((screen.getByLabelText(/Data de vencimento/) as HTMLSelectElement).value).toBe(
      'Data de vencimento',
    );
    const amostra = screen.getByRole('region', { name: 'Primeiras linhas da planilha' });
    expect(within(amostra).getByText('Prensa 2')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Observações/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('radio', { name: /Atualizar/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Verificar planilha' }));

    // Step 3: the counts and the one error with its spreadsheet row.
    const conferir = await screen.findByRole('heading', { level: 2, name: 'Confira antes de importar' });
    await waitFor(() => expect(document.activeElement).toBe(conferir));
    const [envio] = callsTo(fetchMock, `POST /api/importacoes/${ID}/previa`) as {
      mapeamento: Record<string, string>;
      existentes: string;
    }[];
    expect(envio?.existentes).toBe('atualizar');
    expect(envio?.mapeamento.observacoes).toBeUndefined();
    expect(envio?.mapeamento.codigo).toBe('Código');
    const tabela = screen.getByRole('table', { name: 'Erros da planilha' });
    const linha = within(tabela).getByRole('row', { name: /Data inválida/ });
    expect(within(linha).getByText('4')).toBeTruthy();
    expect(within(linha).getByText('Data de vencimento')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Enviar o e-mail de Novo Laudo Criado aos clientes'));
    fireEvent.click(screen.getByRole('button', { name: 'Importar 4 laudos' }));

    // Step 4: the progress, then the report.
    expect(await screen.findByRole('progressbar', { name: 'Progresso da importação' })).toBeTruthy();
    expect(screen.getByText(/2 de 4/)).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/importacoes/${ID}/executar`)).toEqual([
      { existentes: 'atualizar', enviarEmails: true },
    ]);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Importação concluída' }, { timeout: 8000 }),
    ).toBeTruthy();
    const relatorio = screen.getByText('Importados').closest<HTMLElement>('[role="status"]');
    if (!relatorio) throw new Error('o relatório não é anunciado');
    expect(within(relatorio).getByText('Importados').nextElementSibling?.textContent).toBe('4');
    expect(within(relatorio).getByText('Com erro').nextElementSibling?.textContent).toBe('1');
    expect(screen.getByRole('link', { name: 'Baixar relatório (CSV)' }).getAttribute('href')).toBe(
      `/api/importacoes/${ID}/relatorio.csv`,
    );
    expect(screen.getByRole('link', { name: 'Ver a lista de laudos' }).getAttribute('href')).toBe(
      '/admin?aba=laudos',
    );
  }, 30_000);

  it('asks for the required columns without calling the server; a plan limit blocks the import', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil({ plano: planoComImportacao() }) },
      [`GET /api/importacoes/${ID}`]: {
        body: {
          importacao: importacao({
            empresaId: 'e-metalurgica',
            empresaNome: 'Metalúrgica Souza',
            mapeamento: {},
          }),
        },
      },
      [`POST /api/importacoes/${ID}/previa`]: {
        body: {
          importacao: importacao({
            status: 'validada',
            empresaId: 'e-metalurgica',
            previa: {
              ...previa,
              erros: [],
              novos: 60,
              validas: 60,
              limiteExcedido:
                'Limite do plano atingido: o plano Básico permite até 50 laudos. Faça upgrade para cadastrar mais.',
            },
          }),
        },
      },
    });
    renderApp(`${paths.importarLaudos}?id=${ID}`);
    await screen.findByRole('heading', { level: 2, name: 'Associe as colunas' });
    // A gestor's rows go to their company: no Empresa field.
    expect(screen.queryByLabelText('Empresa')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar planilha' }));
    expect(
      (await screen.findByText('Escolha a coluna de Código, Nome, Tipo: são obrigatórios.')).closest(
        '[role="alert"]',
      ),
    ).toBeTruthy();
    expect(screen.getAllByText('Escolha a coluna deste campo.')).toHaveLength(3);
    expect(callsTo(fetchMock, `POST /api/importacoes/${ID}/previa`)).toHaveLength(0);

    for (const [campo, coluna] of [
      ['Código', 'Código'],
      ['Nome', 'Nome'],
      ['Tipo', 'Tipo'],
    ] as const)
      fireEvent.change(screen.getByLabelText(campo), { target: { value: coluna } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar planilha' }));
    expect(await screen.findByText(/o plano Básico permite até 50 laudos/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Importar 60 laudos' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  }, 30_000);

  it("shows the server's refusal of the file in its words, and checks the file's type first", async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil({ plano: planoComImportacao() }) },
      'GET /api/importacoes': { body: { importacoes: [] } },
      'POST /api/importacoes': apiError(
        422,
        'PLANILHA_GRANDE',
        'A planilha tem mais de 10.000 linhas. Divida-a em arquivos menores.',
      ),
    });
    renderApp(paths.importarLaudos);
    await screen.findByRole('heading', { level: 2, name: 'Escolha a planilha' });
    // A gestor does not choose the company.
    expect(screen.queryByRole('radio', { name: /Pela coluna Empresa/ })).toBeNull();
    escolherArquivo('laudos.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar planilha' }));
    expect(await screen.findByText('Escolha uma planilha CSV (.csv) ou Excel (.xlsx).')).toBeTruthy();
    // The refused field takes the focus, so its message is read out.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Planilha (CSV ou XLSX)')));
    expect(callsTo(fetchMock, 'POST /api/importacoes')).toHaveLength(0);

    escolherArquivo('grande.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar planilha' }));
    const recusa = await screen.findByText(
      'A planilha tem mais de 10.000 linhas. Divida-a em arquivos menores.',
    );
    expect(recusa.closest('[role="alert"]')).toBeTruthy();
  }, 30_000);

  it('a gestor whose plan lacks the feature sees what it gives and the plans; a member is told to ask', async () => {
    mockApi({ 'GET /api/me': { body: perfil({ plano: { ...planoComImportacao(), dataExport: false } }) } });
    const { unmount } = renderApp(paths.importarLaudos);
    expect(await screen.findByText('Seu plano não inclui exportação de dados.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver os planos que incluem' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar planilha' })).toBeNull();
    unmount();

    mockApi({ 'GET /api/me': { body: perfil({ papel: 'membro', plano: planoComImportacao() }) } });
    renderApp(paths.importarLaudos);
    expect(await screen.findByText(/Só o gestor da empresa pode importar/)).toBeTruthy();
  }, 30_000);

  it('lists the recent imports; one opens at its step, a finished one at its report', async () => {
    const concluida = importacao({
      nomeArquivo: 'laudos-de-outubro.xlsx',
      empresaId: 'e-metalurgica',
      empresaNome: 'Metalúrgica Souza',
      status: 'concluida',
      progresso: { processadas: 1500, total: 9963 },
      resultado: { importados: 9900, atualizados: 0, pulados: 63, erros: 0 },
    });
    mockApi({
      'GET /api/me': { body: perfil({ plano: planoComImportacao() }) },
      'GET /api/importacoes': { body: { importacoes: [concluida] } },
      [`GET /api/importacoes/${ID}`]: { body: { importacao: concluida } },
    });
    renderApp(paths.importarLaudos);
    const recentes = await screen.findByRole('heading', { level: 2, name: 'Importações recentes' });
    expect(recentes.nextElementSibling?.textContent).toContain('Metalúrgica Souza');
    fireEvent.click(screen.getByRole('link', { name: 'laudos-de-outubro.xlsx' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Importação concluída' })).toBeTruthy();
    // Thousands as Brazilians write them.
    expect(screen.getByText('1.500 de 9.963 linhas')).toBeTruthy();
    expect(screen.getByText('Importados').nextElementSibling?.textContent).toBe('9.900');
    expect(screen.getByRole('link', { name: 'Ver a lista de laudos' }).getAttribute('href')).toBe(
      '/vencimentos',
    );
  }, 30_000);
});

function planoComImportacao() {
  return {
    id: 'p-pro',
    nome: 'Profissional',
    preco: 99,
    maxLaudos: 500,
    maxUsuarios: 10,
    notificacoes: true,
    whatsappAlerts: false,
    emailSupport: true,
    prioritySupport: false,
    customReports: false,
    apiAccess: false,
    dataExport: true,
    customBranding: false,
  };
}
