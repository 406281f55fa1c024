/*
 * The public site's server renderer (docs/decisions/009-server-rendered-public-site.md). Built by
 * `vite build --ssr` into dist-ssr/ and called by the server for every public page: the visitor and
 * search engines get the whole page as HTML, with its own title, description and Open Graph tags.
 * The pages are not hydrated; the small public script (public-entry.ts) adds the chat widget and
 * the menu button. Everything that is not a public page belongs to the app (index.html).
 */
import type {
  DadosDaPagina,
  PaginaPublica,
  PaginaRenderizada,
  PostPublico,
  PublicSiteRenderer,
} from '@laudos/domain';
import { brandCss, escapeHtml, scriptJson } from '@laudos/domain';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { PublicShell } from './app/layouts/public-layout';
import { NotFoundPage } from './app/routes/not-found';
import { BlogListPage, blogListMeta, blogPageHref } from './app/routes/public/blog-list';
import { BlogPostPage, blogPostMeta } from './app/routes/public/blog-post';
import { HomePage, homeMeta } from './app/routes/public/home';
import { PlanosPage, planosMeta } from './app/routes/public/planos';
import { ServicoPage, servicoMeta } from './app/routes/public/servico';
import { TermsPage, termsMeta } from './app/routes/public/terms';
import { SkipLink } from './components/layout/skip-link';
import { servicos } from './features/marketing/servicos';
import { paths } from './lib/paths';
import { SiteInfoContext } from './lib/site-info';
import { SITE_INFO_ELEMENT_ID } from './lib/site-info-data';

/** The app's own pages (index.html); the server sends them the app, not a rendered page. */
const appPaths = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.confirmarEmail,
  paths.convite,
  paths.lembrete,
  paths.descadastro,
  paths.changePassword,
  paths.dashboard,
  paths.novoLaudo,
  paths.vencimentos,
  paths.documentos,
  paths.notificacoes,
  paths.minhaEmpresa,
  paths.suporte,
  paths.suporteChamado,
  paths.renovacoes,
  paths.avisos,
  paths.laudo,
  paths.importarLaudos,
  paths.equipamentos,
  paths.novoEquipamento,
  paths.equipamento,
  paths.editarEquipamento,
  paths.conta,
  paths.preferencias,
  paths.admin,
  paths.adminBlog,
  paths.adminEmailNotifications,
  paths.adminEmailTemplates,
  paths.adminEmpresa,
  paths.adminSuporte,
  paths.adminSuporteChamado,
  paths.adminRenovacoes,
  paths.adminAuditoria,
  paths.adminAvisos,
  paths.blogAdmin,
  paths.blogAdminPanel,
];

export const staticPublicPaths: readonly string[] = [
  paths.home,
  ...servicos.map((s) => s.path),
  paths.planos,
  paths.blog,
  paths.terms,
];

function pageNumber(search: string): number {
  const raw = new URLSearchParams(search).get('pagina');
  const n = raw === null ? 1 : Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 0;
}

export function matchPublicPage(pathname: string, search: string): PaginaPublica {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (appPaths.some((pattern) => matchPath({ path: pattern, end: true }, path))) return { kind: 'app' };
  if (path === paths.home) return { kind: 'home' };
  const servico = servicos.find((s) => s.path === path);
  if (servico) return { kind: 'servico', key: servico.key };
  if (path === paths.planos) return { kind: 'planos' };
  if (path === paths.terms || path === paths.privacy) return { kind: 'terms' };
  if (path === paths.blog || path === paths.blogs) {
    const pagina = pageNumber(search);
    return pagina === 0 ? { kind: 'not-found' } : { kind: 'blog-list', pagina };
  }
  const post = matchPath(paths.blogPost, path) ?? matchPath(paths.blogsPost, path);
  if (post?.params.id) return { kind: 'blog-post', idOuSlug: post.params.id };
  return { kind: 'not-found' };
}

type Meta = {
  title: string;
  description: string;
  type?: 'website' | 'article';
  image?: { url: string; width: number; height: number } | null;
  post?: PostPublico;
  /** Pages that must not be indexed (404). */
  noindex?: boolean;
};

