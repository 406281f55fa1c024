import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isNotNull, or } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { laudos } from '../../src/db/schema.ts';
import {
  type Cleanup,
  call,
  download,
  type Engine,
  environment,
  pdfOf,
  type RunningServer,
  seededRandom,
  sha256,
  signIn,
  sleep,
  startServer,
  upload,
  xlsOf,
} from './support.ts';

/**
 * Scenario 1: a client uploads many laudo files (PDF and legacy XLS, from a few KB to 9 MB) six at
 * a time; the server is killed with SIGKILL at a random moment, several times, and restarted on the
 * same database and data directory. Every acknowledged upload must download byte-identical, no
 * laudo may reference a missing or truncated file, and an upload cut by the kill is either wholly
 * there (it committed just before the kill) or not there at all.
 */
const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const LAUDOS = 12;
const WORKERS = 6;
const ROUNDS = 4;

interface Version {
  sha256: string;
  bytes: number;
}
interface Slot {
  laudoId: string;
  tipo: 'pdf' | 'excel';
  /** The content of the last upload answered with 200. */
  acked: Version | null;
  /** An upload whose answer never came (the server died): it may or may not have committed. */
  cut: Version | null;
}

/** Temp files (`.<name>.<uuid>.tmp`) and stored files under DATA_DIR/storage/laudos. */
function filesOnDisk(root: string): { temp: string[]; stored: Map<string, number> } {
  const temp: string[] = [];
  const stored = new Map<string, number>();
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of entries) {
      const full = path.join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else if (name.startsWith('.') && name.endsWith('.tmp')) temp.push(full);
      else stored.set(path.relative(root, full), st.size);
    }
  };
  walk(root);
  return { temp, stored };
}

describe.each<Engine>(['postgres', 'pglite'])('SIGKILL during uploads (%s)', (engine) => {
  it('keeps every acknowledged file byte-identical and references nothing half-written', {
    timeout: 600_000,
  }, async () => {
    const rnd = seededRandom();
    const ctx = `seed ${rnd.seed} (RELIABILITY_SEED=${rnd.seed} replays the sizes and kill moments)`;
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd.next() * xs.length)]!;
    const size = () => {
      const r = rnd.next();
      if (r < 0.25) return 1024 + Math.floor(rnd.next() * 100_000); // a few KB
      if (r < 0.65) return 100_000 + Math.floor(rnd.next() * 1_900_000); // up to 2 MB
      return 3_000_000 + Math.floor(rnd.next() * 6_000_000); // several MB
    };

    const { env, open, dataDir } = await environment(engine, cleanups);
    const storageRoot = path.join(dataDir, 'storage', 'laudos');
    let s: RunningServer = await startServer(env, cleanups);
    const cookie = await signIn(s.url);

    const slots: Slot[] = [];
    for (let i = 0; i < LAUDOS; i++) {
      const res = await call<{ laudo: { id: string } }>(s.url, cookie, 'POST', '/api/laudos', {
        nome: `Caldeira ${i}`,
        codigo: `UP-${engine}-${i}`,
        cliente: 'ACME Ltda',
        tipo: 'NR-13',
        dataVencimento: '2031-06-30',
      });
      expect(res?.status).toBe(201);
      for (const tipo of ['pdf', 'excel'] as const)
        slots.push({ laudoId: res!.body.laudo.id, tipo, acked: null, cut: null });
    }

    const unexpected: string[] = [];
    const totals = { acked: 0, ackedBytes: 0, cut: 0, tempAfterKill: 0, tempCleanedAtStart: 0 };

    for (let round = 1; round <= ROUNDS; round++) {
      let dead = false;
      // Each worker owns its slots: one upload at a time per (laudo, type), so the outcome of a cut
      // upload is either the last acknowledged content or its own.
      const worker = async (w: number) => {
        const mine = slots.filter((_, i) => i % WORKERS === w);
        while (!dead) {
          const slot = pick(mine);
          const content = slot.tipo === 'pdf' ? pdfOf(size()) : xlsOf(size());
          const version = { sha256: sha256(content), bytes: content.length };
          const name = slot.tipo === 'pdf' ? 'laudo.pdf' : 'planilha.xls';
          slot.cut = version;
          const res = await upload(s.url, cookie, slot.laudoId, slot.tipo, content, name);
          if (!res) return; // the server died with this upload in flight: `cut` stays set
          slot.cut = null;
          if (res.status === 200) {
            slot.acked = version;
            totals.acked += 1;
            totals.ackedBytes += version.bytes;
          } else {
            // The server's own account of it (its error log line), so a failure in CI can be read.
            const logged = s.proc
              .output()
              .split('\n')
              .filter((l) => /"level":(50|60)/.test(l))
              .slice(-2)
              .join('\n');
            unexpected.push(
              `round ${round}: upload answered ${res.status} ${JSON.stringify(res.body)}\n${logged}`,
            );
          }
        }
      };
      const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
      // A random moment: early (the first uploads still streaming) up to several seconds in.
      await sleep(200 + rnd.next() * 3500);
      dead = true;
      await s.proc.stop('SIGKILL');
      await Promise.all(workers);
      totals.cut += slots.filter((x) => x.cut).length;
      const afterKill = filesOnDisk(storageRoot).temp.length;
      totals.tempAfterKill = afterKill;

      s = await startServer(env, cleanups, s.port);
      // Does the server sweep temp files at start? (It is measured and reported, not required.)
      totals.tempCleanedAtStart += afterKill - filesOnDisk(storageRoot).temp.length;

      for (const slot of slots) {
        const d = await download(s.url, cookie, slot.laudoId, slot.tipo);
        const allowed = [slot.acked, slot.cut].filter((v): v is Version => v !== null);
        const where = `round ${round}, laudo ${slot.laudoId} ${slot.tipo}, ${ctx}`;
        if (d.status === 404) {
          // Nothing there is right only if nothing was ever acknowledged for this slot.
          expect(slot.acked, `acknowledged file missing: ${where}`).toBeNull();
          slot.cut = null;
          continue;
        }
        expect(d.status, where).toBe(200);
        const match = allowed.find((v) => v.sha256 === d.sha256);
        expect(match, `content is neither the acknowledged nor the cut upload: ${where}`).toBeDefined();
        expect(d.bytes, where).toBe(match!.bytes);
        expect(d.contentLength, where).toBe(match!.bytes);
        // A cut upload that committed before the kill is now simply the file.
        slot.acked = match!;
        slot.cut = null;
      }
    }

    // After the last round the laudos still take new files.
    for (const slot of slots.slice(0, 4)) {
      const content = slot.tipo === 'pdf' ? pdfOf(50_000) : xlsOf(50_000);
      const res = await upload(s.url, cookie, slot.laudoId, slot.tipo, content, 'de-novo.bin');
      expect(res?.status).toBe(200);
      slot.acked = { sha256: sha256(content), bytes: content.length };
      const d = await download(s.url, cookie, slot.laudoId, slot.tipo);
      expect(d.sha256).toBe(slot.acked.sha256);
    }

    // What the database references is on disk, whole; what is on disk beyond that is litter.
    expect(await s.proc.stop('SIGTERM'), s.proc.output()).toBe(0);
    const database = await open();
    const rows = await database.db
      .select({ pdf: laudos.arquivoPdf, excel: laudos.arquivoExcel })
      .from(laudos)
      .where(or(isNotNull(laudos.arquivoPdf), isNotNull(laudos.arquivoExcel)));
    await database.close();
    const referenced = rows.flatMap((r) => [r.pdf, r.excel]).filter((k): k is string => Boolean(k));
    const disk = filesOnDisk(storageRoot);
    const ackedSizes = new Set(slots.map((x) => x.acked?.bytes));
    for (const key of referenced) {
      expect(disk.stored.has(key), `referenced file missing on disk: ${key}`).toBe(true);
      expect(ackedSizes.has(disk.stored.get(key)), `referenced file of unexpected size: ${key}`).toBe(true);
      expect(path.basename(key).startsWith('.')).toBe(false);
    }
    expect(referenced.length).toBe(slots.filter((x) => x.acked).length);
    const orphans = [...disk.stored.keys()].filter((k) => !referenced.includes(k));
    expect(unexpected, ctx).toEqual([]);

    console.info(
      `[uploads ${engine}] ${ctx}: ${ROUNDS} kills; ${totals.acked} uploads acknowledged ` +
        `(${(totals.ackedBytes / 1e6).toFixed(0)} MB); ${totals.cut} cut by a kill; temp files on disk after ` +
        `the last kill: ${totals.tempAfterKill}, removed by the restarts: ${totals.tempCleanedAtStart}; at the ` +
        `end: ${disk.temp.length} temp and ${orphans.length} unreferenced (orphan) files`,
    );
  });
});

