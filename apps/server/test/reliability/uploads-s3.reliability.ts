import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestBucket } from '../helpers/s3.ts';
import { waitUntil } from '../helpers/wait.ts';
import { type Cleanup, call, environment, pdfOf, signIn, startServer, upload } from './support.ts';

/**
 * SIGKILL during an upload to S3 (decision 038): the server dies with a multipart upload open in the
 * bucket (more than one 8 MiB part sent). Nothing it could abort is aborted; the sweep (the hourly
 * job's `sweep`, run here as it runs a day later) leaves no object and no open upload, and the
 * laudo, served by the restarted server, names no file.
 */
const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('SIGKILL during an upload to S3', () => {
  it('leaves no object, no open multipart upload and no row pointing to nothing', {
    timeout: 300_000,
  }, async () => {
    const bucket = await createTestBucket();
    cleanups.push(() => bucket.destroy());
    const { env } = await environment('postgres', cleanups, bucket.env);
    let s = await startServer(env, cleanups);
    const cookie = await signIn(s.url);
    const criado = await call<{ laudo: { id: string } }>(s.url, cookie, 'POST', '/api/laudos', {
      nome: 'Vaso de pressão',
      codigo: 'S3-KILL-1',
      cliente: 'ACME Ltda',
      tipo: 'NR-13',
      dataVencimento: '2031-06-30',
    });
    expect(criado?.status).toBe(201);
    const laudoId = criado!.body.laudo.id;

    // An acknowledged upload first: it must survive the kill untouched.
    const antes = pdfOf(300_000);
    expect((await upload(s.url, cookie, laudoId, 'pdf', antes, 'antes.pdf'))?.status).toBe(200);
    const [guardado] = await bucket.keys();

    // A 20 MB PDF whose body stops after 12 MiB: the server has sent its first part to the store.
    const boundary = 'laudos-s3-kill';
    const req = http.request(`${s.url}/api/laudos/${laudoId}/arquivos/pdf`, {
      method: 'POST',
      headers: {
        origin: s.url,
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(20 * 1024 * 1024 + 300),
      },
    });
    req.on('error', () => {}); // the server dies under it
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="grande.pdf"\r\n`);
    req.write('Content-Type: application/pdf\r\n\r\n');
    req.write(pdfOf(12 * 1024 * 1024));
    await waitUntil(async () => (await bucket.openUploads()) > 0, {
      timeoutMs: 60_000,
      what: 'an open multipart upload in the bucket',
    });
    await s.proc.stop('SIGKILL');
    req.destroy();

    // The kill left its traces: an open multipart upload under staging/.
    expect(await bucket.openUploads()).toBe(1);
    // The sweep, as the job runs it once the upload is a day old.
    expect(await bucket.storage.sweep(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await bucket.openUploads()).toBe(0);
    expect(await bucket.keys()).toEqual([guardado]);

    s = await startServer(env, cleanups, s.port);
    const laudo = await call<{ laudo: { arquivo_pdf: string | null } }>(
      s.url,
      cookie,
      'GET',
      `/api/laudos/${laudoId}`,
    );
    expect(laudo?.body.laudo.arquivo_pdf).toBe('antes.pdf');
    const dl = await fetch(`${s.url}/api/laudos/${laudoId}/arquivos/pdf/download`, { headers: { cookie } });
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(antes)).toBe(true);
  });
});
