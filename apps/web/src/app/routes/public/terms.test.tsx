import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSiteInfo, type SiteInfo, SiteInfoContext } from '../../../lib/site-info';
import { TermsPage, termsMeta } from './terms';

const siteInfo: SiteInfo = {
  ...defaultSiteInfo,
  companyName: 'Inspetora Exemplo Ltda.',
  contact: {
    ...defaultSiteInfo.contact,
    email: 'privacidade@exemplo.com.br',
    address: 'Rua das Caldeiras, 100 - Campinas - SP',
  },
};

function renderTerms() {
  return render(
    <SiteInfoContext.Provider value={siteInfo}>
      <TermsPage />
    </SiteInfoContext.Provider>,
  );
}

describe('terms and privacy page', () => {
  it('names the company as controller, with its e-mail and address, under the LGPD', () => {
    const { container } = renderTerms();

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Termos de uso e política de privacidade',
    ]);
    const text = container.textContent ?? '';
    expect(text).toContain('Inspetora Exemplo Ltda.');
    expect(text).toContain('Rua das Caldeiras, 100 - Campinas - SP');
    expect(text).toContain('Lei nº 13.709/2018');
    expect(text).toContain('21 de novembro de 2026');
    const emails = screen.getAllByRole('link', { name: 'privacidade@exemplo.com.br' });
    expect(emails.length).toBeGreaterThan(0);
    for (const link of emails) expect(link.getAttribute('href')).toBe('mailto:privacidade@exemplo.com.br');
  });

  it('has a table of contents whose links all lead to a heading on the page', () => {
    const { container } = renderTerms();

    const sumario = screen.getByRole('navigation', { name: 'Nesta página' });
    expect(within(sumario).getByRole('link', { name: 'Termos de uso' }).getAttribute('href')).toBe(
      '#termos-de-uso',
    );
    expect(within(sumario).getByRole('link', { name: 'Política de privacidade' }).getAttribute('href')).toBe(
      '#politica-de-privacidade',
    );
    for (const link of within(sumario).getAllByRole('link')) {
      const id = (link.getAttribute('href') ?? '').slice(1);
      const target = container.querySelector(`[id="${id}"]`);
      expect(target?.tagName, id).toMatch(/^H[23]$/);
      expect(link.textContent).toContain(target?.textContent?.replace(/^\d+\. /, ''));
    }
  });

  it('keeps the description within 155 characters', () => {
    expect(termsMeta.title).toBe('Termos de uso e política de privacidade');
    expect(termsMeta.description.length).toBeLessThanOrEqual(155);
  });
});
