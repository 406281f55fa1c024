import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { equipamentoHref, paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi } from '../../../test/api-mock';
import { admin, perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import { equipamentoApi, resumoApi } from '../test/equipamento-factory';
import { classificarAoVivo } from './classificacao-ao-vivo';

const CATEGORIA_III = 'Categoria III (classe B, P·V = 12,4 → grupo 3) — NR-13 13.5.1.1.3, Tabela 1';

// Lazy routes: load their modules once up front, so the first test's waits measure the page.
beforeAll(async () => {
  await Promise.all([
    import('./equipamentos-lista'),
    import('./equipamento-form'),
    import('./equipamento-detalhes'),
  ]);
}, 30_000);

describe('classificarAoVivo', () => {
  it('classifies a vessel from kPa and m³ with the domain rule and explains each exam', () => {
    const r = classificarAoVivo({
      tipo: 'vaso',
      pressaoMaximaKpa: 1240,
      volumeM3: 10,
      classeFluido: 'B',
      pressaoOperacaoKpa: null,
      spie: false,
      opcoes: {},
      ligados: [],
    });
    expect(r.categoria).toBe(CATEGORIA_III);
    expect(r.exames).toEqual([
      'Exame externo a cada 3 anos (categoria III, sem SPIE) — NR-13 13.5.4.5, Tabela 2',
      'Exame interno a cada 6 anos (categoria III, sem SPIE) — NR-13 13.5.4.5, Tabela 2',
    ]);
  });

  it('says a boiler at 60 kPa or less is outside NR-13 and classifies one above', () => {
    const base = {
      tipo: 'caldeira',
      pressaoMaximaKpa: null,
      volumeM3: null,
      classeFluido: null,
      spie: false,
      opcoes: {},
      ligados: [],
    } as const;
    expect(classificarAoVivo({ ...base, pressaoOperacaoKpa: 50 }).categoria).toMatch(
      /fora do campo de aplicação de caldeiras da NR-13/,
    );
    const b = classificarAoVivo({ ...base, pressaoOperacaoKpa: 800 });
    expect(b.categoria).toBe(
      'Categoria B (pressão de operação 800 kPa entre 60 e 1.960 kPa) — NR-13 13.4.1.1',
    );
    expect(b.exames[0]).toMatch(/Inspeção de segurança a cada 1 ano/);
  });
});

describe('classificarAoVivo, piping and devices', () => {
  const base = {
    pressaoMaximaKpa: null,
    pressaoOperacaoKpa: null,
    volumeM3: null,
    classeFluido: null,
    spie: false,
    opcoes: {},
  } as const;
  const vaso = { tag: 'VP-01', tipo: 'vaso', intervalos: { externo: 36, interno: 72 } } as const;
  const caldeira = { tag: 'CAL-02', tipo: 'caldeira', intervalos: { seguranca: 12 } } as const;

  it('follows the most critical connection, doubled by the PH up to 10 years', () => {
    expect(classificarAoVivo({ ...base, tipo: 'tubulacao', ligados: [vaso, caldeira] }).exames).toEqual([
      'A cada 1 ano: o prazo de exame interno do equipamento mais crítico ligado, CAL-02 — NR-13 13.6.2.2',
    ]);
    expect(
      classificarAoVivo({ ...base, tipo: 'tubulacao', ligados: [vaso], opcoes: { dobradoPeloPh: true } })
        .exames[0],
    ).toMatch(/^A cada 10 anos: o dobro do prazo de VP-01 \(6 anos\), limitado a 10 anos/);
  });

  it("gives a safety device the protected vessel's internal-exam interval", () => {
    expect(classificarAoVivo({ ...base, tipo: 'dispositivo', ligados: [vaso] }).exames).toEqual([
      'A cada 6 anos, no máximo o prazo de VP-01 — NR-13 13.5.4.9',
    ]);
  });
});

describe('/equipamentos', () => {
  it("lists the client's equipment with the date and the situation, and filters by situation", async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/equipamentos': ({ url }) => ({
        body: {
          equipamentos:
            url.searchParams.get('situacao') === 'vencido'
              ? [
                  resumoApi({
                    id: 'eq-2',
                    tag: 'CAL-02',
                    tipo: 'caldeira',
                    categoria: 'B',
                    situacao: 'vencido',
                    proximaData: '2026-01-05',
                  }),
                ]
              : [
                  resumoApi(),
                  resumoApi({
                    id: 'eq-2',
                    tag: 'CAL-02',
                    tipo: 'caldeira',
                    categoria: 'B',
                    situacao: 'vencido',
                    proximaData: '2026-01-05',
                  }),
                ],
        },
      }),
    });
    renderApp(paths.equipamentos);

    expect(await screen.findByRole('heading', { level: 1, name: 'Equipamentos' })).toBeTruthy();
    const linha = (await screen.findByRole('link', { name: 'VP-01' })).closest('tr')!;
    expect(within(linha).getByText('Vaso de pressão')).toBeTruthy();
    expect(within(linha).getByText('10/03/2027')).toBeTruthy();
    expect(within(linha).getByText('Em dia')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'VP-01' }).getAttribute('href')).toBe(equipamentoHref('eq-1'));
    // No company filter for a client: the server scopes to their company.
    expect(screen.queryByRole('combobox', { name: /Empresa/ })).toBeNull();

    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'vencido' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'VP-01' })).toBeNull());
    expect(
      within(screen.getByRole('link', { name: 'CAL-02' }).closest('tr')!).getByText('Vencido'),
    ).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/equipamentos?situacao=vencido')),
    ).toBe(true);
  });

  it('keeps the filters in the address, with the next-due date, so a reload keeps them', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/equipamentos': { body: { equipamentos: [resumoApi()] } },
    });
    const { router } = renderApp(`${paths.equipamentos}?tipo=vaso&vencimentoAte=2027-06-30`);
    await screen.findByRole('link', { name: 'VP-01' });
    expect((screen.getByLabelText('Tipo') as HTMLSelectElement).value).toBe('vaso');
    expect((screen.getByLabelText('Vence até') as HTMLInputElement).value).toBe('2027-06-30');
    const consultas = () =>
      fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams.toString());
    expect(consultas()).toContain('tipo=vaso&vencimentoAte=2027-06-30');

    fireEvent.change(screen.getByLabelText('Categoria'), { target: { value: 'III' } });
    await waitFor(() => expect(router.state.location.search).toContain('categoria=III'));
    fireEvent.change(screen.getByLabelText('Vence até'), { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).not.toContain('vencimentoAte'));
    await waitFor(() => expect(consultas()).toContain('tipo=vaso&categoria=III'));
  });

  it('shows an empty state with "Cadastrar equipamento"', async () => {
    mockApi({ 'GET /api/me': { body: perfil() }, 'GET /api/equipamentos': { body: { equipamentos: [] } } });
    renderApp(paths.equipamentos);
    expect(await screen.findByText('Nenhum equipamento cadastrado ainda.')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Cadastrar equipamento' });
    expect(links.every((l) => l.getAttribute('href') === paths.novoEquipamento)).toBe(true);
  });

  it('gives an admin the company filter and the company column', async () => {
    mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/equipamentos': { body: { equipamentos: [resumoApi()] } },
    });
    renderApp(paths.equipamentos);
    expect(await screen.findByRole('combobox', { name: /Empresa/ })).toBeTruthy();
    expect(
      within((await screen.findByRole('link', { name: 'VP-01' })).closest('tr')!).getByText(
        'Metalúrgica Souza',
      ),
    ).toBeTruthy();
  });
});

