/*
 * `npm run bench`: every measurement in turn, each writing its own section of docs/benchmarks.md,
 * then Lighthouse (`npm run lighthouse -w @laudos/bench`). PostgreSQL comes from BENCH_DATABASE_URL
 * or TEST_DATABASE_URL; without it the PostgreSQL parts are skipped and said so.
 *
 *   npm run bench [-- --quick] [-- --only=reminders,api,email,cold-start,weight,load,preview,export,storage,importacao,auditoria,lighthouse]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureBuild } from './support/launch.ts';
import { orderSections } from './support/report.ts';
import { ROOT } from './support/server.ts';
import { log, NO_POSTGRES, postgresBase, quick } from './support/stats.ts';

const STEPS: Array<{ id: string; section: string; script?: string; title: string }> = [
  {
    id: 'reminders',
    section: 'reminder-scan',
    script: 'reminder-scan.ts',
    title: '1. Varredura dos lembretes',
  },
  { id: 'api', section: 'api-throughput', script: 'api-throughput.ts', title: '2. Vazão e latência da API' },
  { id: 'email', section: 'email-pacing', script: 'email-pacing.ts', title: '3. Ritmo dos e-mails' },
  { id: 'cold-start', section: 'cold-start', script: 'cold-start.ts', title: '4. Partida a frio e memória' },
  { id: 'weight', section: 'route-weight', script: 'route-weight.ts', title: '5. Peso das páginas' },
  { id: 'load', section: 'load', script: 'load.ts', title: '6. Carga' },
  { id: 'preview', section: 'preview', script: 'preview.ts', title: '7. Prévia de planilha grande' },
  { id: 'export', section: 'export', script: 'export.ts', title: '8. Exportação completa em ZIP' },
  { id: 'storage', section: 'storage', script: 'storage.ts', title: '9. Arquivos no disco e no S3' },
  {
    id: 'importacao',
    section: 'importacao',
    script: 'importacao.ts',
    title: '10. Importação de laudos por planilha',
  },
  {
    id: 'auditoria',
    section: 'auditoria',
    script: 'auditoria.ts',
    title: '11. Registro de auditoria com 1 milhão de entradas',
  },
  { id: 'lighthouse', section: 'lighthouse', title: 'Lighthouse' },
];

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const steps = STEPS.filter((s) => !only || only.includes(s.id));

log(
  postgresBase()
    ? `PostgreSQL: ${new URL(postgresBase()!).host} (bancos novos, apagados no fim de cada medição)`
    : NO_POSTGRES,
);
ensureBuild();
const results: Array<{ title: string; seconds: number; status: number | null }> = [];
const started = performance.now();
for (const step of steps) {
  log(`── ${step.title}`);
  const t0 = performance.now();
  const r = step.script
    ? spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, step.script), ...(quick ? ['--quick'] : [])],
        { cwd: ROOT, stdio: 'inherit', env: process.env },
      )
    : spawnSync('npm', ['run', 'lighthouse', '-w', '@laudos/bench'], {
        cwd: ROOT,
        stdio: 'inherit',
        env: process.env,
      });
  results.push({ title: step.title, seconds: (performance.now() - t0) / 1000, status: r.status });
}
orderSections(STEPS.map((s) => s.section));
const total = (performance.now() - started) / 1000;
log('── resumo');
for (const r of results)
  log(`${r.status === 0 ? 'ok   ' : `FALHA (${r.status})`} ${r.title} — ${r.seconds.toFixed(0)} s`);
if (results.some((r) => r.title === 'Lighthouse' && r.status === 1))
  log('Lighthouse sai com 1 quando uma nota fica abaixo de 95 (veja a seção).');
log(`total: ${(total / 60).toFixed(1)} min; docs/benchmarks.md atualizado`);
if (!postgresBase()) log(NO_POSTGRES);
process.exitCode = results.every((r) => r.status === 0) ? 0 : 1;
