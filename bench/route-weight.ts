/*
 * Section 5: the weight of each page — the JavaScript, CSS and HTML a first visit downloads,
 * measured in Chromium (Playwright) against the real server: each page in a fresh context (empty
 * cache), every script, style sheet and the document counted, gzipped here at level 9 (and what
 * actually crossed the wire, brotli, as the server sends it). The app pages are opened signed in.
 *
 *   node --import tsx bench/route-weight.ts
 */
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright';
import { criarClientes, criarPlano, Session } from './support/api.ts';
import { launchServer } from './support/launch.ts';
import { machine, writeSection } from './support/report.ts';
import { BENCH_ADMIN } from './support/server.ts';
import { bytes, command, log, now } from './support/stats.ts';

const SECTION = 'route-weight';

interface Weight {
  page: string;
  note: string;
  finalPath: string;
  jsFiles: number;
  jsGzip: number;
  cssGzip: number;
  htmlGzip: number;
  /** The document as sent: its bytes on the wire, its size decoded, its content-encoding. */
  htmlWire: number;
  htmlRaw: number;
  htmlEncoding: string;
  /** Scripts and style sheets over 1 KB: how many, and how many came without compression. */
  assets: number;
  assetsUncompressed: number;
  transferred: number;
}

async function publicarPost(admin: Session): Promise<string> {
  const { id, slug } = await admin.json<{ id: string; slug: string }>('POST', '/api/admin/blog/posts', {
    titulo: 'Inspeção de vasos de pressão: o que muda na NR-13',
    resumo: 'Prazos, documentos e o que o inspetor confere numa inspeção periódica de vasos de pressão.',
    conteudo: [
      'A NR-13 define prazos máximos para as inspeções de segurança de caldeiras e vasos de pressão.',
      '',
      '## Documentos',
      '',
      '- Prontuário',
      '- Registro de segurança',
      '- Relatórios anteriores',
    ].join('\n'),
  });
  await admin.json('POST', `/api/admin/blog/posts/${id}/publicar`);
  return `/blog/${slug}`;
}

async function weigh(
  browser: Browser,
  baseURL: string,
  page: string,
  note: string,
  signIn?: { email: string; password: string },
): Promise<Weight> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  try {
    if (signIn) {
      const res = await context.request.post('/api/auth/sign-in/email', {
        data: signIn,
        headers: { origin: new URL(baseURL).origin },
      });
      if (!res.ok()) throw new Error(`entrar como ${signIn.email}: ${res.status()} ${await res.text()}`);
    }
    const tab = await context.newPage();
    const pending: Promise<void>[] = [];
    const w: Weight = {
      page,
      note,
      finalPath: '',
      jsFiles: 0,
      jsGzip: 0,
      cssGzip: 0,
      htmlGzip: 0,
      htmlWire: 0,
      htmlRaw: 0,
      htmlEncoding: '',
      assets: 0,
      assetsUncompressed: 0,
      transferred: 0,
    };
    tab.on('response', (response) => {
      const type = response.request().resourceType();
      if (!['script', 'stylesheet', 'document'].includes(type)) return;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => null);
          if (!body) return;
          const gz = gzipSync(body, { level: 9 }).length;
          const sizes = await response.request().sizes();
          w.transferred += sizes.responseBodySize;
          if (type !== 'document' && body.length > 1024) {
            w.assets++;
            if (!response.headers()['content-encoding']) w.assetsUncompressed++;
          }
          if (type === 'script') {
            w.jsFiles++;
            w.jsGzip += gz;
          } else if (type === 'stylesheet') w.cssGzip += gz;
          else if (
            response.request().isNavigationRequest() &&
            response.request().frame() === tab.mainFrame()
          ) {
            w.htmlGzip += gz;
            w.htmlWire += sizes.responseBodySize;
            w.htmlRaw += body.length;
            w.htmlEncoding = response.headers()['content-encoding'] ?? 'nenhuma';
          }
        })(),
      );
    });
    await tab.goto(page, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    w.finalPath = new URL(tab.url()).pathname;
    if (w.finalPath !== page) throw new Error(`${page} foi redirecionada para ${w.finalPath}`);
    return w;
  } finally {
    await context.close();
  }
}

