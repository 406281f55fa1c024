import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { branding } from '../../../lib/branding';
import { AppProviders } from '../../providers';
import { routes } from '../../route-table';

describe('home page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('links to the services and to the login', async () => {
    render(
      <AppProviders>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
      </AppProviders>,
    );

    expect((await screen.findByRole('link', { name: 'Nossos serviços' })).getAttribute('href')).toBe(
      '/servicos/laudos',
    );
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
    expect(document.title).toBe('Laudos técnicos e inspeções | Laudos');
  });

  it('copies the contact e-mail and confirms with a toast', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(
      <AppProviders>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
      </AppProviders>,
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Copiar e-mail' }));

    expect(await screen.findByText('E-mail copiado')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(branding.contactEmail);
  });
});
