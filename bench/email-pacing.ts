/*
 * Section 3: how closely the e-mail worker keeps the configured rate (EMAIL_RATE_PER_SECOND; the
 * shared token bucket of apps/server/src/email/delivery.ts) over 1,000 messages sent by SMTP to a
 * local SMTP server: the achieved rate, the spread of the gaps between sends, and the most messages
 * seen in any one second (what a provider such as SES counts).
 *
 * 1,000 e-mails are queued first by a server with JOBS=off (the admin creates 1,000 laudos, each
 * queues its "Novo Laudo Criado" e-mail), then a server with the workers on sends them.
 *
 *   node --import tsx bench/email-pacing.ts [--quick]      (--quick: 200 messages)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { criarLaudos, dia, Session, tiposDeLaudo } from './support/api.ts';
import { launchServer } from './support/launch.ts';
import { createBenchDatabase } from './support/pg.ts';
import { machine, writeSection } from './support/report.ts';
import { BENCH_ADMIN } from './support/server.ts';
import { startSmtpSink } from './support/smtp-sink.ts';
import {
  command,
  int,
  log,
  mean,
  ms,
  NO_POSTGRES,
  now,
  percentile,
  postgresBase,
  quick,
  sleep,
} from './support/stats.ts';

const SECTION = 'email-pacing';
const MESSAGES = quick ? 200 : 1000;
/**
 * SES's default sending rate and a higher one on the first engine; the default rate only on the
 * second (the higher rate's ceiling is the workers', the same on both).
 */
const RATES = { first: [14, 50], second: [14] };

interface Run {
  engine: string;
  rate: number;
  received: number;
  distinct: number;
  achieved: number;
  gapP50: number;
  gapP5: number;
  gapP95: number;
  gapP99: number;
  gapMax: number;
  gapMean: number;
  maxInOneSecond: number;
  totalSeconds: number;
}

/** The figures of one rate from the sink's arrivals (the first `MESSAGES`). */
function figures(engine: string, rate: number, arrivals: Array<{ at: number; to: string[] }>): Run {
  const taken = arrivals.slice(0, MESSAGES);
  const times = taken.map((a) => a.at).sort((a, b) => a - b);
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  let maxInOneSecond = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1000) j++;
    maxInOneSecond = Math.max(maxInOneSecond, i - j + 1);
  }
  const totalSeconds = times.length > 1 ? (times.at(-1)! - times[0]!) / 1000 : Number.NaN;
  const result: Run = {
    engine,
    rate,
    received: taken.length,
    distinct: new Set(taken.flatMap((a) => a.to)).size,
    achieved: (times.length - 1) / totalSeconds,
    gapP50: percentile(gaps, 50),
    gapP5: percentile(gaps, 5),
    gapP95: percentile(gaps, 95),
    gapP99: percentile(gaps, 99),
    gapMax: Math.max(...gaps),
    gapMean: mean(gaps),
    maxInOneSecond,
    totalSeconds,
  };
  log(
    `${engine} ${rate}/s: ${result.received} recebidos, ${result.achieved.toFixed(2)}/s, intervalo p50 ${ms(result.gapP50)}, ` +
      `p99 ${ms(result.gapP99)}, máx. ${ms(result.gapMax)}, máx. em 1 s ${result.maxInOneSecond}`,
  );
  return result;
}

/**
 * One queue for every rate: enough messages are queued once (a server with JOBS=off), then a
 * server per rate sends until `MESSAGES` have arrived and is stopped; the next rate goes on with
 * what is left. A message is never sent twice, so the recipients seen across the rates are all
 * distinct (checked).
 */
