import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { pastaTemporaria } from '../helpers/pasta.ts';
import { runCli } from '../helpers/process.ts';
import { createTestBucket } from '../helpers/s3.ts';
import { waitUntil } from '../helpers/wait.ts';
import type { Cleanup } from './support.ts';

/**
 * `storage:migrate --to s3` on 1,000 files (issue 21, decision 038): the CLI is killed (SIGKILL)
 * about halfway and run again. Every file then reads back from the bucket (Swift) with the
 * original's SHA-256, the bucket holds exactly the disk's keys (nothing doubled, nothing staged,
 * no open multipart upload), and the re-run says how many were already there. The command reads
 * no database: one run, not one per engine.
 */
const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const ARQUIVOS = 1000;

describe('storage:migrate at 1,000 files', () => {
  it('interrupted halfway and run again: every file readable, checksums equal, nothing doubled', {
    timeout: 480_000,
  }, async () => {
    const t0 = Date.now();
    const dataDir = pastaTemporaria('migrar-mil', cleanups);
    const bucket = await createTestBucket();
    // Its own bucket, left with its thousand objects (deleting them one by one took ~30 s): the
    // run's Swift and its folder go at the end of the run (global-setup.ts).
    cleanups.push(() => {
      bucket.storage.close();
      rmSync(bucket.tempDir, { recursive: true, force: true });
    });

    // 1,000 small files as the server stores them (laudo PDFs and spreadsheets, blog covers), written
    // straight to disk; plus what is not a file yet: a staged upload and a save's temp file.
    const raiz = path.join(dataDir, 'storage', 'laudos');
    const originais = new Map<string, string>(); // key → sha256
    for (let i = 0; i < ARQUIVOS; i++) {
      const chave =
        i % 100 === 0
          ? `blog/${randomUUID()}/capa-${randomUUID()}.webp`
          : `${randomUUID()}/${i % 2 ? 'pdf' : 'excel'}-${randomUUID()}.${i % 2 ? 'pdf' : 'xlsx'}`;
      const conteudo = randomBytes(512 + ((i * 37) % 4096));
      mkdirSync(path.dirname(path.join(raiz, chave)), { recursive: true });
      writeFileSync(path.join(raiz, chave), conteudo);
      originais.set(chave, createHash('sha256').update(conteudo).digest('hex'));
    }
    mkdirSync(path.join(raiz, 'staging', 'l1'), { recursive: true });
    writeFileSync(path.join(raiz, 'staging', 'l1', 'pdf-em-envio.pdf'), 'meio upload');
    writeFileSync(path.join(path.dirname(path.join(raiz, [...originais.keys()][1]!)), '.x.tmp'), 'temp');
    const env = { DATA_DIR: dataDir, ...bucket.env };

    // First run, killed once about half the files are in the bucket.
    const primeira = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'storage:migrate', '--to', 's3'],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: 'ignore',
      },
    );
    const saiu = new Promise<NodeJS.Signals | null>((resolve) =>
      primeira.on('exit', (_c, sinal) => resolve(sinal)),
    );
    cleanups.push(() => {
      primeira.kill('SIGKILL');
    });
    const noBucket = async () =>
      (await bucket.storage.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket, MaxKeys: 1000 })))
        .KeyCount ?? 0;
    await waitUntil(async () => (await noBucket()) >= ARQUIVOS / 2, {
      timeoutMs: 240_000,
      intervalMs: 50,
      what: 'half the files in the bucket',
    });
    primeira.kill('SIGKILL');
    expect(await saiu).toBe('SIGKILL');
    const antes = (await bucket.keys()).length;
    expect(antes).toBeGreaterThanOrEqual(ARQUIVOS / 2);
    expect(antes).toBeLessThan(ARQUIVOS);
    const interrompido = ((Date.now() - t0) / 1000).toFixed(1);

    // The re-run copies the rest and finds the others already there (the one being written at the
    // kill, if any, is either whole in the bucket or absent: a PUT is atomic).
    const segunda = await runCli(['storage:migrate', '--to', 's3'], env);
    expect(segunda.code, segunda.out).toBe(0);
    const m = segunda.out.match(
      /(\d+) arquivo\(s\) no disco: (\d+) copiado\(s\) e conferido\(s\), (\d+) já estava\(m\) no bucket\./,
    );
    expect(m, segunda.out).not.toBeNull();
    const [total, copiados, jaEstavam] = [Number(m![1]), Number(m![2]), Number(m![3])];
    expect(total).toBe(ARQUIVOS);
    expect(copiados + jaEstavam).toBe(ARQUIVOS);
    // A PUT already sent whole when the process died may still land just after the listing above.
    expect(jaEstavam).toBeGreaterThanOrEqual(antes);
    expect(jaEstavam).toBeLessThanOrEqual(antes + 8); // the files migrated at once

    // Exactly the disk's keys, once each; no staged upload, no temp file, no open multipart upload.
    expect(await bucket.keys()).toEqual([...originais.keys()].sort());
    expect(await bucket.openUploads()).toBe(0);
    // Every file reads back from the bucket with the original's SHA-256.
    const diferentes: string[] = [];
    const fila = [...originais];
    const ler = async () => {
      for (let item = fila.pop(); item; item = fila.pop()) {
        const [chave, sha] = item;
        const { stream } = await bucket.storage.open(chave);
        const hash = createHash('sha256');
        for await (const c of stream) hash.update(c as Buffer);
        if (hash.digest('hex') !== sha) diferentes.push(chave);
      }
    };
    await Promise.all([ler(), ler(), ler(), ler()]);
    expect(diferentes).toEqual([]);
    console.log(
      `storage:migrate (${ARQUIVOS} arquivos): killed at ${antes} in the bucket after ${interrompido} s; re-run copied ${copiados}; total ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  });
});
