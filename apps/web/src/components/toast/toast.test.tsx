import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToastOptions, ToastProvider, useToast } from './index';

function ShowToastButton({ options }: { options: ToastOptions }) {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast(options)}>
      Mostrar
    </button>
  );
}

function renderWithToast(options: ToastOptions) {
  render(
    <ToastProvider>
      <ShowToastButton options={options} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Mostrar' }));
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the title and message in a polite status region', () => {
    renderWithToast({ type: 'success', title: 'Laudo salvo', message: 'O laudo foi criado com sucesso.' });

    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('Laudo salvo');
    expect(region.textContent).toContain('O laudo foi criado com sucesso.');
  });

  it('announces errors in an alert region', () => {
    renderWithToast({ type: 'error', title: 'Falha ao salvar', message: 'Tente novamente.' });

    expect(screen.getByRole('alert').textContent).toContain('Falha ao salvar');
  });

  it('disappears after the default 5 s and a 300 ms fade', () => {
    renderWithToast({ type: 'info', title: 'Aviso', message: 'Mensagem' });

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Aviso')).not.toBeNull();

    act(() => vi.advanceTimersByTime(1));
    // Fading out: still in the document for the 300 ms transition.
    expect(screen.queryByText('Aviso')).not.toBeNull();

    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Aviso')).toBeNull();
  });

  it('honours a custom duration', () => {
    renderWithToast({ type: 'warning', title: 'Vence em breve', message: 'Laudo NR-13', duration: 1000 });

    act(() => vi.advanceTimersByTime(1300));
    expect(screen.queryByText('Vence em breve')).toBeNull();
  });

  it('disappears 300 ms after its close button is clicked', () => {
    renderWithToast({ type: 'success', title: 'E-mail copiado', message: 'contato@exemplo.com' });

    fireEvent.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByText('E-mail copiado')).not.toBeNull();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('E-mail copiado')).toBeNull();
  });
});

describe('useToast', () => {
  it('throws outside a ToastProvider', () => {
    // React logs the uncaught render error; keep the test output clean.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useToast())).toThrow(
      new Error('useToast deve ser usado dentro de um ToastProvider'),
    );
    consoleError.mockRestore();
  });
});
