/*
 * Section 1: the reminder scan at 10 thousand, 100 thousand and 1 million laudos with the same
 * 1,000 due today, on PostgreSQL. Times the real code path through the real server (the dry run
 * `POST /api/admin/notificacoes/simular` and the real run `POST /api/admin/notificacoes/executar`,
 * which enqueues the 1,000 e-mails) and shows the plan of the selection of due laudos
 * (`dueLaudos` in apps/server/src/modules/notificacoes/agendador.ts) with EXPLAIN (ANALYZE, BUFFERS).
 *
 *   node --import tsx bench/reminder-scan.ts [--quick]     (--quick: 10k and 100k, 3 runs)
 */
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import type { EmailService } from '../apps/server/src/email/delivery.ts';
import { NotificationScheduler } from '../apps/server/src/modules/notificacoes/agendador.ts';
import type { SettingsStore } from '../apps/server/src/settings/store.ts';
import { dia, Session } from './support/api.ts';
import { launchServer } from './support/launch.ts';
import { createBenchDatabase } from './support/pg.ts';
import { machine, writeSection } from './support/report.ts';
import { BENCH_ADMIN } from './support/server.ts';
import {
  command,
  int,
  log,
  median,
  ms,
  NO_POSTGRES,
  now,
  postgresBase,
  quick,
  ratio,
} from './support/stats.ts';

