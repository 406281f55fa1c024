import type { PreviaDeEquipamentos } from '@laudos/domain/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { callsTo, mockApi } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

beforeAll(async () => {
  await import('./importar-equipamentos');
}, 30_000);

function plano(dataExport = true) {
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
    dataExport,
    customBranding: false,
  };
}

const linhaV101 = {
  linha: 2,
  tag: 'V-101',
  tipo: 'vaso' as const,
  acao: 'criar' as const,
  categoria: 'III',
  classificacao: 'Categoria III',
  exames: [
    { exame: 'externo' as const, nome: 'Exame externo', data: '2028-05-10', explicacao: '' },
    { exame: 'interno' as const, nome: 'Exame interno', data: '2028-05-10', explicacao: '' },
  ],
};
const comErro: PreviaDeEquipamentos = {
  modo: 'pular',
  total: 2,
  criar: 1,
  atualizar: 0,
  pular: 0,
  erros: [
    { linha: 3, campo: 'Classe do fluido (A–D)', mensagem: 'Classe de fluido inválida: use A, B, C ou D.' },
  ],
  linhas: [linhaV101],
};
const semErro: PreviaDeEquipamentos = {
  ...comErro,
  criar: 2,
  erros: [],
  linhas: [linhaV101, { ...linhaV101, linha: 3, tag: 'V-102' }],
};

function escolher(nome = 'equipamentos.csv') {
  const arquivo = new File(['TAG;Tipo\r\nV-101;Vaso de pressão\r\n'], nome, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('Planilha (CSV ou XLSX)'), { target: { files: [arquivo] } });
}

describe('/equipamentos/importar', () => {
  it('a gestor downloads the template, sees the preview errors first, fixes, imports and goes back to the list', async () => {
    let previas = 0;
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil({ plano: plano() }) },
      'POST /api/equipamentos/importacao/previa': () => {
        previas += 1;
        return { body: { previa: previas === 1 ? comErro : semErro } };
      },
      'POST /api/equipamentos/importacao': {
        body: { resultado: { criados: 2, atualizados: 0, pulados: 0 } },
      },
    });
    renderApp(paths.importarEquipamentos);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Importar planilha de equipamentos' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baixar modelo (CSV)' }).getAttribute('href')).toBe(
      '/api/equipamentos/importacao/modelo?formato=csv',
    );
    expect(screen.getByRole('link', { name: 'Baixar modelo (XLSX)' }).getAttribute('href')).toBe(
      '/api/equipamentos/importacao/modelo?formato=xlsx',
    );

    // No file: asked for, the server is not called.
    fireEvent.click(screen.getByRole('button', { name: 'Conferir planilha' }));
    expect(await screen.findByText('Escolha a planilha (CSV ou XLSX).')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/equipamentos/importacao/previa')).toHaveLength(0);

    escolher();
    fireEvent.click(screen.getByRole('radio', { name: /Atualizar/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Conferir planilha' }));
    const titulo = await screen.findByRole('heading', { level: 2, name: 'Prévia da importação' });
    await waitFor(() => expect(document.activeElement).toBe(titulo));
    expect(screen.getByText(/Classe de fluido inválida: use A, B, C ou D\./).textContent).toContain(
      'Linha 3',
    );
    expect(screen.getByText(/1 erro: corrija a planilha/)).toBeTruthy();
    // With an error there is no import button; the valid row shows its category and dates.
    expect(screen.queryByRole('button', { name: /^Importar/ })).toBeNull();
    expect(screen.getByText('Categoria III')).toBeTruthy();
    expect(screen.getAllByText('Exame interno: 10/05/2028')).toHaveLength(1);
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/importacao/previa'))!;
    expect((init!.body as FormData).get('modo')).toBe('atualizar');

    // The fixed file: no errors, import both.
    escolher('corrigida.csv');
    expect(screen.queryByRole('heading', { name: 'Prévia da importação' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Conferir planilha' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Importar 2 equipamentos' }));
    expect(await screen.findByRole('heading', { name: 'Importação concluída' })).toBeTruthy();
    expect(screen.getByText('2 equipamentos cadastrados')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver a lista de equipamentos' }).getAttribute('href')).toBe(
      paths.equipamentos,
    );
  }, 30_000);

  it('an import refused for errors shows the list; without the plan or as a member there is no form', async () => {
    mockApi({
      'GET /api/me': { body: perfil({ plano: plano() }) },
      'POST /api/equipamentos/importacao/previa': { body: { previa: semErro } },
      'POST /api/equipamentos/importacao': {
        status: 400,
        body: {
          error: {
            code: 'PLANILHA_COM_ERROS',
            message:
              'Nada foi importado: a planilha tem 1 erro. Corrija as linhas indicadas e envie de novo.',
            erros: [{ linha: 4, campo: 'TAG', mensagem: 'Já existe uma TAG igual.' }],
          },
        },
      },
    });
    const { unmount } = renderApp(paths.importarEquipamentos);
    const conferir = await screen.findByRole('button', { name: 'Conferir planilha' });
    escolher();
    fireEvent.click(conferir);
    fireEvent.click(await screen.findByRole('button', { name: 'Importar 2 equipamentos' }));
    expect(await screen.findByText(/Nada foi importado: a planilha tem 1 erro/)).toBeTruthy();
    expect(screen.getByText(/Já existe uma TAG igual\./).textContent).toContain('Linha 4');
    unmount();

    mockApi({ 'GET /api/me': { body: perfil({ plano: plano(false) }) } });
    const semPlano = renderApp(paths.importarEquipamentos);
    expect(await screen.findByText('Seu plano não inclui exportação de dados.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Conferir planilha' })).toBeNull();
    semPlano.unmount();

    mockApi({ 'GET /api/me': { body: perfil({ papel: 'membro', plano: plano() }) } });
    renderApp(paths.importarEquipamentos);
    expect(await screen.findByText(/Só o gestor da empresa pode importar equipamentos/)).toBeTruthy();
  }, 30_000);
});
