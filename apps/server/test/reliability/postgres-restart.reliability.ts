import { addDaysIso, calendarDayIn } from '@laudos/domain';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { laudos } from '../../src/db/schema.ts';
import { waitUntil } from '../helpers/wait.ts';
import {
  type Cleanup,
  call,
  ensureClusterRunning,
  environment,
  pgCtlCluster,
  signIn,
  sleep,
  startServer,
} from './support.ts';

/**
 * Scenario 4 (and the PostgreSQL variant of scenario 3): one server process under steady reads and
 * writes, in the middle of a reminder run, while the PostgreSQL of TEST_DATABASE_URL is stopped for
 * a few seconds and started again, then restarted with `pg_ctlcluster … restart`. The Node process
 * must ride it out by itself: /api/health says 503 while the database is away and 200 after, reads
 * and writes work again, no acknowledged write is lost, pg-boss still sends e-mails, and the
 * interrupted reminder run ends with every reminder sent exactly once.
 *
 * This is the only place the suite restarts PostgreSQL: other sessions on that server (other test
 * runs) lose their connections for those few seconds.
 */
const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const DUE = 300;
const ERROR_SHAPE = (body: unknown) => {
  const e = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof e?.code === 'string' && typeof e.message === 'string';
};

interface Sample {
  at: number;
  kind: 'health' | 'read' | 'write';
  status: number | null;
  shapeOk: boolean;
}

