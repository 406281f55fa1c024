import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from './combobox';

const todas: ComboboxOption[] = [
  { id: 'e-1', rotulo: 'Acme Caldeiras', detalhe: 'CNPJ 11.222.333/0001-81' },
  { id: 'e-2', rotulo: 'Metalúrgica Souza' },
];

function Exemplo({ onCriar }: { onCriar?: (texto: string) => void }) {
  const [escolhida, setEscolhida] = useState<ComboboxOption | null>(null);
  const [busca, setBusca] = useState('');
  return (
    <>
      <Combobox
        label="Empresa"
        name="empresa"
        selecionada={escolhida}
        onSelecionar={setEscolhida}
        onBuscar={setBusca}
        opcoes={todas.filter((o) => o.rotulo.toLowerCase().includes(busca.toLowerCase()))}
        carregando={false}
        vazio="Nenhuma empresa encontrada."
        {...(onCriar ? { acao: { rotulo: (t: string) => `Criar empresa “${t}”`, onEscolher: onCriar } } : {})}
      />
      <p>Escolhida: {escolhida?.id ?? 'nenhuma'}</p>
    </>
  );
}

describe('Combobox', () => {
  it('is a combobox that controls a listbox and moves the active option with the arrows', () => {
    render(<Exemplo />);
    const campo = screen.getByRole('combobox', { name: 'Empresa' });
    expect(campo.getAttribute('aria-expanded')).toBe('false');
    expect(campo.getAttribute('aria-autocomplete')).toBe('list');

    fireEvent.keyDown(campo, { key: 'ArrowDown' });
    const lista = screen.getByRole('listbox', { name: 'Empresa' });
    expect(campo.getAttribute('aria-expanded')).toBe('true');
    expect(campo.getAttribute('aria-controls')).toBe(lista.id);
    const [acme, souza] = screen.getAllByRole('option');
    expect(acme?.textContent).toContain('CNPJ 11.222.333/0001-81');
    expect(campo.getAttribute('aria-activedescendant')).toBe(acme?.id);
    expect(acme?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(campo, { key: 'ArrowDown' });
    expect(campo.getAttribute('aria-activedescendant')).toBe(souza?.id);
    fireEvent.keyDown(campo, { key: 'ArrowDown' });
    expect(campo.getAttribute('aria-activedescendant')).toBe(acme?.id);
    fireEvent.keyDown(campo, { key: 'ArrowUp' });
    expect(campo.getAttribute('aria-activedescendant')).toBe(souza?.id);

    fireEvent.keyDown(campo, { key: 'Enter' });
    expect((campo as HTMLInputElement).value).toBe('Metalúrgica Souza');
    expect(screen.getByText('Escolhida: e-2')).toBeTruthy();
    expect(campo.getAttribute('aria-expanded')).toBe('false');
  });

  it('forgets the choice as soon as the text changes; Escape closes the list, then clears the text', () => {
    render(<Exemplo />);
    const campo = screen.getByRole('combobox', { name: 'Empresa' }) as HTMLInputElement;
    fireEvent.change(campo, { target: { value: 'acme' } });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.click(screen.getByRole('option', { name: /Acme Caldeiras/ }));
    expect(screen.getByText('Escolhida: e-1')).toBeTruthy();

    fireEvent.change(campo, { target: { value: 'acm' } });
    expect(screen.getByText('Escolhida: nenhuma')).toBeTruthy();

    fireEvent.keyDown(campo, { key: 'Escape' });
    expect(campo.getAttribute('aria-expanded')).toBe('false');
    expect(campo.value).toBe('acm');
    fireEvent.keyDown(campo, { key: 'Escape' });
    expect(campo.value).toBe('');
  });

  it('says when nothing matches and offers the action with the text typed', () => {
    const criar = vi.fn();
    render(<Exemplo onCriar={criar} />);
    const campo = screen.getByRole('combobox', { name: 'Empresa' });
    fireEvent.change(campo, { target: { value: 'Prensas' } });

    expect(screen.getByText('Nenhuma empresa encontrada.')).toBeTruthy();
    fireEvent.keyDown(campo, { key: 'ArrowDown' });
    fireEvent.keyDown(campo, { key: 'Enter' });
    expect(criar).toHaveBeenCalledWith('Prensas');
  });
});
