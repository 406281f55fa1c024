import { render, screen, within } from '@testing-library/react';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Servico, servicos } from '../../../features/marketing/servicos';
import { paths } from '../../../lib/paths';
import { defaultSiteInfo, type SiteInfo, SiteInfoContext } from '../../../lib/site-info';
import { ServicoPage, servicoMeta } from './servico';

const siteInfo: SiteInfo = {
  ...defaultSiteInfo,
  companyName: 'Inspetora Exemplo',
  contact: { ...defaultSiteInfo.contact, whatsapp: '5521988887777', email: 'orcamentos@exemplo.com.br' },
};

function renderServico(servico: Servico) {
  return render(
    <SiteInfoContext.Provider value={siteInfo}>
      <StaticRouter location={servico.path}>
        <ServicoPage servico={servico} />
      </StaticRouter>
    </SiteInfoContext.Provider>,
  );
}

describe('service pages', () => {
  it.each(servicos.map((s) => [s.key, s] as const))(
    '%s shows its own title and every section',
    (_, servico) => {
      renderServico(servico);

      const h1s = screen.getAllByRole('heading', { level: 1 });
      expect(h1s).toHaveLength(1);
      expect(h1s[0]?.textContent).toBe(servico.titulo);
      const secoes = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
      expect(secoes).toEqual([
        servico.secoes.abrange,
        servico.secoes.periodicidade,
        servico.secoes.entregaveis,
        'Como solicitar',
        'Perguntas frequentes',
        'Normas de referência',
        'Outros serviços',
      ]);

      const passos = within(screen.getByRole('region', { name: 'Como solicitar' })).getByRole('list');
      expect(passos.tagName).toBe('OL');
      expect(within(passos).getAllByRole('listitem')).toHaveLength(servico.comoSolicitar.length);
      for (const { pergunta } of servico.perguntas) {
        expect(screen.getByText(pergunta).tagName).toBe('SUMMARY');
      }
    },
  );

  it('asks for a quote on WhatsApp, in a new tab, with the service named in the message', () => {
    const nr13 = servicos.find((s) => s.key === 'nr13') as Servico;
    renderServico(nr13);

    const expected = `https://wa.me/5521988887777?text=${encodeURIComponent(
      'Olá! Gostaria de solicitar um orçamento de Inspeção NR-13.',
    )}`;
    const ctas = screen.getAllByRole('link', { name: 'Solicitar orçamento (abre o WhatsApp em nova aba)' });
    expect(ctas.length).toBeGreaterThan(0);
    for (const cta of ctas) {
      expect(cta.getAttribute('href')).toBe(expected);
      expect(cta.getAttribute('target')).toBe('_blank');
      expect(cta.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe(paths.planos);
    expect(screen.getByRole('link', { name: 'orcamentos@exemplo.com.br' }).getAttribute('href')).toBe(
      'mailto:orcamentos@exemplo.com.br',
    );
  });

  it('links to the six other services, not to itself', () => {
    const elevadores = servicos.find((s) => s.key === 'elevadores') as Servico;
    renderServico(elevadores);

    const outros = within(screen.getByRole('navigation', { name: 'Outros serviços' }))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(outros).toHaveLength(6);
    expect(outros).not.toContain(elevadores.path);
    expect(new Set(outros)).toEqual(new Set(servicos.filter((s) => s !== elevadores).map((s) => s.path)));
  });

  it('gives every page its own title and a meta description of at most 160 characters', () => {
    const metas = servicos.map(servicoMeta);
    for (const [i, meta] of metas.entries()) {
      expect(meta.title).toBe(servicos[i]?.titulo);
      expect(meta.description.length).toBeGreaterThanOrEqual(120);
      expect(meta.description.length).toBeLessThanOrEqual(160);
    }
    expect(new Set(metas.map((m) => m.description)).size).toBe(servicos.length);
    expect(new Set(metas.map((m) => m.title)).size).toBe(servicos.length);
  });
});