describe('/equipamentos/novo', () => {
  it('classifies the vessel live while typing, then saves it with the last exam date', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'POST /api/equipamentos': { status: 201, body: { equipamento: equipamentoApi() } },
      'GET /api/equipamentos/eq-1': { body: { equipamento: equipamentoApi() } },
    });
    renderApp(paths.novoEquipamento);

    await screen.findByRole('heading', { level: 1, name: 'Cadastrar equipamento' });
    fireEvent.change(screen.getByLabelText('Tipo de equipamento'), { target: { value: 'vaso' } });
    fireEvent.change(screen.getByLabelText('TAG'), { target: { value: 'VP-01' } });
    fireEvent.change(screen.getByLabelText('Pressão máxima de operação (kPa)'), {
      target: { value: '1240' },
    });
    fireEvent.change(screen.getByLabelText('Volume (m³)'), { target: { value: '10' } });
    const vivo = screen.getByText(/Informe a pressão máxima/).closest('[aria-live="polite"]') as HTMLElement;
    fireEvent.change(screen.getByLabelText('Classe do fluido'), { target: { value: 'B' } });
    expect(within(vivo).getByText(CATEGORIA_III)).toBeTruthy();
    expect(within(vivo).getByText(/Exame interno a cada 6 anos/)).toBeTruthy();

    // SPIE changes the intervals at once.
    fireEvent.click(screen.getByLabelText('A empresa tem SPIE'));
    expect(within(vivo).getByText(/Exame interno a cada 10 anos \(categoria III, com SPIE\)/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('A empresa tem SPIE'));

    fireEvent.change(screen.getByLabelText(/Exame interno — último/), { target: { value: '2024-03-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar equipamento' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'VP-01' })).toBeTruthy();
    const [post] = callsTo(fetchMock, 'POST /api/equipamentos');
    expect(post).toMatchObject({
      tipo: 'vaso',
      tag: 'VP-01',
      pressaoMaximaKpa: 1240,
      volumeM3: 10,
      classeFluido: 'B',
      spie: false,
      ultimosExames: { interno: '2024-03-10' },
    });
    expect(screen.getByText('Equipamento cadastrado.')).toBeTruthy();
  });

  it("explains a piping's interval from the connected vessel chosen in the list", async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/equipamentos': { body: { equipamentos: [resumoApi()] } },
      'GET /api/equipamentos/eq-1': { body: { equipamento: equipamentoApi() } },
    });
    renderApp(paths.novoEquipamento);
    await screen.findByRole('heading', { level: 1, name: 'Cadastrar equipamento' });
    fireEvent.change(screen.getByLabelText('Tipo de equipamento'), { target: { value: 'tubulacao' } });
    fireEvent.click(await screen.findByLabelText('VP-01 — Vaso de pressão'));
    expect(
      await screen.findByText(
        'A cada 6 anos: o prazo de exame interno do equipamento mais crítico ligado, VP-01 — NR-13 13.6.2.2',
      ),
    ).toBeTruthy();
  });

  it("asks an admin for the company, then lists that company's vessels for a safety device", async () => {
    const LIMA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
    const fetchMock = mockApi({
      'GET /api/me': { body: admin() },
      'GET /api/admin/empresas/opcoes': {
        body: { empresas: [{ id: LIMA, nome: 'Caldeiras Lima', cnpj: null }] },
      },
      [`GET /api/equipamentos?empresaId=${LIMA}`]: {
        body: { equipamentos: [resumoApi({ empresaId: LIMA, empresaNome: 'Caldeiras Lima' })] },
      },
      'GET /api/equipamentos/eq-1': { body: { equipamento: equipamentoApi() } },
      'POST /api/equipamentos': apiError(403, 'PLANO', 'O plano da empresa não inclui mais equipamentos.'),
    });
    renderApp(paths.novoEquipamento);
    await screen.findByRole('heading', { level: 1, name: 'Cadastrar equipamento' });
    fireEvent.change(screen.getByLabelText('Tipo de equipamento'), { target: { value: 'dispositivo' } });
    fireEvent.change(screen.getByLabelText('TAG'), { target: { value: 'PSV-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar equipamento' }));
    expect(await screen.findByText('Escolha a empresa do equipamento.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/equipamentos')).toHaveLength(0);

    const empresa = screen.getByRole('combobox', { name: /Empresa/ });
    fireEvent.change(empresa, { target: { value: 'lima' } });
    await screen.findByRole('option', { name: /Caldeiras Lima/ });
    fireEvent.keyDown(empresa, { key: 'ArrowDown' });
    fireEvent.keyDown(empresa, { key: 'Enter' });
    await screen.findByRole('option', { name: 'VP-01 — Vaso de pressão' });
    fireEvent.change(screen.getByLabelText('Equipamento protegido'), { target: { value: 'eq-1' } });
    expect(
      await screen.findByText('A cada 6 anos, no máximo o prazo de VP-01 — NR-13 13.5.4.9'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar equipamento' }));
    expect(await screen.findByText('O plano da empresa não inclui mais equipamentos.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/equipamentos')).toEqual([
      expect.objectContaining({
        tipo: 'dispositivo',
        empresaId: LIMA,
        tag: 'PSV-01',
        protegeId: 'eq-1',
        ultimosExames: {},
      }),
    ]);
  });

  it('shows the server message and marks the field it names', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'POST /api/equipamentos': {
        status: 400,
        body: {
          error: {
            code: 'ENTRADA_INVALIDA',
            message: 'Dados inválidos.',
            campos: [{ campo: 'tag', mensagem: 'Já existe um equipamento com esta TAG.' }],
          },
        },
      },
    });
    renderApp(paths.novoEquipamento);
    await screen.findByRole('heading', { level: 1, name: 'Cadastrar equipamento' });
    fireEvent.change(screen.getByLabelText('Tipo de equipamento'), { target: { value: 'tanque' } });
    fireEvent.change(screen.getByLabelText('TAG'), { target: { value: 'TQ-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar equipamento' }));
    expect((await screen.findByText('Dados inválidos.')).closest('[role="alert"]')).toBeTruthy();
    const tag = screen.getByLabelText('TAG');
    expect(tag.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Já existe um equipamento com esta TAG.')).toBeTruthy();
  });
});

