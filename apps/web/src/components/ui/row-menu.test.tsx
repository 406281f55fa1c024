import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RowMenu } from './row-menu';

function renderMenu() {
  const editar = vi.fn();
  const excluir = vi.fn();
  render(
    <>
      <RowMenu
        label="Ações para Maria Souza"
        items={[
          { label: 'Editar', onSelect: editar },
          { label: 'Gerar senha temporária', onSelect: vi.fn() },
          { label: 'Excluir', danger: true, onSelect: excluir },
        ]}
      />
      <p>fora do menu</p>
    </>,
  );
  return { botao: screen.getByRole('button', { name: 'Ações para Maria Souza' }), editar, excluir };
}

describe('RowMenu', () => {
  it('is a menu button that opens a menu of the row actions, focused on the first', () => {
    const { botao } = renderMenu();
    expect(botao.getAttribute('aria-haspopup')).toBe('menu');
    expect(botao.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(botao);

    const menu = screen.getByRole('menu', { name: 'Ações para Maria Souza' });
    expect(botao.getAttribute('aria-expanded')).toBe('true');
    expect(botao.getAttribute('aria-controls')).toBe(menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Editar',
      'Gerar senha temporária',
      'Excluir',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Editar' }));
  });

  it('moves with the arrow keys, Home and End, wrapping around', () => {
    const { botao } = renderMenu();
    fireEvent.keyDown(botao, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu');
    const item = (nome: string) => screen.getByRole('menuitem', { name: nome });

    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Gerar senha temporária'));
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(item('Excluir'));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Editar'));
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(item('Excluir'));
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(item('Editar'));
  });

  it('closes on Escape and gives the focus back to its button', () => {
    const { botao, editar } = renderMenu();
    fireEvent.click(botao);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(botao.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(botao);
    expect(editar).not.toHaveBeenCalled();
  });

  it('closes on a click outside, doing nothing', () => {
    const { botao, editar, excluir } = renderMenu();
    fireEvent.click(botao);
    fireEvent.pointerDown(screen.getByText('fora do menu'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(editar).not.toHaveBeenCalled();
    expect(excluir).not.toHaveBeenCalled();
  });

  it('stays open when the page scrolls under it (a list shrinking after a search scrolls it)', () => {
    const { botao } = renderMenu();
    fireEvent.click(botao);
    fireEvent.scroll(window);
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Editar' }));
  });

  it('runs the chosen action once, closed, with the focus back on its button', () => {
    const { botao, editar, excluir } = renderMenu();
    fireEvent.click(botao);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Excluir' }));
    expect(excluir).toHaveBeenCalledTimes(1);
    expect(editar).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(botao);
  });
});