async function main() {
  const server = await launchServer({ env: { EMAIL_RATE_PER_SECOND: '50' } });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const weights: Weight[] = [];
  try {
    const admin = await Session.signIn(server.baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const post = await publicarPost(admin);
    const planoId = await criarPlano(admin, 'Plano peso');
    const [cliente] = await criarClientes(admin, 1, { prefixo: 'peso', planoId });
    const pages: Array<[string, string, { email: string; password: string }?]> = [
      ['/', 'início (público)'],
      ['/planos', 'planos (público)'],
      ['/servicos/nr13', 'serviço (público)'],
      ['/blog', 'blog (público)'],
      [post, 'um post (público)'],
      ['/login', 'entrar (app)'],
      [
        '/dashboard',
        'painel do cliente (app, com sessão)',
        { email: cliente!.email, password: cliente!.senha },
      ],
      ['/admin', 'administração (app, com sessão de admin)', BENCH_ADMIN],
    ];
    for (const [page, note, signIn] of pages) {
      const w = await weigh(browser, server.baseURL, page, note, signIn);
      weights.push(w);
      log(`${page}: JS ${bytes(w.jsGzip)} gzip em ${w.jsFiles} arquivo(s), CSS ${bytes(w.cssGzip)}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const uncompressed = weights.filter((w) => w.htmlEncoding === 'nenhuma' && w.htmlRaw > 1024);
  const assets = weights.reduce((a, w) => a + w.assets, 0);
  const assetsUncompressed = weights.reduce((a, w) => a + w.assetsUncompressed, 0);
  const md = [
    '## 5. Peso de cada página',
    '',
    `- Máquina: ${machine()}`,
    `- Data: ${now()}`,
    `- Comando: ${command('weight')}`,
    '- Como: cada página aberta no Chromium (Playwright) num contexto novo, sem cache, até a rede ficar ociosa; somados todos os scripts (inclusive os carregados depois, como os pedaços de cada rota), folhas de estilo e o documento. *gzip* é o conteúdo comprimido aqui com gzip nível 9; *transferido* é o que passou pela rede (o servidor comprime com brotli). As páginas do app são abertas com sessão (cliente em /dashboard, admin em /admin).',
    '',
    '| Página | O que é | JS gzip (arquivos) | CSS gzip | HTML gzip | HTML como enviado (compressão) | Transferido (JS + CSS + HTML) |',
    '|---|---|---|---|---|---|---|',
    ...weights.map(
      (w) =>
        `| ${w.page.startsWith('/blog/') ? '/blog/{post}' : w.page} | ${w.note} | ${bytes(w.jsGzip)} (${w.jsFiles}) | ${bytes(w.cssGzip)} | ${bytes(w.htmlGzip)} | ${bytes(w.htmlWire)} (${w.htmlEncoding}) | ${bytes(w.transferred)} |`,
    ),
    '',
    ...(uncompressed.length
      ? [
          `- **Fraqueza**: ${uncompressed.map((w) => `${w.page.startsWith('/blog/') ? '/blog/{post}' : w.page} (${bytes(w.htmlRaw)})`).join(', ')} — o HTML sai sem compressão, embora o navegador aceite br e gzip (com gzip seriam ${bytes(uncompressed.reduce((a, w) => a + w.htmlGzip, 0))} no total, em vez de ${bytes(uncompressed.reduce((a, w) => a + w.htmlRaw, 0))}).`,
        ]
      : ['- Todo HTML acima de 1 KB sai comprimido.']),
    assetsUncompressed > 0
      ? `- **Fraqueza**: ${assetsUncompressed} de ${assets} scripts e estilos acima de 1 KB saem sem compressão.`
      : `- Os ${assets} scripts e estilos acima de 1 KB carregados saem comprimidos.`,
  ].join('\n');
  writeSection(SECTION, md);
  log('seção escrita em docs/benchmarks.md');
}

await main();
