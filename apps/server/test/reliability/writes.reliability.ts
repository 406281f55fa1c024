import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/wait.ts';
import {
  type Cleanup,
  call,
  type Engine,
  environment,
  type RunningServer,
  seededRandom,
  signIn,
  sleep,
  startServer,
} from './support.ts';

/**
 * Scenario 2: eight clients create, change and delete laudos at once; the server is killed with
 * SIGKILL at a random moment, several times, and restarted on the same database. Right after each
 * kill the database must hold every acknowledged write exactly as acknowledged, and a write cut by
 * the kill either whole or not at all: a created laudo always with its "Novo Laudo Criado" e-mail
 * row and its queued job (one transaction), an update never mixing old and new fields. In the end
 * every one of those e-mails is delivered exactly once.
 */
const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const WORKERS = 8;
const TIPOS = ['NR-13', 'NR-12', 'Elevadores', 'Consultoria'];

interface Fields {
  nome: string;
  codigo: string;
  cliente: string;
  tipo: string;
  observacoes: string | null;
  email_cliente: string | null;
  data_vencimento: string | null;
}
type Laudo = Fields & { id: string; atualizado_em: string } & Record<string, unknown>;

interface Tracked {
  codigo: string;
  id: string | null;
  /** The last acknowledged state: the laudo as the API returned it, or gone. */
  acked: Laudo | 'absent';
  /** A write whose answer never came: its intended fields (`absent` for a delete). */
  cut: Fields | 'absent' | null;
}

/** Version `v` of a laudo: every field it changes derives from `v`, so a mix of two versions shows. */
function version(codigo: string, v: number): Fields {
  return {
    nome: `Vaso ${codigo} v${v}`,
    codigo,
    cliente: 'ACME Ltda',
    tipo: TIPOS[v % TIPOS.length]!,
    observacoes: `versão ${v} de ${codigo}`,
    email_cliente: `${codigo.toLowerCase()}@acme.com.br`,
    data_vencimento: new Date(Date.UTC(2027, 0, 1 + v * 3)).toISOString().slice(0, 10),
  };
}

const fieldsOf = (l: Fields): Fields => ({
  nome: l.nome,
  codigo: l.codigo,
  cliente: l.cliente,
  tipo: l.tipo,
  observacoes: l.observacoes,
  email_cliente: l.email_cliente,
  data_vencimento: l.data_vencimento,
});

/** The API object minus what depends on the clock (days left). */
const stable = (l: Laudo) => {
  const { vencimento: _v, ...rest } = l;
  return rest;
};