describe('SIGTERM during uploads (postgres)', () => {
  it('lets the uploads in flight finish and be stored, then exits cleanly', {
    timeout: 180_000,
  }, async () => {
    const { env } = await environment('postgres', cleanups);
    let s = await startServer(env, cleanups);
    const cookie = await signIn(s.url);
    const files = [pdfOf(6_000_000), pdfOf(3_000_000), xlsOf(4_000_000)];
    const ids: string[] = [];
    for (const i of files.keys()) {
      const res = await call<{ laudo: { id: string } }>(s.url, cookie, 'POST', '/api/laudos', {
        nome: `Compressor ${i}`,
        codigo: `TERM-${i}`,
        cliente: 'ACME Ltda',
        tipo: 'NR-13',
      });
      ids.push(res!.body.laudo.id);
    }
    // Each body is sent in two halves; SIGTERM arrives between them, while the server is reading.
    let releaseRest!: () => void;
    const rest = new Promise<void>((r) => {
      releaseRest = r;
    });
    const halfSent: Promise<void>[] = [];
    const uploads = files.map((content, i) => {
      const boundary = `----confiabilidade${i}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="laudo-${i}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const whole = Buffer.concat([head, content, tail]);
      const middle = Math.floor(whole.length / 2);
      let sentHalf!: () => void;
      halfSent.push(
        new Promise((r) => {
          sentHalf = r;
        }),
      );
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new Uint8Array(whole.subarray(0, middle)));
          sentHalf();
          await rest;
          controller.enqueue(new Uint8Array(whole.subarray(middle)));
          controller.close();
        },
      });
      const tipo = i === 2 ? 'excel' : 'pdf';
      return fetch(`${s.url}/api/laudos/${ids[i]}/arquivos/${tipo}`, {
        method: 'POST',
        headers: {
          origin: s.url,
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(whole.length),
        },
        body,
        duplex: 'half',
      } as RequestInit).then((r) => r.status);
    });
    await Promise.all(halfSent);
    await sleep(300); // the halves reach the server
    const exited = s.proc.stop('SIGTERM');
    await sleep(300);
    releaseRest();
    expect(await Promise.all(uploads)).toEqual([200, 200, 200]);
    expect(await exited, s.proc.output()).toBe(0);

    s = await startServer(env, cleanups, s.port);
    for (const [i, content] of files.entries()) {
      const d = await download(s.url, cookie, ids[i]!, i === 2 ? 'excel' : 'pdf');
      expect(d.sha256).toBe(sha256(content));
    }
  });
});
