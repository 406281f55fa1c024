import { render, screen } from '@testing-library/react';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defaultSiteInfo, SiteInfoContext } from '../../../lib/site-info';
import { HomePage, homeMeta } from './home';

describe('home page', () => {
  it('links to the services and to the login', () => {
    render(
      <SiteInfoContext.Provider value={defaultSiteInfo}>
        <StaticRouter location="/">
          <HomePage />
        </StaticRouter>
      </SiteInfoContext.Provider>,
    );

    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Laudos técnicos e inspeções');
    expect(screen.getByRole('link', { name: 'Nossos serviços' }).getAttribute('href')).toBe(
      '/servicos/laudos',
    );
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
    expect(homeMeta.description.length).toBeLessThanOrEqual(160);
  });
});