describe.each<[Engine, number]>([
  ['postgres', 5],
  ['pglite', 3],
])('SIGKILL during laudo writes (%s)', (engine, rounds) => {
  it('keeps every acknowledged write as acknowledged and applies a cut one wholly or not at all', {
    timeout: 600_000,
  }, async () => {
    const rnd = seededRandom();
    const ctx = `seed ${rnd.seed} (RELIABILITY_SEED=${rnd.seed} replays the operations and kill moments)`;
    const { env, open } = await environment(engine, cleanups);
    let s: RunningServer = await startServer(env, cleanups);
    const cookie = await signIn(s.url);
    const tracked: Tracked[] = [];
    const unexpected: string[] = [];
    const ops = { create: 0, update: 0, delete: 0, cut: 0 };
    const committedCuts = new Map<string, Fields>();
    let serial = 0;

    for (let round = 1; round <= rounds; round++) {
      let dead = false;
      const worker = async (w: number) => {
        while (!dead) {
          const live = tracked.filter(
            (t) => t.codigo.startsWith(`W${w}-`) && t.acked !== 'absent' && t.cut === null,
          );
          const r = rnd.next();
          if (live.length < 3 || r < 0.4) {
            const codigo = `W${w}-${++serial}`;
            const t: Tracked = { codigo, id: null, acked: 'absent', cut: version(codigo, 0) };
            tracked.push(t);
            const v = version(codigo, 0);
            const res = await call<{ laudo: Laudo }>(s.url, cookie, 'POST', '/api/laudos', {
              nome: v.nome,
              codigo,
              cliente: v.cliente,
              tipo: v.tipo,
              observacoes: v.observacoes,
              emailCliente: v.email_cliente,
              dataVencimento: v.data_vencimento,
            });
            if (!res) return;
            t.cut = null;
            if (res.status !== 201)
              unexpected.push(`create ${codigo}: ${res.status} ${JSON.stringify(res.body)}`);
            else {
              t.id = res.body.laudo.id;
              t.acked = res.body.laudo;
              ops.create += 1;
            }
          } else if (r < 0.85) {
            const t = live[Math.floor(rnd.next() * live.length)]!;
            const next = version(t.codigo, 1 + Math.floor(rnd.next() * 1000));
            t.cut = next;
            const res = await call<{ laudo: Laudo }>(s.url, cookie, 'PATCH', `/api/laudos/${t.id}`, {
              nome: next.nome,
              tipo: next.tipo,
              observacoes: next.observacoes,
              dataVencimento: next.data_vencimento,
            });
            if (!res) return;
            t.cut = null;
            if (res.status !== 200)
              unexpected.push(`update ${t.codigo}: ${res.status} ${JSON.stringify(res.body)}`);
            else {
              t.acked = res.body.laudo;
              ops.update += 1;
            }
          } else {
            const t = live[Math.floor(rnd.next() * live.length)]!;
            t.cut = 'absent';
            const res = await call(s.url, cookie, 'DELETE', `/api/laudos/${t.id}`);
            if (!res) return;
            t.cut = null;
            if (res.status !== 204)
              unexpected.push(`delete ${t.codigo}: ${res.status} ${JSON.stringify(res.body)}`);
            else {
              t.acked = 'absent';
              ops.delete += 1;
            }
          }
        }
      };
      const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
      await sleep(300 + rnd.next() * 2500);
      dead = true;
      await s.proc.stop('SIGKILL');
      await Promise.all(workers);
      ops.cut += tracked.filter((t) => t.cut !== null).length;

      // What survived the kill, read straight from the database with no server running.
      const database = await open();
      try {
        const rows = (
          (await database.db.execute(sql`
            select id, nome, codigo, cliente, tipo, observacoes, email_cliente, data_vencimento::text,
                   atualizado_em
            from laudos`)) as unknown as { rows: (Fields & { id: string; atualizado_em: Date | string })[] }
        ).rows;
        const mails = (
          (await database.db.execute(sql`
            select l.id, l.laudo_id, l.recipient_email,
                   (select count(*)::int from pgboss.job j
                     where j.name = 'email-send' and j.data->>'logId' = l.id::text) as jobs
            from email_logs l where l.template_type = 'laudo_criado'`)) as unknown as {
            rows: { id: string; laudo_id: string | null; recipient_email: string; jobs: number }[];
          }
        ).rows;
        const byCodigo = new Map(rows.map((r) => [r.codigo, r]));
        const where = (t: Tracked) => `round ${round}, ${t.codigo}, ${ctx}`;
        expect(rows.filter((r) => !tracked.some((t) => t.codigo === r.codigo))).toEqual([]);

        for (const t of tracked) {
          const row = byCodigo.get(t.codigo);
          const ackedFields = t.acked === 'absent' ? 'absent' : fieldsOf(t.acked);
          const found = row ? fieldsOf(row) : 'absent';
          const allowed = [ackedFields, ...(t.cut === null ? [] : [t.cut])];
          expect(allowed, `state is neither the acknowledged nor the cut write: ${where(t)}`).toContainEqual(
            found,
          );
          if (row && t.acked !== 'absent' && JSON.stringify(found) === JSON.stringify(ackedFields)) {
            // Exactly as acknowledged, up to the timestamp the answer carried.
            expect(new Date(row.atualizado_em).toISOString(), where(t)).toBe(
              new Date(t.acked.atualizado_em).toISOString(),
            );
          }
          // A laudo exists only with its e-mail row and that row's queued job (one transaction).
          const own = mails.filter((m) => m.recipient_email === `${t.codigo.toLowerCase()}@acme.com.br`);
          expect(own.length, `e-mail rows of ${where(t)}`).toBeLessThanOrEqual(1);
          if (row) {
            expect(
              own.map((m) => [m.laudo_id, m.jobs]),
              `e-mail of ${where(t)}`,
            ).toEqual([[row.id, 1]]);
          } else if (own.length === 1) {
            // The laudo was created, then deleted: its e-mail row stays, detached.
            expect(own[0]!.laudo_id, where(t)).toBeNull();
            expect(t.id, `e-mail without a laudo ever created: ${where(t)}`).not.toBeNull();
          }
          // The database decides what a cut write became (the API's copy is read after the restart).
          t.cut = null;
          if (!row) t.acked = 'absent';
          else if (t.acked === 'absent' || JSON.stringify(found) !== JSON.stringify(ackedFields)) {
            t.id = row.id;
            committedCuts.set(t.codigo, fieldsOf(row));
          }
        }
      } finally {
        await database.close();
      }

      s = await startServer(env, cleanups, s.port);
      // The API serves what was acknowledged, exactly.
      for (const t of tracked) {
        const committed = committedCuts.get(t.codigo);
        if ((t.acked === 'absent' && !committed) || !t.id) continue;
        const res = await call<{ laudo: Laudo }>(s.url, cookie, 'GET', `/api/laudos/${t.id}`);
        expect(res?.status, `${t.codigo}, ${ctx}`).toBe(200);
        const served = res!.body.laudo;
        if (committed) expect(fieldsOf(served)).toEqual(committed);
        else if (t.acked !== 'absent') expect(stable(served)).toEqual(stable(t.acked));
        t.acked = served; // a cut write that committed is now simply the state
      }
      committedCuts.clear();
    }

    // Every "Novo Laudo Criado" committed with a laudo goes out exactly once, despite the kills.
    const created = await waitUntil(
      async () => {
        const r = await call<{ total: number; sent: number; failed: number }>(
          s.url,
          cookie,
          'GET',
          '/api/admin/email/estatisticas',
        );
        return r && r.body.total > 0 && r.body.sent + r.body.failed === r.body.total ? r.body : null;
      },
      { timeoutMs: 120_000, what: 'every e-mail settled' },
    );
    expect(created.failed).toBe(0);
    expect(await s.proc.stop('SIGTERM'), s.proc.output()).toBe(0);
    const database = await open();
    try {
      const [counts] = (
        (await database.db.execute(sql`
          select count(*)::int as logs,
                 count(*) filter (where status = 'sent')::int as sent,
                 (select count(*)::int from email_outbox) as outbox,
                 (select count(distinct email_log_id)::int from email_outbox) as distinct_outbox
          from email_logs`)) as unknown as {
          rows: { logs: number; sent: number; outbox: number; distinct_outbox: number }[];
        }
      ).rows;
      expect(counts).toEqual({
        logs: created.total,
        sent: created.total,
        outbox: created.total,
        distinct_outbox: created.total,
      });
    } finally {
      await database.close();
    }
    expect(unexpected, ctx).toEqual([]);
    console.info(
      `[writes ${engine}] ${ctx}: ${rounds} kills; acknowledged ${ops.create} creates, ${ops.update} updates, ` +
        `${ops.delete} deletes; ${ops.cut} writes cut by a kill; ${created.total} e-mails, each delivered once`,
    );
  });
});