const SECTION = 'reminder-scan';
const SIZES = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];
const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000} milhão` : `${n / 1000} mil`);
const TITLE = `## 1. Varredura dos lembretes: ${SIZES.map(sizeLabel)
  .join(', ')
  .replace(/, ([^,]*)$/, ' e $1')}${SIZES.at(-1)! >= 1_000_000 ? ' de' : ''} laudos, os mesmos 1 000 devidos`;
const DUE = 1000;
const ACCOUNTS = 2000;
/** Runs per figure (after one warm-up): the cheap ones, and the end-to-end ones through the API. */
const RUNS = quick ? 3 : 5;
const API_RUNS = 3;
/** The default rules' milestones (days from expiry: + before, − after) that fall on "today". */
const MILESTONES = [90, 60, 30, 15, 7, 3, 1, 0, -7, -14, -30];

interface Figures {
  size: number;
  seedMs: number;
  scan: number;
  simular: number;
  executar: number;
  query: number;
  plan: string;
  seqScan: boolean;
  indexUsed: boolean;
}

/**
 * The scheduler's own code in this process, on a query-logging connection: its `simular` with the
 * e-mail rendering stubbed out is the scan itself (select the due laudos, read their history, pick
 * each one's milestone), and the statement that reads the due laudos is the one EXPLAIN shows.
 */
function inProcessScheduler(url: string) {
  const captured: Array<{ sql: string; params: unknown[] }> = [];
  const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c TimeZone=UTC' });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Db;
  const scheduler = new NotificationScheduler({
    config: {
      timeZone: 'America/Sao_Paulo',
      publicUrl: 'http://bench.local',
      authSecret: 'bench-secret-bench-secret-bench-secret',
    },
    db,
    email: { render: async () => ({ subject: '', html: '', text: '' }) } as unknown as EmailService,
    // The dry run reads no setting; a store is required by the type only.
    settings: undefined as unknown as SettingsStore,
    workers: false,
    log: { info() {}, error() {} },
  });
  return {
    async scan(data: string): Promise<number> {
      captured.length = 0;
      const t = performance.now();
      const r = await scheduler.simular(data);
      const elapsed = performance.now() - t;
      if (r.itens.length !== DUE) throw new Error(`varredura devolveu ${r.itens.length} itens, não ${DUE}`);
      return elapsed;
    },
    async selectionQuery(data: string): Promise<{ sql: string; params: unknown[] }> {
      await this.scan(data);
      const found = captured.find((c) => /from "laudos" left join "usuarios"/.test(c.sql));
      if (!found) throw new Error('a consulta de seleção dos laudos devidos não foi encontrada');
      return found;
    },
    close: () => pool.end(),
  };
}

async function main() {
  const base = postgresBase();
  if (!base) {
    log(NO_POSTGRES);
    writeSection(
      SECTION,
      `${TITLE}\n\n- Máquina: ${machine()}\n- Data: ${now()}\n- Comando: ${command('reminders')}\n\n**${NO_POSTGRES}** Esta seção só existe em PostgreSQL.`,
    );
    return;
  }
  const database = (await createBenchDatabase())!;
  // JOBS=off: the runs enqueue their e-mails and nothing sends them, so each run's cost is the scan
  // and the enqueueing, not the delivery.
  const server = await launchServer({ env: { DATABASE_URL: database.url, JOBS: 'off' } });
  const client = new pg.Client({ connectionString: database.url });
  const inProcess = inProcessScheduler(database.url);
  const figures: Figures[] = [];
  let version = '';
  let lastPlan = '';
  try {
    await client.connect();
    version = (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;
    const admin = await Session.signIn(server.baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const today = dia(0);
    const tipos = (await client.query<{ nome: string }>('select nome from tipos_laudo where ativo')).rows.map(
      (r) => r.nome,
    );
    // The due laudos: spread over every milestone of the default rules that falls today.
    await client.query(
      `insert into laudos (nome, codigo, cliente, tipo, email_cliente, data_vencimento)
       select 'Vaso devido ' || g, 'DEVIDO-' || g, 'Empresa ' || (g % 500), ($1::text[])[1 + g % $2],
              'contato' || g || '@empresa' || (g % 500) || '.com.br',
              $3::date + ($4::int[])[1 + g % $5]
       from generate_series(1, $6) g`,
      [tipos, tipos.length, today, MILESTONES, MILESTONES.length, DUE],
    );
    // Client accounts, as a firm has them: the reminders look each due laudo's address up among them
    // (the first 1,000 are the due laudos' addresses).
    await client.query(
      `insert into auth_user (id, name, email) select 'bench-' || g, 'Cliente ' || g,
              'contato' || g || '@empresa' || (g % 500) || '.com.br' from generate_series(1, ${ACCOUNTS}) g;
       insert into usuarios (id, nome, email) select id, name, email from auth_user where id like 'bench-%';`,
    );
    // The monthly report (on the 1st) would add one e-mail per client to these runs: off here.
    await client.query(`update notification_rules set enabled = false where kind = 'relatorio_mensal'`);
    let rows = DUE;
    const query = await inProcess.selectionQuery(today);
    for (const size of SIZES) {
      // The rest never falls in a window: expired more than 400 days ago or due in more than 100.
      const t0 = performance.now();
      while (rows < size) {
        const n = Math.min(250_000, size - rows);
        await client.query(
          `insert into laudos (nome, codigo, cliente, tipo, email_cliente, data_vencimento)
           select 'Laudo ' || g, 'L-' || g, 'Empresa ' || (g % 2000), ($1::text[])[1 + g % $2],
                  'contato' || (g % 20000) || '@empresa' || (g % 2000) || '.com.br',
                  case when g % 2 = 0 then $3::date - 401 - (random() * 2600)::int
                       else $3::date + 101 + (random() * 1500)::int end
           from generate_series($4::int, $5::int) g`,
          [tipos, tipos.length, today, rows + 1, rows + n],
        );
        rows += n;
        log(`laudos: ${int(rows)}`);
      }
      await client.query('vacuum analyze laudos, usuarios, auth_user');
      const seedMs = performance.now() - t0;

      await inProcess.scan(today); // warm-up
      const scan: number[] = [];
      for (let i = 0; i < RUNS; i++) scan.push(await inProcess.scan(today));

      const simulate = async () => {
        const t = performance.now();
        const r = await admin.json<{ itens: unknown[] }>('POST', '/api/admin/notificacoes/simular', {
          data: today,
        });
        const elapsed = performance.now() - t;
        if (r.itens.length !== DUE) throw new Error(`simulação devolveu ${r.itens.length} itens, não ${DUE}`);
        return elapsed;
      };
      await simulate(); // warm-up
      const simular: number[] = [];
      for (let i = 0; i < API_RUNS; i++) simular.push(await simulate());

      const executar: number[] = [];
      for (let i = 0; i <= API_RUNS; i++) {
        await client.query(`delete from notification_logs; delete from notification_history;
          delete from email_outbox; delete from email_logs; delete from pgboss.job where name = 'email-send'`);
        const t = performance.now();
        const r = await admin.json<{ execucao: { enfileirados: number; erros: number } }>(
          'POST',
          '/api/admin/notificacoes/executar',
        );
        const elapsed = performance.now() - t;
        if (r.execucao.enfileirados !== DUE || r.execucao.erros !== 0)
          throw new Error(`execução: ${JSON.stringify(r.execucao)}`);
        if (i > 0) executar.push(elapsed); // the first is the warm-up
      }

      const explain = async () =>
        (
          await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${query.sql}`,
            query.params,
          )
        ).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      await explain();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        lastPlan = await explain();
        times.push(Number(/Execution Time: ([\d.]+) ms/.exec(lastPlan)?.[1] ?? Number.NaN));
      }
      const f: Figures = {
        size,
        seedMs,
        scan: median(scan),
        simular: median(simular),
        executar: median(executar),
        query: median(times),
        plan: lastPlan,
        seqScan: /Seq Scan on laudos/.test(lastPlan),
        indexUsed: /laudos_data_vencimento_idx/.test(lastPlan),
      };
      figures.push(f);
      log(
        `${int(size)} laudos: varredura ${ms(f.scan)}, simular ${ms(f.simular)}, executar ${ms(f.executar)}, consulta ${ms(f.query)}, ` +
          `${f.seqScan ? 'SEQ SCAN' : f.indexUsed ? 'índice laudos_data_vencimento_idx' : 'outro plano'}`,
      );
    }
  } finally {
    await client.end().catch(() => {});
    await inProcess.close().catch(() => {});
    await server.stop();
    await database.drop();
  }

  const base10k = figures[0]!;
  const rowsOf = (f: Figures) =>
    `| ${int(f.size)} | ${ms(f.query)} | ${ms(f.scan)} | ${ms(f.simular)} | ${ms(f.executar)} | ${
      f.seqScan ? '**Seq Scan em laudos**' : f.indexUsed ? 'índice `laudos_data_vencimento_idx`' : 'outro'
    } | ${ratio(f.query, base10k.query)} | ${ratio(f.scan, base10k.scan)} | ${ratio(f.simular, base10k.simular)} | ${ratio(f.executar, base10k.executar)} |`;
  const worst = figures.at(-1)!;
  const weaknesses: string[] = [];
  for (const f of figures) {
    if (f.seqScan)
      weaknesses.push(`- **Fraqueza**: a seleção com ${int(f.size)} laudos faz Seq Scan em laudos.`);
    else if (!f.indexUsed)
      weaknesses.push(
        `- **Fraqueza**: a seleção com ${int(f.size)} laudos não usa laudos_data_vencimento_idx.`,
      );
  }
  for (const [name, key, limit] of [
    ['consulta de seleção', 'query', 1.5],
    ['varredura', 'scan', 1.5],
    ['simulação', 'simular', 2],
    ['execução real', 'executar', 2],
  ] as const) {
    const r = worst[key] / base10k[key];
    if (r > limit)
      weaknesses.push(
        `- **Fraqueza**: a ${name} cresce com o tamanho da tabela: ${ratio(worst[key], base10k[key])} de ${int(base10k.size)} para ${int(worst.size)} laudos.`,
      );
  }
  const md = [
    TITLE,
    '',
    `- Máquina: ${machine()}`,
    `- Data: ${now()}`,
    `- Comando: ${command('reminders')}`,
    `- Banco: PostgreSQL ${version}, um banco novo; servidor real com \`JOBS=off\` (as execuções enfileiram os e-mails, ninguém os envia).`,
    `- Dados: laudos inseridos com \`generate_series\`; ${int(DUE)} com um marco hoje (distribuídos pelos marcos ${MILESTONES.join(', ')} das regras padrão) e os demais vencidos há mais de 400 dias ou vencendo em mais de 100 (fora de qualquer janela); ${int(ACCOUNTS)} contas de cliente (os endereços dos devidos entre elas); a regra do relatório mensal desligada (no dia 1 ela somaria um e-mail por cliente); \`VACUUM ANALYZE\` depois de cada carga. Mediana de ${RUNS} execuções (${API_RUNS} nas medidas pela API) depois de uma de aquecimento.`,
    '',
    '| Laudos | Consulta de seleção | Varredura | Simulação (API) | Execução real (API) | Plano | Consulta ÷ 10 mil | Varredura ÷ 10 mil | Simulação ÷ 10 mil | Execução ÷ 10 mil |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map(rowsOf),
    '',
    '- *Consulta de seleção*: o "Execution Time" do `EXPLAIN (ANALYZE, BUFFERS)` da consulta que o agendador monta (`dueLaudos`), capturada do próprio `simular`.',
    `- *Varredura*: o \`simular\` do agendador (o código real, neste processo, num pool de uma conexão) sem montar os e-mails: seleciona os ${int(DUE)} devidos, lê o histórico deles e escolhe o marco de cada um. É a parte que depende do banco.`,
    `- *Simulação (API)*: \`POST /api/admin/notificacoes/simular\` do dia de hoje, de ponta a ponta pelo servidor: a varredura mais o assunto de cada e-mail montado (modelo Liquid) e a lista devolvida.`,
    `- *Execução real (API)*: \`POST /api/admin/notificacoes/executar\` (o mesmo caminho do cron): a varredura, e para cada um dos ${int(DUE)} devidos o marco, o e-mail montado, o \`email_logs\`, o \`notification_logs\` e o job da fila, em transações de 100; antes de cada execução o histórico é apagado para que os ${int(DUE)} saiam de novo.`,
    `- Carga: ${figures.map((f) => `${int(f.size)} em ${ms(f.seedMs)}`).join(', ')} (inserção + VACUUM ANALYZE).`,
    `- Por devido, com ${int(worst.size)} laudos: a execução real custa ${ms(worst.executar / DUE)} por e-mail enfileirado e a simulação ${ms(worst.simular / DUE)} por item, contra ${ms(worst.scan / DUE)} da varredura${worst.scan < worst.executar / 5 ? ': o custo está em montar e gravar cada e-mail, não em achar os devidos' : ''}.`,
    '',
    ...(weaknesses.length
      ? weaknesses
      : [
          `- Sem fraqueza: índice em todos os tamanhos e custo que acompanha os ${int(DUE)} devidos, não a tabela (${ratio(worst.query, base10k.query)} na consulta de ${int(base10k.size)} para ${int(worst.size)}).`,
        ]),
    '',
    `Plano com ${int(worst.size)} laudos:`,
    '',
    '```',
    worst.plan,
    '```',
  ].join('\n');
  writeSection(SECTION, md);
  log('seção escrita em docs/benchmarks.md');
}

await main();