async function runEngine(
  engine: 'postgres' | 'pglite',
  rates: number[],
): Promise<{ runs: Run[]; duplicates: number }> {
  const database = engine === 'postgres' ? await createBenchDatabase() : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-bench-email-'));
  const dbEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  const sink = await startSmtpSink();
  const runs: Run[] = [];
  // The extra covers the messages a stopping server still sends (its workers finish their job).
  const queued = MESSAGES * rates.length + 100;
  try {
    const queuing = await launchServer({ dataDir, env: { ...dbEnv, JOBS: 'off' } });
    try {
      const admin = await Session.signIn(queuing.baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
      const tipos = await tiposDeLaudo(admin);
      await criarLaudos(
        admin,
        Array.from({ length: queued }, (_, i) => ({
          nome: `Caldeira ${i}`,
          codigo: `EMAIL-${i}`,
          cliente: `Empresa ${i % 50}`,
          tipo: tipos[i % tipos.length]!,
          emailCliente: `destinatario${i}@empresa${i % 50}.bench.test`,
          dataVencimento: dia(30 + (i % 300)),
        })),
        8,
      );
    } finally {
      await queuing.stop({ keepDataDir: true });
    }
    log(`${engine}: ${int(queued)} e-mails na fila`);
    for (const rate of rates) {
      const from = sink.arrivals.length;
      const sending = await launchServer({
        dataDir,
        env: { ...dbEnv, EMAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url, EMAIL_RATE_PER_SECOND: String(rate) },
      });
      try {
        const deadline = Date.now() + ((MESSAGES / rate) * 3 + 60) * 1000;
        while (sink.arrivals.length - from < MESSAGES && Date.now() < deadline) await sleep(100);
      } finally {
        await sending.stop({ keepDataDir: true });
      }
      runs.push(figures(engine, rate, sink.arrivals.slice(from)));
    }
  } finally {
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  const recipients = sink.arrivals.flatMap((a) => a.to);
  return { runs, duplicates: recipients.length - new Set(recipients).size };
}

async function main() {
  const runs: Run[] = [];
  const engines: Array<'postgres' | 'pglite'> = postgresBase() ? ['postgres', 'pglite'] : ['pglite'];
  if (!postgresBase()) log(NO_POSTGRES);
  const duplicates = new Map<string, number>();
  for (const [i, engine] of engines.entries()) {
    const r = await runEngine(engine, i === 0 ? RATES.first : RATES.second);
    runs.push(...r.runs);
    duplicates.set(engine, r.duplicates);
  }

  const name = (e: string) => (e === 'postgres' ? 'PostgreSQL' : 'PGlite');
  const weaknesses: string[] = [];
  for (const [engine, n] of duplicates)
    if (n > 0)
      weaknesses.push(`- **Fraqueza** (${name(engine)}): ${n} mensagem(ns) entregue(s) mais de uma vez.`);
  for (const r of runs) {
    const where = `${name(r.engine)}, ${r.rate}/s`;
    if (r.received !== MESSAGES || r.distinct !== MESSAGES)
      weaknesses.push(
        `- **Fraqueza** (${where}): ${r.received} mensagens recebidas para ${r.distinct} destinatários distintos, de ${MESSAGES} na fila.`,
      );
    // A bucket of one token at r/s lets r + 1 messages into a closed one-second window.
    if (r.maxInOneSecond > Math.ceil(r.rate) + 1)
      weaknesses.push(
        `- **Fraqueza** (${where}): ${r.maxInOneSecond} mensagens num mesmo segundo, acima do ritmo de ${r.rate}/s: o intervalo é reservado antes do envio, e a demora variável do envio (o laço de eventos ocupado) junta mensagens na chegada. Um provedor que conte por segundo pode recusar as excedentes (o SES responde Throttling e o envio é repetido mais tarde).`,
      );
    if (r.achieved < r.rate * 0.9)
      weaknesses.push(
        `- **Fraqueza** (${where}): ritmo alcançado de ${r.achieved.toFixed(2)}/s, ${((1 - r.achieved / r.rate) * 100).toFixed(0)}% abaixo do configurado. Teto dos workers: cada um pega um e-mail e espera a próxima consulta da fila (0,5 s), e são no máximo 20 (\`localConcurrency\` em apps/server/src/email/delivery.ts): cerca de 2 × 20 = 40 e-mails por segundo, seja qual for o ritmo configurado acima disso.`,
      );
  }
  const md = [
    '## 3. Ritmo dos e-mails',
    '',
    `- Máquina: ${machine()}`,
    `- Data: ${now()}`,
    `- Comando: ${command('email')}`,
    `- Como: e-mails "Novo Laudo Criado" enfileirados por um servidor com \`JOBS=off\` (o admin cria os laudos pela API); depois, para cada ritmo, um servidor com os workers ligados, \`EMAIL_TRANSPORT=smtp\` e \`EMAIL_RATE_PER_SECOND\` no ritmo da linha envia ${int(MESSAGES)} deles a um servidor SMTP local (smtp-server), que anota o instante em que cada mensagem termina de chegar; o servidor é parado e o próximo ritmo continua a mesma fila.`,
    postgresBase()
      ? `- Bancos: PostgreSQL nos ritmos ${RATES.first.join(' e ')}/s; PGlite em ${RATES.second.join(', ')}/s (o teto do ritmo maior é dos workers, igual nos dois).`
      : `- **${NO_POSTGRES}** PGlite nos ritmos ${RATES.first.join(' e ')}/s.`,
    '',
    '| Banco | Ritmo configurado | Recebidas (destinatários distintos) | Ritmo alcançado | Intervalo esperado | Intervalo p5 / p50 / p95 / p99 | Intervalo máx. | Máx. num segundo | Duração |',
    '|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${name(r.engine)} | ${r.rate}/s | ${r.received} (${r.distinct}) | ${r.achieved.toFixed(2)}/s (${(
          (r.achieved / r.rate) * 100
        ).toFixed(1)}%) | ${ms(1000 / r.rate)} | ${ms(r.gapP5)} / ${ms(r.gapP50)} / ${ms(r.gapP95)} / ${ms(
          r.gapP99,
        )} | ${ms(r.gapMax)} | ${r.maxInOneSecond} | ${r.totalSeconds.toFixed(1)} s |`,
    ),
    '',
    '- *Ritmo alcançado*: mensagens recebidas menos uma, divididas pelo tempo entre a primeira e a última (entre parênteses, em relação ao configurado).',
    '- *Intervalo*: tempo entre duas mensagens seguidas no servidor SMTP; o esperado é 1 ÷ ritmo. Percentis mostram a dispersão.',
    '- *Máx. num segundo*: o maior número de mensagens em qualquer janela de 1 s — o que um provedor com limite por segundo conta.',
    '',
    ...(weaknesses.length
      ? weaknesses
      : ['- Sem fraqueza: cada mensagem saiu uma vez, no ritmo, sem rajadas acima do limite.']),
  ].join('\n');
  writeSection(SECTION, md);
  log('seção escrita em docs/benchmarks.md');
}

await main();
