import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type AppSettings,
  brandCss,
  type DadosDaPagina,
  escapeHtml,
  type PaginaPublica,
  POSTS_POR_PAGINA,
  type PublicSiteRenderer,
  type SiteInfo,
  scriptJson,
} from '@laudos/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { escapeXml } from '../blog/rss.ts';
import { buscarPostPublicado, listarPostsParaSitemap, listarPostsPublicados } from '../blog/service.ts';
import { listarPlanosPublicos } from '../planos/service.ts';

/*
 * The web side of the server: the public pages rendered from the web build's server renderer
 * (decision 009), the app's index.html for everything else, and sitemap.xml / robots.txt.
 */

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

export interface WebBuild {
  renderer: PublicSiteRenderer;
  indexHtml: string;
  assets: DadosDaPagina['assets'];
}

/** Loads the build, or null when the web app was not built (the server still serves the API). */
export async function loadWebBuild(config: Config): Promise<WebBuild | null> {
  const indexFile = path.join(config.webDistDir, 'index.html');
  const manifestFile = path.join(config.webDistDir, '.vite', 'manifest.json');
  const rendererFile = path.join(path.dirname(config.webDistDir), 'dist-ssr', 'entry-server.js');
  if (![indexFile, manifestFile, rendererFile].every((f) => existsSync(f))) return null;

  const mod = (await import(pathToFileURL(rendererFile).href)) as { renderer?: PublicSiteRenderer };
  if (typeof mod.renderer?.renderPublicPage !== 'function') {
    throw new Error(`${rendererFile} não exporta o renderer das páginas públicas; rode "npm run build".`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = manifest['src/public-entry.ts'];
  if (!entry) throw new Error(`${manifestFile} não tem a entrada src/public-entry.ts; rode "npm run build".`);
  const css = new Set(entry.css ?? []);
  for (const chunk of entry.imports ?? []) for (const file of manifest[chunk]?.css ?? []) css.add(file);
  return {
    renderer: mod.renderer,
    indexHtml: readFileSync(indexFile, 'utf8'),
    assets: { css: [...css].map((f) => `/${f}`), js: [`/${entry.file}`] },
  };
}

export function siteInfo({ branding, contact }: AppSettings, timeZone: string): SiteInfo {
  return {
    companyName: branding.companyName,
    primaryColor: branding.primaryColor,
    logo: branding.logo,
    contact,
    timeZone,
  };
}

/** The app's index.html with the firm's name, colours and contact written in (read by readSiteInfo). */
export function appHtml(indexHtml: string, site: SiteInfo): string {
  const brand = brandCss(site.primaryColor);
  const head = [
    `<script type="application/json" id="site-info">${scriptJson(site)}</script>`,
    ...(brand ? [`<style>${brand}</style>`] : []),
  ].join('\n');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.companyName)}</title>`)
    .replace(
      /<meta name="theme-color" content="[^"]*"/,
      `<meta name="theme-color" content="${escapeHtml(site.primaryColor)}"`,
    )
    .replace('</head>', `${head}\n</head>`);
}

async function pageData(
  db: Db,
  settings: AppSettings,
  page: Exclude<PaginaPublica, { kind: 'app' }>,
  base: Omit<DadosDaPagina, 'planos' | 'blog' | 'post'>,
): Promise<{ page: Exclude<PaginaPublica, { kind: 'app' }>; data: DadosDaPagina }> {
  switch (page.kind) {
    case 'planos':
      return {
        page,
        data: { ...base, planos: await listarPlanosPublicos(db, settings.plans.recommendedPlanId) },
      };
    case 'blog-list': {
      const blog = await listarPostsPublicados(db, { pagina: page.pagina, porPagina: POSTS_POR_PAGINA });
      // A page past the last one does not exist (the first page exists even when empty).
      if (page.pagina > 1 && blog.posts.length === 0) return { page: { kind: 'not-found' }, data: base };
      return { page, data: { ...base, blog } };
    }
    case 'blog-post': {
      const post = await buscarPostPublicado(db, page.idOuSlug);
      return post ? { page, data: { ...base, post } } : { page: { kind: 'not-found' }, data: base };
    }
    default:
      return { page, data: base };
  }
}

const noStore = 'no-cache';

/** Answers a GET for a page: a rendered public page, or the app. */
export async function sendPage(
  app: FastifyInstance,
  build: WebBuild,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const url = new URL(request.url, 'http://localhost');
  const settings = app.ctx.settings.get();
  const site = siteInfo(settings, app.ctx.config.timeZone);
  const matched = build.renderer.matchPublicPage(url.pathname, url.search);
  reply.header('cache-control', noStore).type('text/html; charset=utf-8');
  if (matched.kind === 'app') return reply.send(appHtml(build.indexHtml, site));
  const origin = new URL(app.ctx.config.publicUrl).origin;
  const { page, data } = await pageData(app.ctx.db, settings, matched, {
    site,
    origin,
    assets: build.assets,
  });
  const { status, html } = build.renderer.renderPublicPage(page, data, url.pathname);
  return reply.code(status).send(html);
}

/** sitemap.xml and robots.txt, from the renderer's fixed pages and the published posts. */
export function registerSeoRoutes(app: FastifyInstance, build: WebBuild | null, config: Config): void {
  const origin = new URL(config.publicUrl).origin;
  // Not part of the API: kept out of the OpenAPI document.
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const posts = await listarPostsParaSitemap(app.ctx.db);
    const urls = [
      ...(build?.renderer.staticPublicPaths ?? ['/']).map(
        (p) => `<url><loc>${escapeXml(origin + p)}</loc></url>`,
      ),
      ...posts.map(
        (p) =>
          `<url><loc>${escapeXml(`${origin}/blog/${encodeURIComponent(p.slug)}`)}</loc><lastmod>${escapeXml(new Date(p.atualizadoEm).toISOString())}</lastmod></url>`,
      ),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const privateAreas = [
      '/api/',
      '/admin',
      '/blog-admin',
      '/dashboard',
      '/novo-laudo',
      '/vencimentos',
      '/documentos',
      '/notificacoes',
      '/conta',
      '/minha-empresa',
      '/suporte',
      '/renovacoes',
      '/equipamentos',
      '/avisos',
      '/convite/',
      '/lembrete/',
      '/laudos/',
      '/change-password',
      '/reset-password',
      '/confirmar-email',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        // The blog's covers live under /api/ and may be indexed (the longest rule wins).
        `User-agent: *\nAllow: /api/blog/\n${privateAreas.map((p) => `Disallow: ${p}`).join('\n')}\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
      );
  });
}
