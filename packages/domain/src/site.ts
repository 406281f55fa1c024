import type { PlanoFeatures } from './planos.ts';

/*
 * The contract between the server, which loads the data, and the web app's server renderer, which
 * turns it into the public pages' HTML (docs/decisions/009-server-rendered-public-site.md).
 */

/** The firm's branding and contact details, from the settings. */
export type SiteInfo = {
  companyName: string;
  primaryColor: string;
  logo: string | null;
  contact: {
    email: string;
    phone: string;
    /** Digits only, with country and area code (5511999999999). */
    whatsapp: string;
    address: string;
    website: string;
  };
  /** The firm's IANA time zone (APP_TIMEZONE): the day a due date is counted from, dates shown in it. */
  timeZone: string;
};

export type PlanoPublico = {
  id: string;
  nome: string;
  descricao: string | null;
  preco: number;
  recursos: PlanoFeatures;
  /** The plan the admin recommends (settings.plans.recommendedPlanId): the page marks it. */
  recomendado: boolean;
};

export type CapaDoPost = { url: string; largura: number; altura: number };

export type PostResumo = {
  id: string;
  slug: string;
  titulo: string;
  resumo: string;
  autorNome: string;
  publicadoEm: string;
  atualizadoEm: string;
  capa: CapaDoPost | null;
};

/** A published post; `conteudoHtml` is already sanitised by the server. */
export type PostPublico = PostResumo & { conteudoHtml: string };

export type PaginaDePosts = { posts: PostResumo[]; total: number; pagina: number; porPagina: number };

/** What a public path shows; `app` means the single-page app handles it. */
export type PaginaPublica =
  | { kind: 'home' }
  | { kind: 'servico'; key: string }
  | { kind: 'planos' }
  | { kind: 'terms' }
  | { kind: 'blog-list'; pagina: number }
  | { kind: 'blog-post'; idOuSlug: string }
  | { kind: 'not-found' }
  | { kind: 'app' };

export type DadosDaPagina = {
  site: SiteInfo;
  /** The public origin, for canonical and Open Graph URLs (no trailing slash). */
  origin: string;
  /** The built stylesheet and script of the public pages. */
  assets: { css: readonly string[]; js: readonly string[] };
  planos?: readonly PlanoPublico[];
  blog?: PaginaDePosts;
  post?: PostPublico;
};

export type PaginaRenderizada = { status: number; html: string };

/** The module the web build produces for the server (apps/web/src/entry-server.tsx). */
export interface PublicSiteRenderer {
  /** The public pages with a fixed address, for the sitemap. */
  readonly staticPublicPaths: readonly string[];
  matchPublicPage(pathname: string, search: string): PaginaPublica;
  renderPublicPage(
    page: Exclude<PaginaPublica, { kind: 'app' }>,
    data: DadosDaPagina,
    pathname: string,
  ): PaginaRenderizada;
}

/** Posts per page of the public blog list. */
export const POSTS_POR_PAGINA = 9;

// ---------------------------------------------------------------------------------------------
// Brand colours

/** The hand-tuned scale of the default primary colour #0BA2E9 (apps/web/src/index.css). */
const defaultScale = {
  50: '#eef8fe',
  100: '#d6effc',
  200: '#ade0f8',
  300: '#6fc8f2',
  400: '#3ab4ee',
  500: '#0ba2e9',
  600: '#0a8bc8',
  700: '#0776ab',
  800: '#06618c',
  900: '#05476a',
} as const;

export type BrandScale = Record<keyof typeof defaultScale, string>;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  return [
    Number.parseInt(m[1] as string, 16),
    Number.parseInt(m[2] as string, 16),
    Number.parseInt(m[3] as string, 16),
  ];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: Rgb, b: Rgb, amountOfB: number): Rgb {
  return [0, 1, 2].map((i) => (a[i] as number) * (1 - amountOfB) + (b[i] as number) * amountOfB) as Rgb;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours. */
export function contrastRatio(a: string, b: string): number {
  const ra = parseHex(a);
  const rb = parseHex(b);
  if (!ra || !rb) return 1;
  const [hi, lo] = [luminance(ra), luminance(rb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * The brand scale (50–900) for a primary colour. The pages write text and filled buttons in 700 and
 * darker, so those shades are darkened until they read at 4.5:1 (700), 7:1 (800) and 10:1 (900)
 * against the lightest shade, whatever colour the firm picks. 500 is the colour itself.
 */
export function brandScale(primaryColor: string): BrandScale {
  const base = parseHex(primaryColor);
  if (!base || toHex(base) === defaultScale[500]) return { ...defaultScale };
  const tints = { 50: 0.93, 100: 0.84, 200: 0.66, 300: 0.44, 400: 0.22 } as const;
  const scale = { 500: toHex(base) } as Partial<BrandScale>;
  for (const [step, amount] of Object.entries(tints))
    scale[Number(step) as 50] = toHex(mix(base, WHITE, amount));
  const lightest = scale[50] as string;
  const shades = [
    [600, 0.12, 3],
    [700, 0.28, 4.5],
    [800, 0.42, 7],
    [900, 0.58, 10],
  ] as const;
  let floor = 0;
  for (const [step, start, minContrast] of shades) {
    let amount = Math.max(start, floor);
    while (amount < 1 && contrastRatio(toHex(mix(base, BLACK, amount)), lightest) < minContrast)
      amount += 0.02;
    floor = amount;
    scale[step] = toHex(mix(base, BLACK, Math.min(amount, 1)));
  }
  return scale as BrandScale;
}

/** CSS that sets the brand scale; empty for the default colour, which the stylesheet already has. */
export function brandCss(primaryColor: string): string {
  const parsed = parseHex(primaryColor);
  if (!parsed || toHex(parsed) === defaultScale[500]) return '';
  const scale = brandScale(primaryColor);
  const vars = Object.entries(scale)
    .map(([step, hex]) => `--color-brand-${step}:${hex}`)
    .join(';');
  return `:root{${vars}}`;
}

// ---------------------------------------------------------------------------------------------
// Writing database text into the pages' HTML (the web's renderer and the server's index.html)

/** Text for HTML content or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a <script> block: nothing in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
