import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi } from '../../../test/api-mock';
import { admin } from '../../../test/factories';
import { renderApp } from '../../../test/render';

beforeAll(async () => {
  await import('./admin-home');
}, 30_000);

const tipo = (nome: string, extra: Record<string, unknown> = {}) => ({
  nome,
  descricao: null,
  ativo: true,
  ordem: 100,
  periodoMeses: null,
  exame: null,
  ...extra,
});

const lista = [
  tipo('NR-13', { descricao: 'Caldeiras, vasos de pressão e tubulações', ordem: 10 }),
  tipo('NR-13 — Exame interno', { ordem: 15, exame: 'interno' }),
  tipo('Elevadores', { ordem: 30, periodoMeses: 12 }),
  tipo('Consultoria', { ordem: 50, ativo: false }),
];

function mockTipos(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/me': { body: admin() },
    'GET /api/admin/tipos-laudo': { body: { tipos: lista } },
    ...extra,
  });
}

describe('admin: tipos de laudo', () => {
  it('lists each type with its description, period, tied exam, order and state', async () => {
    mockTipos();
    renderApp(`${paths.admin}?aba=tipos`);

    expect(await screen.findByRole('heading', { name: 'Tipos de laudo' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Tipos de laudo' }).getAttribute('aria-selected')).toBe('true');
    const nr13 = await screen.findByRole('row', { name: /Caldeiras, vasos/ });
    expect(within(nr13).getByText('Caldeiras, vasos de pressão e tubulações')).toBeTruthy();
    expect(within(nr13).getByText('Data digitada')).toBeTruthy();
    const interno = screen.getByRole('row', { name: /NR-13 — Exame interno/ });
    expect(within(interno).getByText('Exame interno')).toBeTruthy();
    const elevadores = screen.getByRole('row', { name: /Elevadores/ });
    expect(within(elevadores).getByText('12 meses')).toBeTruthy();
    expect(within(elevadores).getByText('30')).toBeTruthy();
    expect(
      screen.getByRole('switch', { name: 'Ativo (tipo Consultoria)' }).getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('adds a type with a 12-month period, checking the period first', async () => {
    const fetchMock = mockTipos({
      'POST /api/admin/tipos-laudo': ({ body }) => ({
        status: 201,
        body: { tipo: tipo((body as { nome: string }).nome, body as Record<string, unknown>) },
      }),
    });
    renderApp(`${paths.admin}?aba=tipos`);

    fireEvent.click(await screen.findByRole('button', { name: 'Novo tipo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo tipo de laudo' });
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Inspeção de elevador' } });
    fireEvent.change(within(dialog).getByLabelText(/Período padrão/), { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar tipo' }));
    expect(
      await within(dialog).findByText('O período padrão deve ser um número inteiro de 1 a 120 meses.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/tipos-laudo')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Período padrão/), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText(/Descrição/), {
      target: { value: 'Inspeção anual da prefeitura' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar tipo' }));
    expect(await screen.findByText('Tipo Inspeção de elevador criado.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/tipos-laudo')).toEqual([
      {
        nome: 'Inspeção de elevador',
        descricao: 'Inspeção anual da prefeitura',
        ordem: 100,
        periodoMeses: 12,
        exame: null,
      },
    ]);
  });

  it("ties a type to an exam in the edit dialog and shows the server's 409 when the exam is taken", async () => {
    const fetchMock = mockTipos({
      'PATCH /api/admin/tipos-laudo/NR-12': apiError(
        409,
        'EXAME_JA_VINCULADO',
        'O Exame interno já está vinculado ao tipo "NR-13 — Exame interno": desvincule-o (ou desative aquele tipo) antes de vinculá-lo a outro.',
      ),
      'GET /api/admin/tipos-laudo': { body: { tipos: [...lista, tipo('NR-12', { ordem: 20 })] } },
    });
    renderApp(`${paths.admin}?aba=tipos`);

    fireEvent.click(await screen.findByRole('button', { name: 'Editar tipo NR-12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar tipo NR-12' });
    expect(within(dialog).queryByLabelText('Nome')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/Exame NR-13 vinculado/), {
      target: { value: 'interno' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(await within(dialog).findByText(/já está vinculado ao tipo "NR-13 — Exame interno"/)).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/admin/tipos-laudo/NR-12')).toEqual([
        { descricao: null, ordem: 20, periodoMeses: null, exame: 'interno', ativo: true },
      ]),
    );
  });
});
