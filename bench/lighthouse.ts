/*
 * Lighthouse (performance, accessibility, best practices, SEO) on /, /planos, /servicos/nr13 and a
 * blog post with a cover, on a phone (Lighthouse's default: simulated slow 4G, 4× CPU slowdown) and
 * on a desktop. Writes the scores into docs/benchmarks.md and exits with 1 when any is below 95.
 *
 *   npm run bench:lighthouse
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import sharp from 'sharp';
import { Session } from './support/api.ts';
import { ensureBuild, launchServer } from './support/launch.ts';
import { machine, writeSection } from './support/report.ts';
import { BENCH_ADMIN, ROOT } from './support/server.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MINIMUM = 95;

async function createPost(baseURL: string): Promise<string> {
  const admin = await Session.signIn(baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const created = await admin.call('POST', '/api/admin/blog/posts', {
    titulo: 'Como se preparar para a inspeção periódica NR-13',
    resumo:
      'O que separar antes da visita do inspetor: prontuário, registro de segurança, relatórios anteriores e acesso aos equipamentos.',
    conteudo: [
      'A inspeção periódica de segurança é obrigatória para caldeiras e vasos de pressão.',
      '',
      '## Documentos',
      '',
      '- Prontuário do equipamento',
      '- Registro de segurança',
      '- Relatórios de inspeção anteriores',
      '',
      '## No dia',
      '',
      'Garanta acesso seguro ao equipamento e um responsável da manutenção acompanhando a visita.',
    ].join('\n'),
  });
  if (created.status !== 201) throw new Error(`criar post: ${created.status} ${await created.text()}`);
  const post = (await created.json()) as { id: string; slug: string };
  const cover = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 7, g: 118, b: 171 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="900"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0ba2e9"/><stop offset="1" stop-color="#05476a"/></linearGradient></defs><rect width="1600" height="900" fill="url(#g)"/><circle cx="1200" cy="300" r="220" fill="#ffffff22"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'capa.jpg');
  const uploaded = await admin.call('PUT', `/api/admin/blog/posts/${post.id}/capa`, form);
  if (!uploaded.ok) throw new Error(`enviar capa: ${uploaded.status} ${await uploaded.text()}`);
  const published = await admin.call('POST', `/api/admin/blog/posts/${post.id}/publicar`);
  if (!published.ok) throw new Error(`publicar: ${published.status} ${await published.text()}`);
  return `/blog/${post.slug}`;
}

type Scores = Record<(typeof CATEGORIES)[number], number>;

/**
 * One Lighthouse run. A run whose measurement itself failed (a metric audit with an error, which
 * Lighthouse scores 0) is repeated, up to twice, and said so: that is the tool, not the page.
 */
async function audit(url: string, port: number, config: typeof desktopConfig | undefined) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      config,
    );
    if (!result) throw new Error(`Lighthouse não devolveu resultado para ${url}`);
    const { lhr } = result;
    // Only audits that count towards a score: some unscored "insights" of Lighthouse 13 need Node
    // 22's iterator helpers and always fail on Node 20, without changing any score.
    const scored = new Set(
      Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)),
    );
    const errors = [
      ...(lhr.runtimeError ? [lhr.runtimeError.message] : []),
      ...Object.values(lhr.audits)
        .filter((a) => a.errorMessage && scored.has(a.id))
        .map((a) => `${a.id}: ${a.errorMessage}`),
    ];
    if (errors.length === 0 || attempt === 3) return lhr;
    process.stdout.write(`  medição falhou (${errors.join('; ')}); repetindo ${url}\n`);
  }
}

async function main() {
  ensureBuild();
  const server = await launchServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
  });
  const rows: { page: string; form: string; scores: Scores; lcp: string; tbt: string; js: number }[] = [];
  try {
    const postPath = await createPost(server.baseURL);
    const pages = ['/', '/planos', '/servicos/nr13', postPath];
    for (const [form, config] of [
      ['celular', undefined],
      ['desktop', desktopConfig],
    ] as const) {
      for (const page of pages) {
        const lhr = await audit(`${server.baseURL}${page}`, chrome.port, config);
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        ) as Scores;
        const summary = lhr.audits['resource-summary']?.details as
          | { items?: { resourceType: string; transferSize: number }[] }
          | undefined;
        const js = summary?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
        rows.push({
          page: page === postPath ? `${page} (post com capa)` : page,
          form,
          scores,
          lcp: lhr.audits['largest-contentful-paint']?.displayValue ?? '—',
          tbt: lhr.audits['total-blocking-time']?.displayValue ?? '—',
          js,
        });
        const failed = CATEGORIES.filter((c) => scores[c] < MINIMUM).map(
          (c) =>
            `${c}: ${Object.values(lhr.audits)
              .filter(
                (a) =>
                  a.score !== null &&
                  a.score < 0.9 &&
                  (lhr.categories[c]?.auditRefs ?? []).some((r) => r.id === a.id && r.weight > 0),
              )
              .map((a) => a.id)
              .join(', ')}`,
        );
        process.stdout.write(
          `${form.padEnd(8)} ${page.padEnd(60)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join('  ')}${failed.length ? `  ← ${failed.join('; ')}` : ''}\n`,
        );
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const table = [
    '| Página | Perfil | Desempenho | Acessibilidade | Boas práticas | SEO | LCP | TBT | JS transferido |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.form} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.lcp} | ${r.tbt} | ${(r.js / 1024).toFixed(1)} KB |`,
    ),
  ].join('\n');
  writeSection(
    'lighthouse',
    `## Lighthouse das páginas públicas

- Máquina: ${machine()}
- Data: ${new Date().toISOString()}
- Comando: \`npm run bench:lighthouse\` (Lighthouse ${lighthouseVersion()}, Chromium do Debian, servidor real com o banco embutido)
- Perfis: *celular* é o padrão do Lighthouse (4G lento simulado, CPU 4× mais lenta); *desktop* é o seu perfil de desktop.
- Meta: pelo menos ${MINIMUM} em cada categoria.

${table}`,
  );
  const below = rows.filter((r) => CATEGORIES.some((c) => r.scores[c] < MINIMUM));
  if (below.length > 0) {
    process.stderr.write(`Abaixo de ${MINIMUM}: ${below.map((r) => `${r.form} ${r.page}`).join(', ')}\n`);
    process.exit(1);
  }
}

/** The installed version, so the report names the one that produced it. */
function lighthouseVersion(): string {
  const file = path.join(ROOT, 'node_modules', 'lighthouse', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

await main();
