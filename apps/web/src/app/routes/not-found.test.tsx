import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found';

describe('NotFoundPage', () => {
  it('says the page was not found and links back home', () => {
    render(
      <MemoryRouter initialEntries={['/nao-existe']}>
        <NotFoundPage />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Página não encontrada | Laudos Engenharia');
  });
});