describe('/equipamentos/:id', () => {
  it('explains each exam, records an inspection and shows the date moved', async () => {
    const depois = equipamentoApi({
      exames: equipamentoApi().exames.map((x) =>
        x.exame === 'interno'
          ? {
              ...x,
              ultimaEm: '2026-11-20',
              maxima: '2032-11-20',
              data: '2032-11-20',
              explicacao:
                'Exame interno a cada 6 anos (categoria III, sem SPIE) — NR-13 13.5.4.5, Tabela 2; desde 20/11/2026',
            }
          : x,
      ),
      inspecoes: [
        {
          id: 'i-1',
          tipo: 'periodica',
          exames: ['interno'],
          dataInicio: null,
          dataFim: '2026-11-20',
          phNome: 'João Lima',
          phCrea: 'SP-123',
          resultado: 'aprovado',
          parecer: null,
          recomendacoes: [],
          proximasPlanejadas: {},
          laudoId: 'l-rel',
          criadoEm: '2026-11-20T12:00:00.000Z',
        },
      ],
      documentos: [
        {
          id: 'l-int',
          nome: 'Exame interno — VP-01',
          codigo: 'VP-01-INT',
          exame: 'interno',
          dataVencimento: '2032-11-20',
          versao: 1,
          arquivoPdfNome: null,
          arquivoExcelNome: null,
        },
        {
          id: 'l-rel',
          nome: 'Relatório de inspeção VP-01',
          codigo: 'RI-01',
          exame: null,
          dataVencimento: null,
          versao: 1,
          arquivoPdfNome: 'relatorio-vp01.pdf',
          arquivoExcelNome: null,
        },
      ],
    });
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil({ papel: 'membro' }) },
      'GET /api/equipamentos/eq-1': { body: { equipamento: equipamentoApi() } },
      'POST /api/equipamentos/eq-1/inspecoes': { status: 201, body: { equipamento: depois } },
    });
    renderApp(equipamentoHref('eq-1'));

    expect(await screen.findByRole('heading', { level: 1, name: 'VP-01' })).toBeTruthy();
    expect(screen.getByText(CATEGORIA_III)).toBeTruthy();
    const prazos = screen.getByRole('region', { name: 'Exames e prazos' });
    expect(within(prazos).getByText('10/03/2030')).toBeTruthy();
    expect(within(prazos).getByText(/Exame interno a cada 6 anos .* desde 10\/03\/2024/)).toBeTruthy();
    expect(within(prazos).getByText('Sem data')).toBeTruthy();
    // A member may not delete.
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Registrar inspeção' }));
    const form = screen.getByRole('form', { name: 'Registrar inspeção' });
    fireEvent.click(within(form).getByLabelText('Exame externo'));
    fireEvent.change(within(form).getByLabelText('Data de conclusão'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByLabelText('Profissional habilitado (PH)'), {
      target: { value: 'João Lima' },
    });
    fireEvent.change(within(form).getByLabelText('CREA do PH'), { target: { value: 'SP-123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Adicionar recomendação' }));
    fireEvent.change(within(form).getByLabelText('Recomendação 1'), {
      target: { value: 'Trocar o manômetro' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar inspeção' }));

    expect(await within(prazos).findByText('20/11/2032')).toBeTruthy();
    expect(screen.getByText('Inspeção registrada. As próximas datas foram recalculadas.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Exames e prazos' })),
    );
    expect(screen.getByText(/PH: João Lima \(CREA SP-123\)/)).toBeTruthy();
    // The documents: the exam laudos and the inspection's report, each a link to its laudo.
    const documentos = screen.getByRole('region', { name: 'Documentos' });
    expect(within(documentos).getByRole('link', { name: 'Exame interno — VP-01' }).getAttribute('href')).toBe(
      '/laudos/l-int',
    );
    expect(within(documentos).getByText('VP-01-INT · vence em 20/11/2032')).toBeTruthy();
    expect(within(documentos).getByText('Relatório da inspeção de 20/11/2026')).toBeTruthy();
    expect(within(documentos).getByText('Arquivos: relatorio-vp01.pdf')).toBeTruthy();
    const [post] = callsTo(fetchMock, 'POST /api/equipamentos/eq-1/inspecoes');
    expect(post).toMatchObject({
      tipo: 'periodica',
      exames: ['interno'],
      dataFim: '2026-11-20',
      phNome: 'João Lima',
      phCrea: 'SP-123',
      resultado: 'aprovado',
      recomendacoes: [{ descricao: 'Trocar o manômetro', prazo: null, responsavel: null }],
    });
  });

  it('lets a gestor approve a pending extension and delete after confirming', async () => {
    const pendente = equipamentoApi({
      prorrogacoes: [
        {
          id: 'p-1',
          exame: 'interno',
          tipo: 'forca_maior',
          meses: 3,
          justificativa: 'Parada da planta adiada pela falta de peças.',
          phNome: 'João Lima',
          phCrea: 'SP-123',
          avisoSindicatoEm: null,
          status: 'solicitada',
          decididaEm: null,
          criadoEm: '2026-11-20T12:00:00.000Z',
        },
      ],
    });
    const aprovada = equipamentoApi({
      prorrogacoes: pendente.prorrogacoes.map((p) => ({ ...p, status: 'aprovada' as const })),
    });
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/equipamentos/eq-1': { body: { equipamento: pendente } },
      'POST /api/equipamentos/eq-1/prorrogacoes/p-1/aprovar': { body: { equipamento: aprovada } },
      'DELETE /api/equipamentos/eq-1': apiError(403, 'PROIBIDO', 'Só o gestor da empresa pode excluir.'),
    });
    renderApp(equipamentoHref('eq-1'));
    const secao = await screen.findByRole('region', { name: 'Prorrogações' });
    expect(within(secao).getByText('Aguardando decisão')).toBeTruthy();
    fireEvent.click(within(secao).getByRole('button', { name: 'Aprovar' }));
    expect(await within(secao).findByText('Aprovada')).toBeTruthy();
    expect(within(secao).queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/equipamentos/eq-1/prorrogacoes/p-1/aprovar')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Excluir VP-01?' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Excluir equipamento' }));
    expect(await within(dialogo).findByText('Só o gestor da empresa pode excluir.')).toBeTruthy();
  });

  it('asks for an extension within the limit, shows the refusal next to its field, and records an event', async () => {
    const comEvento = equipamentoApi({
      eventos: [
        {
          id: 'ev-1',
          tipo: 'parada',
          data: '2026-11-01',
          descricao: 'Manutenção da planta',
          exigeInspecao: false,
          criadoEm: '2026-11-01T12:00:00.000Z',
        },
      ],
    });
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/equipamentos/eq-1': { body: { equipamento: equipamentoApi() } },
      'POST /api/equipamentos/eq-1/prorrogacoes': {
        status: 400,
        body: {
          error: {
            code: 'ENTRADA_INVALIDA',
            message: 'Prorrogação por força maior de no máximo 6 meses (NR-13 13.3.1.1).',
            campos: [{ campo: 'meses', mensagem: 'No máximo 6 meses.' }],
          },
        },
      },
      'POST /api/equipamentos/eq-1/eventos': { status: 201, body: { equipamento: comEvento } },
    });
    renderApp(equipamentoHref('eq-1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar prorrogação' }));
    const form = screen.getByRole('form', { name: 'Solicitar prorrogação' });
    expect(within(form).getByText('No máximo 6 meses (NR-13 13.3.1.1).')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Tipo de prorrogação'), {
      target: { value: 'inspecao_nao_intrusiva' },
    });
    // Half of the internal exam's 72 months.
    fireEvent.change(within(form).getByLabelText('Exame'), { target: { value: 'interno' } });
    expect(within(form).getByText('No máximo 36 meses (NR-13 13.5.4.5.3).')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Tipo de prorrogação'), {
      target: { value: 'forca_maior' },
    });
    fireEvent.change(within(form).getByLabelText('Meses'), { target: { value: '9' } });
    fireEvent.change(within(form).getByLabelText('Justificativa'), {
      target: { value: 'Falta de peças no mercado.' },
    });
    fireEvent.change(within(form).getByLabelText('Profissional habilitado (PH)'), {
      target: { value: 'João Lima' },
    });
    fireEvent.change(within(form).getByLabelText('CREA do PH'), { target: { value: 'SP-123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Solicitar prorrogação' }));
    expect(
      (
        await within(form).findByText('Prorrogação por força maior de no máximo 6 meses (NR-13 13.3.1.1).')
      ).closest('[role="alert"]'),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Meses')));
    expect(callsTo(fetchMock, 'POST /api/equipamentos/eq-1/prorrogacoes')).toEqual([
      {
        exame: 'interno',
        tipo: 'forca_maior',
        meses: 9,
        justificativa: 'Falta de peças no mercado.',
        phNome: 'João Lima',
        phCrea: 'SP-123',
        avisoSindicatoEm: null,
      },
    ]);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));

    fireEvent.click(screen.getByRole('button', { name: 'Registrar evento' }));
    const evento = screen.getByRole('form', { name: 'Registrar evento' });
    fireEvent.change(within(evento).getByLabelText('Data do evento'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(evento).getByLabelText(/Descrição/), {
      target: { value: 'Manutenção da planta' },
    });
    fireEvent.click(within(evento).getByRole('button', { name: 'Registrar evento' }));
    expect(await screen.findByText('01/11/2026 — Parada')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/equipamentos/eq-1/eventos')).toEqual([
      { tipo: 'parada', data: '2026-11-01', descricao: 'Manutenção da planta' },
    ]);
  });
});

