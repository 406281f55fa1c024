import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SkeletonList, SkeletonTable, SkeletonText, useRevealDelay } from './skeleton';

function Lista({ pending }: { pending: boolean }) {
  const revelando = useRevealDelay(pending);
  return pending || revelando ? <SkeletonList rows={2} label="Carregando laudos..." /> : <p>Caldeira 01</p>;
}

const esqueleto = () => screen.queryByRole('status', { name: 'Carregando laudos...' });

describe('skeletons', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the skeleton while loading and for 100 ms after, then the content in its place', () => {
    const { rerender } = render(<Lista pending />);
    expect(esqueleto()?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Caldeira 01')).toBeNull();

    rerender(<Lista pending={false} />);
    act(() => vi.advanceTimersByTime(99));
    expect(esqueleto()).not.toBeNull();

    act(() => vi.advanceTimersByTime(1));
    expect(esqueleto()).toBeNull();
    expect(screen.queryByText('Caldeira 01')).not.toBeNull();
  });

  it('shows no skeleton at all when the data is already there (a cached page)', () => {
    render(<Lista pending={false} />);
    expect(esqueleto()).toBeNull();
    expect(screen.queryByText('Caldeira 01')).not.toBeNull();
  });

  it('draws as many rows as asked, hidden from screen readers behind one status', () => {
    const { container } = render(
      <>
        <SkeletonList rows={4} />
        <SkeletonTable rows={3} columns={5} />
        <SkeletonText lines={2} />
      </>,
    );
    const [lista, tabela] = container.querySelectorAll('[data-skeleton]');
    expect(lista?.querySelectorAll('li')).toHaveLength(4);
    expect(tabela?.querySelector('.divide-y')?.children).toHaveLength(3);
    expect(screen.getAllByRole('status', { name: 'Carregando...' })).toHaveLength(3);
    for (const status of screen.getAllByRole('status')) {
      expect(status.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    }
  });
});
