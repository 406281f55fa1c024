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

  it('keeps an error until it is closed', () => {
    renderWithToast({ type: 'error', title: 'Falha ao salvar', message: 'Tente novamente.' });

    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByText('Falha ao salvar')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Falha ao salvar')).toBeNull();
  });

  it('waits while the pointer is over it, then takes the time it had left', () => {
    renderWithToast({ type: 'success', title: 'Laudo salvo', message: 'Caldeira 01' });
    const toast = screen.getByText('Laudo salvo').closest('[data-toast-type]')!;

    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByText('Laudo salvo')).not.toBeNull();

    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(1999));
    expect(toast.className).toContain('opacity-100');
    act(() => vi.advanceTimersByTime(1 + 300));
    expect(screen.queryByText('Laudo salvo')).toBeNull();
  });

  it('waits while the keyboard focus is on it', () => {
    renderWithToast({ type: 'info', title: 'Aviso', message: 'Mensagem' });
    const fechar = screen.getByRole('button', { name: 'Fechar notificação' });

    act(() => fechar.focus());
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByText('Aviso')).not.toBeNull();

    act(() => fechar.blur());
    act(() => vi.advanceTimersByTime(5000 + 300));
    expect(screen.queryByText('Aviso')).toBeNull();
  });

  it('sits below the page header, so it never covers "Minha conta" or "Sair"', () => {
    render(
      <ToastProvider>
        <header>
          <a href="/conta">Minha conta</a>
        </header>
        <ShowToastButton options={{ type: 'success', title: 'Salvo' }} />
      </ToastProvider>,
    );
    const header = document.querySelector('header')!;
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 390, 113));
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar' }));

    const toasts = screen.getByText('Salvo').closest<HTMLElement>('[data-toasts]')!;
    expect(toasts.style.top).toBe('113px');

    // Scrolled until the header is gone: the toasts go up to the top of the screen.
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -200, 390, 113));
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(toasts.style.top).toBe('0px');
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
