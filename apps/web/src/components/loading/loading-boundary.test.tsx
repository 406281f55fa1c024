import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBoundary } from './loading-boundary';

function placeholder() {
  return screen.queryByRole('status', { name: 'Carregando...' });
}

describe('LoadingBoundary', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the placeholder for 100 ms after loading ends, then shows the content', () => {
    const { rerender } = render(
      <LoadingBoundary loading layout="hero">
        <p>Conteúdo</p>
      </LoadingBoundary>,
    );
    expect(placeholder()?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Conteúdo')).toBeNull();

    rerender(
      <LoadingBoundary loading={false} layout="hero">
        <p>Conteúdo</p>
      </LoadingBoundary>,
    );
    act(() => vi.advanceTimersByTime(99));
    expect(placeholder()).not.toBeNull();
    expect(screen.queryByText('Conteúdo')).toBeNull();

    act(() => vi.advanceTimersByTime(1));
    expect(placeholder()).toBeNull();
    expect(screen.queryByText('Conteúdo')).not.toBeNull();
  });

  it('shows the placeholder again at once when loading restarts', () => {
    const { rerender } = render(
      <LoadingBoundary loading={false}>
        <p>Conteúdo</p>
      </LoadingBoundary>,
    );
    expect(screen.queryByText('Conteúdo')).not.toBeNull();

    rerender(
      <LoadingBoundary loading>
        <p>Conteúdo</p>
      </LoadingBoundary>,
    );
    expect(placeholder()).not.toBeNull();
    expect(screen.queryByText('Conteúdo')).toBeNull();
  });

  it.each(['hero', 'service', 'default'] as const)('renders the %s placeholder layout', (layout) => {
    render(
      <LoadingBoundary loading layout={layout}>
        <p>Conteúdo</p>
      </LoadingBoundary>,
    );
    expect(placeholder()?.getAttribute('data-placeholder')).toBe(layout);
  });
});