describe('PostgreSQL stopped and restarted under load', () => {
  it('the server recovers by itself and loses nothing it acknowledged', { timeout: 300_000 }, async () => {
    const { env, open } = await environment('postgres', cleanups, { EMAIL_RATE_PER_SECOND: '40' });
    cleanups.push(() => ensureClusterRunning());
    const s = await startServer(env, cleanups);
    const cookie = await signIn(s.url);

    // Laudos with a reminder due today (7 days before expiry), for a run to be cut by the outage.
    const check = await open();
    cleanups.push(() => check.close());
    const vence = addDaysIso(calendarDayIn('America/Sao_Paulo'), 7);
    await check.db.insert(laudos).values(
      Array.from({ length: DUE }, (_, i) => ({
        nome: `Vaso ${i}`,
        codigo: `DUE-${i}`,
        cliente: 'ACME Ltda',
        tipo: 'NR-13',
        emailCliente: `gestor${i}@acme.com.br`,
        dataVencimento: vence,
      })),
    );

    const samples: Sample[] = [];
    const acked: string[] = [];
    let stop = false;
    let serial = 0;
    const record = (kind: Sample['kind'], r: { status: number; body: unknown } | null) => {
      const status = r?.status ?? null;
      samples.push({
        at: Date.now(),
        kind,
        status,
        shapeOk: status === null || status < 400 || ERROR_SHAPE(r!.body),
      });
    };
    const loops = [
      (async () => {
        while (!stop) {
          record('health', await call(s.url, '', 'GET', '/api/health', undefined, 15_000));
          await sleep(100);
        }
      })(),
      ...[0, 1].map(async (w) => {
        while (!stop) {
          const route = w === 0 ? '/api/laudos?porPagina=20' : '/api/laudos/estatisticas';
          record('read', await call(s.url, cookie, 'GET', route, undefined, 30_000));
          await sleep(50);
        }
      }),
      ...[0, 1].map(async (w) => {
        while (!stop) {
          const codigo = `CARGA-${w}-${++serial}`;
          const r = await call(
            s.url,
            cookie,
            'POST',
            '/api/laudos',
            {
              nome: `Carga ${codigo}`,
              codigo,
              cliente: 'ACME Ltda',
              tipo: 'NR-12',
              emailCliente: `${codigo.toLowerCase()}@acme.com.br`,
              dataVencimento: '2030-01-31',
            },
            30_000,
          );
          record('write', r);
          if (r?.status === 201) acked.push(codigo);
          await sleep(50);
        }
      }),
    ];
    const okAfter = (kind: Sample['kind'], t: number) =>
      samples.find((x) => x.kind === kind && x.at > t && x.status !== null && x.status < 300);
    /** Fails the wait at once, with the reason, when the server process has died. */
    const alive = () => {
      if (s.proc.child.exitCode !== null || s.proc.child.signalCode !== null)
        throw new Error(
          `the server process died (${s.proc.child.exitCode ?? s.proc.child.signalCode}):\n${s.proc.output().slice(-3000)}`,
        );
    };

    await sleep(2000);
    // A reminder run over 300 due laudos is under way when the database goes away.
    const run = call(s.url, cookie, 'POST', '/api/admin/notificacoes/executar', undefined, 120_000);
    await waitUntil(
      async () => {
        const [r] = (
          (await check.db.execute(
            sql`select count(*)::int as n from email_logs where template_type like 'vencimento%'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows;
        return (r?.n ?? 0) > 0;
      },
      { timeoutMs: 60_000, what: 'the reminder run to start enqueueing' },
    );

    // 1) Stopped for a while: health must say so.
    const stoppedAt = Date.now();
    pgCtlCluster('stop');
    await waitUntil(
      () => {
        alive();
        return samples.some((x) => x.kind === 'health' && x.at > stoppedAt && x.status === 503);
      },
      {
        timeoutMs: 30_000,
        what: '/api/health to answer 503 while PostgreSQL is stopped',
      },
    );
    await sleep(3000);
    const startedAt = Date.now();
    pgCtlCluster('start');
    const recovered1 = await waitUntil(
      () => {
        alive();
        const h = okAfter('health', startedAt);
        const r = okAfter('read', startedAt);
        const w = okAfter('write', startedAt);
        return h && r && w
          ? { health: h.at - startedAt, read: r.at - startedAt, write: w.at - startedAt }
          : null;
      },
      { timeoutMs: 60_000, what: 'health, a read and a write to succeed after PostgreSQL is back' },
    );
    const runAnswer = await run;

    // 2) `pg_ctlcluster … restart` under the same load.
    await sleep(2000);
    const restartedAt = Date.now();
    pgCtlCluster('restart');
    const back = Date.now();
    const recovered2 = await waitUntil(
      () => {
        alive();
        const h = okAfter('health', back);
        const r = okAfter('read', back);
        const w = okAfter('write', back);
        return h && r && w ? { health: h.at - back, read: r.at - back, write: w.at - back } : null;
      },
      { timeoutMs: 60_000, what: 'health, a read and a write to succeed after the restart' },
    );
    await sleep(1000);
    stop = true;
    await Promise.all(loops);

    // The process rode it out.
    expect(s.proc.child.exitCode).toBeNull();
    expect(s.proc.child.signalCode).toBeNull();
    expect(s.proc.output()).not.toMatch(/uncaught|unhandled/i);
    // While the database was away, answers were errors in the house shape; never a hang or a crash.
    const during = samples.filter((x) => x.at >= stoppedAt && x.at <= startedAt + recovered1.write);
    expect(samples.filter((x) => !x.shapeOk)).toEqual([]);
    expect(samples.filter((x) => x.status === null)).toEqual([]);
    const healthDuring = new Set(during.filter((x) => x.kind === 'health').map((x) => x.status));
    expect([...healthDuring].every((st) => st === 200 || st === 503)).toBe(true);
    // Reads and writes say "try again in a moment" (503), not "internal error" (500).
    expect(
      during.filter((x) => x.kind !== 'health' && x.status !== null && x.status >= 500 && x.status !== 503),
    ).toEqual([]);
    expect(during.some((x) => x.kind !== 'health' && x.status === 503)).toBe(true);

    // An admin whose run failed runs it again; every due reminder goes out exactly once.
    const again = await call<{ execucao: { enfileirados: number } }>(
      s.url,
      cookie,
      'POST',
      '/api/admin/notificacoes/executar',
    );
    expect(again?.status).toBe(200);
    const counts = async () =>
      (
        (await check.db.execute(sql`
          select (select count(*)::int from notification_history) as historico,
                 count(*)::int as emails,
                 count(*) filter (where status = 'sent')::int as enviados,
                 (select count(*)::int from email_outbox o join email_logs l on l.id = o.email_log_id
                   where l.template_type like 'vencimento%') as entregues
          from email_logs where template_type like 'vencimento%'`)) as unknown as {
          rows: { historico: number; emails: number; enviados: number; entregues: number }[];
        }
      ).rows[0]!;
    await waitUntil(async () => (await counts()).enviados === DUE, {
      timeoutMs: 120_000,
      what: `${DUE} reminders sent`,
    });
    await sleep(2000); // let a duplicate show itself
    expect(await counts()).toEqual({ historico: DUE, emails: DUE, enviados: DUE, entregues: DUE });

    // Every acknowledged write is there, and pg-boss delivered each one's e-mail after the restarts.
    const rows = (
      (await check.db.execute(sql`
        select l.codigo, count(e.id)::int as emails, count(e.id) filter (where e.status = 'sent')::int as sent
        from laudos l left join email_logs e on e.laudo_id = l.id and e.template_type = 'laudo_criado'
        where l.codigo like 'CARGA-%' group by l.codigo`)) as unknown as {
        rows: { codigo: string; emails: number; sent: number }[];
      }
    ).rows;
    const byCodigo = new Map(rows.map((r) => [r.codigo, r]));
    expect(acked.filter((c) => !byCodigo.has(c))).toEqual([]);
    await waitUntil(
      async () => {
        const [r] = (
          (await check.db.execute(
            sql`select count(*) filter (where status <> 'sent')::int as n from email_logs where template_type = 'laudo_criado'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows;
        return r?.n === 0;
      },
      { timeoutMs: 120_000, what: 'every "Novo Laudo Criado" e-mail sent' },
    );

    const statuses = (from: number, to: number, kind: Sample['kind']) => {
      const m = new Map<string, number>();
      for (const x of samples.filter((y) => y.kind === kind && y.at >= from && y.at <= to))
        m.set(String(x.status), (m.get(String(x.status)) ?? 0) + 1);
      return JSON.stringify(Object.fromEntries(m));
    };
    console.info(
      `[postgres restart] stop → start: health ok ${recovered1.health} ms, read ${recovered1.read} ms, ` +
        `write ${recovered1.write} ms after start; answers while stopped: health ${statuses(stoppedAt, startedAt, 'health')}, ` +
        `reads ${statuses(stoppedAt, startedAt, 'read')}, writes ${statuses(stoppedAt, startedAt, 'write')}; ` +
        `the cut run answered ${runAnswer?.status}. restart (took ${back - restartedAt} ms): health ok ` +
        `${recovered2.health} ms, read ${recovered2.read} ms, write ${recovered2.write} ms after; ` +
        `${acked.length} writes acknowledged, all kept; ${DUE} reminders sent once each`,
    );
    expect(await s.proc.stop('SIGTERM'), s.proc.output()).toBe(0);
  });
});