describe('/equipamentos/:id/editar', () => {
  it('opens prefilled and sends only what PATCH takes', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/equipamentos/eq-1': { body: { equipamento: equipamentoApi() } },
      'PATCH /api/equipamentos/eq-1': { body: { equipamento: equipamentoApi({ localizacao: 'Pátio 2' }) } },
    });
    renderApp('/equipamentos/eq-1/editar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar VP-01' })).toBeTruthy();
    expect((screen.getByLabelText('Tipo de equipamento') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText('Pressão máxima de operação (kPa)') as HTMLInputElement).value).toBe(
      '1240',
    );
    expect(screen.getByText(CATEGORIA_III)).toBeTruthy();
    expect(screen.queryByText('Últimos exames realizados')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Localização/), { target: { value: 'Pátio 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Alterações salvas.')).toBeTruthy();
    const [patch] = callsTo(fetchMock, 'PATCH /api/equipamentos/eq-1') as Record<string, unknown>[];
    expect(patch).toMatchObject({
      tag: 'VP-01',
      localizacao: 'Pátio 2',
      pressaoMaximaKpa: 1240,
      volumeM3: 10,
    });
    expect(Object.keys(patch!)).not.toContain('tipo');
    expect(Object.keys(patch!)).not.toContain('ultimosExames');
  });
});
