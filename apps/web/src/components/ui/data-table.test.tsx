import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, EmailText } from './data-table';

type Linha = { id: string; nome: string; email: string };

const columns = [
  { header: 'Nome', rowHeader: true, cell: (linha: Linha) => linha.nome },
  { header: 'E-mail', cell: (linha: Linha) => <EmailText email={linha.email} /> },
];

describe('DataTable', () => {
  it('names each row by its row-header cell, under the caption and column headings', () => {
    render(
      <DataTable
        caption="Usuários"
        columns={columns}
        rows={[{ id: 'u-1', nome: 'Maria Souza', email: 'maria.souza@metalurgica-souza.com.br' }]}
        rowKey={(linha) => linha.id}
      />,
    );
    const tabela = screen.getByRole('table', { name: 'Usuários' });
    expect(
      within(tabela)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nome', 'E-mail']);
    const linha = within(tabela).getByRole('row', { name: /Maria Souza/ });
    expect(within(linha).getByRole('rowheader').textContent).toBe('Maria Souza');
    expect(within(linha).getByText('maria.souza@metalurgica-souza.com.br')).toBeTruthy();
  });

  it('shows the empty state instead of an empty table', () => {
    render(<DataTable columns={columns} rows={[]} rowKey={(linha) => linha.id} empty="Nenhum usuário." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Nenhum usuário.')).toBeTruthy();
  });
});

describe('DataTable folded columns', () => {
  it('shows a folded column as a labelled line under the row name, not as a column', () => {
    render(
      <DataTable
        caption="Usuários"
        columns={[
          ...columns,
          { header: 'Plano', fold: true, cell: () => 'Básico' },
          { header: 'Tipo', fold: true, cell: () => 'Cliente' },
        ]}
        rows={[{ id: 'u-1', nome: 'Maria Souza', email: 'maria@metalurgica.com.br' }]}
        rowKey={(linha) => linha.id}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Nome', 'E-mail']);
    const nome = screen.getByRole('rowheader');
    expect(within(nome).getByText('Plano:').nextElementSibling?.textContent).toBe('Básico');
    expect(within(nome).getByText('Tipo:').nextElementSibling?.textContent).toBe('Cliente');
    // On a card (below 768 px) each cell is headed by its column's name, from data-label.
    expect(screen.getByRole('cell').getAttribute('data-label')).toBe('E-mail');
  });
});

describe('EmailText', () => {
  it('lets a long address break only before the @ and the dots', () => {
    const { container } = render(<EmailText email="maria.souza@metalurgica.com.br" />);
    expect(container.textContent).toBe('maria.souza@metalurgica.com.br');
    expect(container.querySelector('span')?.innerHTML).toBe(
      'maria<wbr>.souza<wbr>@metalurgica<wbr>.com<wbr>.br',
    );
  });
});
