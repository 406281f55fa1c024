/*
 * Section 10: the audit log at 1,000,000 entries (issue 22, decision 046). On PostgreSQL: a server
 * on a fresh database; 200 companies and 1,000,000 entries written with one `insert … select
 * generate_series` (200 companies, 5 entities, 1,000 actors, spread over two years); then the admin
 * list `GET /api/admin/auditoria` (50 a page) is timed over HTTP, first page and a deep keyset page
 * (the cursor of the entry halfway down the filtered list), without a filter and with each one
 * (company, actor id, actor name, entity, a month's period); and the cost of one laudo update
 * (`PATCH /api/laudos/:id`, which writes its entry in the same transaction) with the log empty and
 * at 1,000,000. The bar: a write at 1M costs less than 1.5× the write on an empty log (exits 1
 * otherwise). PGlite is not measured: its data directory belongs to the server process (see the
 * section's text).
 *
 *   node --import tsx bench/auditoria.ts [--quick] [--print]   (--quick: 100,000 entries, fewer runs)
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Session } from './support/api.ts';
import { ensureBuild, type LaunchedServer, launchServer } from './support/launch.ts';
import { createBenchDatabase } from './support/pg.ts';
import { machine, writeSection } from './support/report.ts';
import { BENCH_ADMIN } from './support/server.ts';
import { command, int, log, ms, NO_POSTGRES, now, percentile, quick } from './support/stats.ts';

const SECTION = 'auditoria';
const ENTRADAS = quick ? 100_000 : 1_000_000;
const EMPRESAS = 200;
const LEITURAS = quick ? 8 : 30;
const ESCRITAS = quick ? 30 : 150;
const BAR = 1.5;
const print = process.argv.includes('--print');

/** Two years, evenly: one entry every this many milliseconds, newest now. */
const PASSO_MS = Math.floor((2 * 365 * 24 * 3600 * 1000) / ENTRADAS);

interface Filtro {
  nome: string;
  /** The list's query string. */
  query: string;
  /** The same rows in SQL (to find the deep page's cursor and count them). */
  where: string;
}

interface Medida {
  filtro: string;
  linhas: number;
  primeira: number[];
  funda: number[];
}

function p(values: number[], q: number): string {
  return ms(percentile(values, q));
}

/** The list's cursor of one entry, as the server builds it (modules/auditoria/service.ts). */
function cursorDe(posicao: string, id: string): string {
  return Buffer.from(`${posicao}|${id}`).toString('base64url');
}

async function encher(client: pg.Client): Promise<number> {
  await client.query(
    `insert into empresas (razao_social, nome_fantasia)
     select 'Empresa de Bancada ' || g, 'Empresa ' || lpad(g::text, 3, '0') from generate_series(1, $1) g`,
    [EMPRESAS],
  );
  const t0 = performance.now();
  const lote = 250_000;
  for (let inicio = 1; inicio <= ENTRADAS; inicio += lote) {
    const fim = Math.min(ENTRADAS, inicio + lote - 1);
    await client.query(
      `with e as (select array_agg(id order by nome_fantasia) ids from empresas where razao_social like 'Empresa de Bancada %')
       insert into auditoria (criado_em, ator_tipo, ator_id, ator_nome, ator_papel, ip, user_agent,
                              empresa_id, entidade, entidade_id, acao, campos)
       select now() - make_interval(secs => g * $3::double precision / 1000),
              'usuario', 'u-' || ((g / 3) % 1000), 'Pessoa ' || ((g / 3) % 1000), 'gestor',
              '203.0.113.' || (g % 250), 'Mozilla/5.0 (bancada)',
              e.ids[1 + g % ${EMPRESAS}],
              (array['laudo','arquivo','usuario','empresa','renovacao'])[1 + (g / ${EMPRESAS}) % 5],
              'x-' || (g % 50000),
              (array['criou','alterou','excluiu'])[1 + g % 3],
              jsonb_build_object('dataVencimento', jsonb_build_object('de', '2027-01-01', 'para', '2027-06-30'))
       from generate_series($1::int, $2::int) g, e`,
      [inicio, fim, PASSO_MS],
    );
    log(`  ${int(fim)} entradas`);
  }
  const duracao = performance.now() - t0;
  // What the database does after a big load anyway (autovacuum, the checkpoint), done now, so the
  // write measured next does not pay for it.
  await client.query('vacuum analyze auditoria');
  await client.query('checkpoint');
  return duracao;
}

