import type { DadosDaPagina, PostPublico } from '@laudos/domain';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './app/route-table';
import { matchPublicPage, renderPublicPage, staticPublicPaths } from './entry-server';
import { defaultSiteInfo } from './lib/site-info';

const data: DadosDaPagina = {
  site: defaultSiteInfo,
  origin: 'https://laudos.example',
  assets: { css: ['/assets/site.css'], js: ['/assets/public.js'] },
};

const post: PostPublico = {
  id: '7b0c2f7e-4a51-4a57-9d0f-3a8c1d6e2b10',
  slug: 'prontuario-nr-13',
  titulo: 'Prontuário "NR-13" & você',
  resumo: 'O que o prontuário <deve> ter.',
  autorNome: 'Eng. Ana',
  publicadoEm: '2026-11-20T12:00:00.000Z',
  atualizadoEm: '2026-11-21T12:00:00.000Z',
  capa: { url: '/api/blog/posts/7b0c/capa?v=1', largura: 1600, altura: 900 },
  conteudoHtml: '<p>Texto</p>',
};

describe('matchPublicPage', () => {
  it('tells the public pages from the app and from unknown addresses', () => {
    expect(matchPublicPage('/', '')).toEqual({ kind: 'home' });
    expect(matchPublicPage('/servicos/nr13', '')).toEqual({ kind: 'servico', key: 'nr13' });
    expect(matchPublicPage('/servicos/nr13/', '')).toEqual({ kind: 'servico', key: 'nr13' });
    expect(matchPublicPage('/privacy', '')).toEqual({ kind: 'terms' });
    expect(matchPublicPage('/blogs', '?pagina=3')).toEqual({ kind: 'blog-list', pagina: 3 });
    expect(matchPublicPage('/blog', '?pagina=abc')).toEqual({ kind: 'not-found' });
    expect(matchPublicPage('/blogs/meu-post', '')).toEqual({ kind: 'blog-post', idOuSlug: 'meu-post' });
    for (const app of [
      '/login',
      '/dashboard',
      '/admin',
      '/admin/blog',
      '/blog-admin',
      '/laudos/123',
      '/admin/empresas/123',
      '/reset-password',
    ]) {
      expect(matchPublicPage(app, '').kind, app).toBe('app');
    }
    expect(matchPublicPage('/servicos/outro', '').kind).toBe('not-found');
    expect(matchPublicPage('/admin/desconhecida', '').kind).toBe('not-found');
    expect(staticPublicPaths).toContain('/servicos/consultoria-elevadores');
  });

  it("answers every page of the app's route table (a reload, a link from an e-mail), never a 404", () => {
    const enderecos: string[] = [];
    const visitar = (lista: readonly RouteObject[]) => {
      for (const rota of lista) {
        if (rota.path && rota.path !== '*') enderecos.push(rota.path.replace(/:\w+/g, 'abc'));
        if (rota.children) visitar(rota.children);
      }
    };
    visitar(routes);
    expect(enderecos).toContain('/admin/empresas/abc');
    for (const endereco of enderecos)
      expect(matchPublicPage(endereco, '').kind, endereco).not.toBe('not-found');
  });
});

describe('renderPublicPage', () => {
  it('sends the page with its title, description, Open Graph tags and the public script only', () => {
    const { status, html } = renderPublicPage({ kind: 'planos' }, { ...data, planos: [] }, '/planos');
    expect(status).toBe(200);
    expect(html).toMatch(/^<!doctype html>\n<html lang="pt-BR">/);
    expect(html).toContain('<title>Planos | Laudos Engenharia</title>');
    expect(html).toContain('<meta property="og:title" content="Planos">');
    expect(html).toContain('<link rel="canonical" href="https://laudos.example/planos">');
    expect(html).toContain('<script type="module" src="/assets/public.js"></script>');
    expect(html).toContain('<h1 id="planos-titulo"');
    expect(html).toContain('Nenhum plano disponível no momento');
  });

  it('escapes what comes from the database in the head and in the data block', () => {
    const site = { ...defaultSiteInfo, companyName: 'ACME </script><script>alert(1)</script>' };
    const { html } = renderPublicPage(
      { kind: 'blog-post', idOuSlug: post.id },
      { ...data, site, post },
      `/blog/${post.id}`,
    );
    expect(html).toContain('<title>Prontuário &#34;NR-13&#34; &#38; você | ACME &#60;/script&#62;');
    expect(html).toContain('<meta name="description" content="O que o prontuário &#60;deve&#62; ter.">');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    // One address per post: the slug one, with the cover as the sharing image.
    expect(html).toContain('<link rel="canonical" href="https://laudos.example/blog/prontuario-nr-13">');
    expect(html).toContain(
      '<meta property="og:image" content="https://laudos.example/api/blog/posts/7b0c/capa?v=1">',
    );
    expect(html).toContain('<meta property="og:type" content="article">');
  });

  it('gives a post without cover the designed placeholder, on the list and on its page', () => {
    const semCapa = { ...post, capa: null };
    const lista = renderPublicPage(
      { kind: 'blog-list', pagina: 1 },
      { ...data, blog: { posts: [post, semCapa], total: 2, pagina: 1, porPagina: 9 } },
      '/blog',
    ).html;
    // One cover image, one placeholder; the placeholder is decorative (the title names the post).
    expect(lista.match(/<img /g)).toHaveLength(1);
    expect(lista.match(/<div aria-hidden="true" data-capa-placeholder=""/g)).toHaveLength(1);
    expect(lista).toContain('<pattern');

    const pagina = renderPublicPage(
      { kind: 'blog-post', idOuSlug: post.id },
      { ...data, post: semCapa },
      '/blog/x',
    );
    expect(pagina.html).toContain('data-capa-placeholder=""');
    const comCapa = renderPublicPage({ kind: 'blog-post', idOuSlug: post.id }, { ...data, post }, '/blog/x');
    expect(comCapa.html).not.toContain('data-capa-placeholder');
  });

  it('answers 404 with its page for an unknown address or a missing post, not indexed', () => {
    for (const page of [
      { kind: 'not-found' } as const,
      { kind: 'blog-post', idOuSlug: 'nao-existe' } as const,
    ]) {
      const { status, html } = renderPublicPage(page, data, '/x');
      expect(status).toBe(404);
      expect(html).toContain('Página não encontrada');
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('gives the aliases one canonical address and writes the brand colour', () => {
    const { html } = renderPublicPage(
      { kind: 'terms' },
      { ...data, site: { ...defaultSiteInfo, primaryColor: '#C0392B' } },
      '/privacy',
    );
    expect(html).toContain('<link rel="canonical" href="https://laudos.example/terms">');
    expect(html).toMatch(/<style>:root\{--color-brand-50:#[0-9a-f]{6};/);
    expect(renderPublicPage({ kind: 'home' }, data, '/').html).not.toContain('<style>');
  });
});