function documentHtml(meta: Meta, body: string, data: DadosDaPagina, pathname: string): string {
  const { site, origin, assets } = data;
  const url = `${origin}${pathname}`;
  const title = `${meta.title} | ${site.companyName}`;
  const image = meta.image ? { ...meta.image, url: new URL(meta.image.url, `${origin}/`).href } : null;
  const ld = meta.post
    ? {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: meta.post.titulo,
        description: meta.post.resumo,
        datePublished: meta.post.publicadoEm,
        dateModified: meta.post.atualizadoEm,
        author: { '@type': 'Person', name: meta.post.autorNome },
        publisher: { '@type': 'Organization', name: site.companyName },
        mainEntityOfPage: url,
        ...(image ? { image: image.url } : {}),
      }
    : pathname === paths.home
      ? {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: site.companyName,
          url: origin,
          email: site.contact.email,
          telephone: site.contact.phone,
          address: site.contact.address,
        }
      : null;
  const brand = brandCss(site.primaryColor);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.noindex
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta name="theme-color" content="${escapeHtml(site.primaryColor)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.companyName)}">`,
    '<meta property="og:locale" content="pt_BR">',
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image.url)}">`,
          `<meta property="og:image:width" content="${image.width}">`,
          `<meta property="og:image:height" content="${image.height}">`,
          '<meta name="twitter:card" content="summary_large_image">',
        ]
      : ['<meta name="twitter:card" content="summary">']),
    ...(meta.post
      ? [`<meta property="article:published_time" content="${escapeHtml(meta.post.publicadoEm)}">`]
      : []),
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(`${site.companyName} — Blog`)}" href="/blog/rss.xml">`,
    ...assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(brand ? [`<style>${brand}</style>`] : []),
    ...assets.js.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    `<script type="application/json" id="${SITE_INFO_ELEMENT_ID}">${scriptJson(site)}</script>`,
    ...(ld ? [`<script type="application/ld+json">${scriptJson(ld)}</script>`] : []),
  ];
  return `<!doctype html>\n<html lang="pt-BR">\n<head>\n${head.join('\n')}\n</head>\n<body>\n<div id="root">${body}</div>\n</body>\n</html>\n`;
}

function pageFor(
  page: Exclude<PaginaPublica, { kind: 'app' }>,
  data: DadosDaPagina,
  pathname: string,
): { meta: Meta; element: ReactNode; status: number } {
  const notFound = {
    meta: {
      title: 'Página não encontrada',
      description: 'O endereço acessado não existe ou foi removido.',
      noindex: true,
    },
    element: <NotFoundPage />,
    status: 404,
  };
  switch (page.kind) {
    case 'home':
      return { meta: homeMeta, element: <HomePage />, status: 200 };
    case 'servico': {
      const servico = servicos.find((s) => s.key === page.key);
      if (!servico) return notFound;
      return { meta: servicoMeta(servico), element: <ServicoPage servico={servico} />, status: 200 };
    }
    case 'planos':
      return { meta: planosMeta, element: <PlanosPage planos={data.planos ?? []} />, status: 200 };
    case 'terms':
      return { meta: termsMeta, element: <TermsPage />, status: 200 };
    case 'blog-list': {
      const blog = data.blog ?? { posts: [], total: 0, pagina: page.pagina, porPagina: 9 };
      const basePath = pathname.startsWith(paths.blogs) ? paths.blogs : paths.blog;
      return {
        meta: blogListMeta(page.pagina),
        element: <BlogListPage blog={blog} basePath={basePath} />,
        status: 200,
      };
    }
    case 'blog-post': {
      const post = data.post;
      if (!post) return notFound;
      return {
        meta: {
          ...blogPostMeta(post),
          type: 'article',
          image: post.capa
            ? { url: post.capa.url, width: post.capa.largura, height: post.capa.altura }
            : null,
          post,
        },
        element: <BlogPostPage post={post} />,
        status: 200,
      };
    }
    case 'not-found':
      return notFound;
  }
}

export function renderPublicPage(
  page: Exclude<PaginaPublica, { kind: 'app' }>,
  data: DadosDaPagina,
  pathname: string,
): PaginaRenderizada {
  const { meta, element, status } = pageFor(page, data, pathname);
  const body = renderToString(
    <SiteInfoContext.Provider value={data.site}>
      <StaticRouter location={pathname}>
        <SkipLink />
        <PublicShell>{element}</PublicShell>
      </StaticRouter>
    </SiteInfoContext.Provider>,
  );
  return { status, html: documentHtml(meta, body, data, canonicalPath(page, data, pathname)) };
}

/** One address per page for search engines: /blogs and /privacy are aliases, posts go by slug. */
function canonicalPath(
  page: Exclude<PaginaPublica, { kind: 'app' }>,
  data: DadosDaPagina,
  pathname: string,
): string {
  switch (page.kind) {
    case 'terms':
      return paths.terms;
    case 'blog-list':
      return blogPageHref(page.pagina);
    case 'blog-post':
      return data.post ? `${paths.blog}/${encodeURIComponent(data.post.slug)}` : pathname;
    default:
      return pathname;
  }
}

export const renderer: PublicSiteRenderer = { staticPublicPaths, matchPublicPage, renderPublicPage };