async function tempo(admin: Session, url: string): Promise<number> {
  const t0 = performance.now();
  const res = await admin.call('GET', url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t0;
}

async function medirLista(admin: Session, client: pg.Client, f: Filtro): Promise<Medida> {
  const [{ n }] = (await client.query(`select count(*)::int n from auditoria where ${f.where}`)).rows as [
    { n: number },
  ];
  const meio = (
    await client.query(
      `select to_char(criado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') posicao, id
       from auditoria where ${f.where} order by criado_em desc, id desc offset $1 limit 1`,
      [Math.floor(n / 2)],
    )
  ).rows[0] as { posicao: string; id: string } | undefined;
  const base = `/api/admin/auditoria?limite=50${f.query ? `&${f.query}` : ''}`;
  const funda = meio ? `${base}&cursor=${cursorDe(meio.posicao, meio.id)}` : base;
  // One warm-up each: the first request after a fill also pays for the plan cache.
  await tempo(admin, base);
  await tempo(admin, funda);
  const primeira: number[] = [];
  const fundas: number[] = [];
  for (let i = 0; i < LEITURAS; i++) {
    primeira.push(await tempo(admin, base));
    fundas.push(await tempo(admin, funda));
  }
  log(`  ${f.nome}: ${int(n)} linhas; 1ª página p50 ${p(primeira, 50)}, página do meio p50 ${p(fundas, 50)}`);
  return { filtro: f.nome, linhas: n, primeira, funda: fundas };
}

async function medirEscrita(admin: Session, laudoId: string): Promise<number[]> {
  const tempos: number[] = [];
  for (let i = 0; i < ESCRITAS; i++) {
    const data = `2027-${String(1 + (i % 12)).padStart(2, '0')}-15`;
    const t0 = performance.now();
    await admin.json('PATCH', `/api/laudos/${laudoId}`, {
      dataVencimento: data,
      observacoes: `bancada ${i}`,
    });
    tempos.push(performance.now() - t0);
  }
  return tempos;
}

function diaIso(deslocamentoDias: number): string {
  return new Date(Date.now() + deslocamentoDias * 86_400_000).toISOString().slice(0, 10);
}

async function main() {
  ensureBuild();
  const database = await createBenchDatabase();
  if (!database) {
    log(NO_POSTGRES);
    if (!print)
      writeSection(
        SECTION,
        `## 10. Registro de auditoria com 1 milhão de entradas (issue 22)\n\n- **${NO_POSTGRES}**`,
      );
    return;
  }
  let server: LaunchedServer | undefined;
  const client = new pg.Client({ connectionString: database.url });
  try {
    server = await launchServer({ env: { JOBS: 'off', DATABASE_URL: database.url } });
    await client.connect();
    const admin = await Session.signIn(server.baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const { laudo } = await admin.json<{ laudo: { id: string } }>('POST', '/api/laudos', {
      nome: 'Vaso da bancada',
      codigo: 'AUD-1',
      cliente: 'ACME',
      tipo: 'NR-13',
      dataVencimento: '2027-01-15',
    });
    await client.query('checkpoint');
    const vazio = await medirEscrita(admin, laudo.id);
    log(`escrita com o registro vazio: p50 ${p(vazio, 50)}, p95 ${p(vazio, 95)}`);

    const encherMs = await encher(client);
    log(`${int(ENTRADAS)} entradas em ${ms(encherMs)}`);
    const [empresa] = (await client.query(`select id from empresas where nome_fantasia = 'Empresa 007'`))
      .rows as [{ id: string }];
    const de = diaIso(-365);
    const ate = diaIso(-335);
    const filtros: Filtro[] = [
      { nome: 'nenhum', query: '', where: 'true' },
      { nome: 'empresa', query: `empresa=${empresa.id}`, where: `empresa_id = '${empresa.id}'` },
      {
        nome: 'ator (id)',
        query: 'ator=u-7',
        where: `(ator_id = 'u-7' or ator_nome ilike '%u-7%')`,
      },
      {
        nome: 'ator (parte do nome)',
        query: `ator=${encodeURIComponent('Pessoa 77')}`,
        where: `(ator_id = 'Pessoa 77' or ator_nome ilike '%Pessoa 77%')`,
      },
      { nome: 'entidade', query: 'entidade=renovacao', where: `entidade = 'renovacao'` },
      {
        nome: 'período (30 dias, há um ano)',
        query: `de=${de}&ate=${ate}`,
        where: `criado_em >= ('${de}'::date)::timestamp at time zone 'America/Sao_Paulo' and criado_em < ('${ate}'::date + 1)::timestamp at time zone 'America/Sao_Paulo'`,
      },
      {
        nome: 'empresa + entidade',
        query: `empresa=${empresa.id}&entidade=laudo`,
        where: `empresa_id = '${empresa.id}' and entidade = 'laudo'`,
      },
    ];
    const medidas: Medida[] = [];
    for (const f of filtros) medidas.push(await medirLista(admin, client, f));

    const cheio = await medirEscrita(admin, laudo.id);
    log(`escrita com ${int(ENTRADAS)} entradas: p50 ${p(cheio, 50)}, p95 ${p(cheio, 95)}`);
    const razao = percentile(cheio, 50) / percentile(vazio, 50);
    const passa = razao < BAR;

    const md = [
      '## 10. Registro de auditoria com 1 milhão de entradas (issue 22)',
      '',
      `- Máquina: ${machine()}`,
      `- Data: ${now()}`,
      `- Comando: ${command('auditoria')}`,
      `- Como: PostgreSQL, banco novo. ${int(EMPRESAS)} empresas e ${int(ENTRADAS)} entradas gravadas por um \`insert … select generate_series\` (em lotes de 250 mil) em ${ms(encherMs)}: 5 entidades, 3 ações, 1 000 atores, uma entrada a cada ${(PASSO_MS / 1000).toFixed(0)} s ao longo de dois anos. Cada leitura é \`GET /api/admin/auditoria?limite=50\` por HTTP (sessão do admin, JSON inteiro lido), ${LEITURAS} vezes após um aquecimento; "página do meio" usa o cursor da entrada no meio da lista filtrada (o que "Carregar mais" pediria depois de metade das páginas). A escrita é \`PATCH /api/laudos/:id\` (vencimento e observações), que grava a entrada na mesma transação, ${ESCRITAS} vezes com o registro vazio e de novo com ${int(ENTRADAS)} entradas (depois de \`vacuum analyze\` e \`checkpoint\`, o que o banco faria de todo modo após a carga).`,
      `- Meta: a escrita com ${int(ENTRADAS)} entradas custa menos de ${BAR}× a escrita com o registro vazio (p50).`,
      '- PGlite não foi medido: o diretório de dados do PGlite pertence ao processo do servidor (um só processo o abre), então o preenchimento por SQL teria de parar o servidor, abrir o diretório na bancada e reabrir; e a 1 milhão de linhas com cinco índices o PGlite (WASM, um núcleo) é o motor das instalações pequenas, não o desta escala.',
      '',
      '| Filtro | Linhas que casam | 1ª página p50 | 1ª página p95 | Página do meio p50 | Página do meio p95 |',
      '|---|---|---|---|---|---|',
      ...medidas.map(
        (m) =>
          `| ${m.filtro} | ${int(m.linhas)} | ${p(m.primeira, 50)} | ${p(m.primeira, 95)} | ${p(m.funda, 50)} | ${p(m.funda, 95)} |`,
      ),
      '',
      '| Escrita (PATCH de um laudo) | p50 | p95 |',
      '|---|---|---|',
      `| registro vazio | ${p(vazio, 50)} | ${p(vazio, 95)} |`,
      `| ${int(ENTRADAS)} entradas | ${p(cheio, 50)} | ${p(cheio, 95)} |`,
      `| razão (p50) | ${razao.toFixed(2)}× | ${passa ? 'passa' : '**falha**'} |`,
    ].join('\n');
    console.log(`escrita a ${int(ENTRADAS)} / vazio: ${razao.toFixed(2)}× (${passa ? 'PASSA' : 'FALHA'})`);
    if (print) console.log(`\n${md}\n`);
    else {
      writeSection(SECTION, md);
      log('seção escrita em docs/benchmarks.md');
    }
    if (!passa) process.exitCode = 1;
  } finally {
    await client.end().catch(() => undefined);
    await server?.stop();
    await database.drop();
  }
}

await main();
