import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../helpers/db.ts';
import { startSmtpPeer } from '../helpers/mail-peers.ts';
import { runCli } from '../helpers/process.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const cli = runCli;

async function databaseEnv(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-cli-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (testEngine === 'pglite') return { DATA_DIR: dataDir };
  const db = await createTestDatabase();
  await db.handle.close();
  cleanups.push(() => db.destroy());
  return { DATA_DIR: dataDir, DATABASE_URL: db.connectionString! };
}

describe('e-mail CLI', () => {
  it('email:test delivers a rendered message through SMTP and prints the outcome', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.close());
    const env = { ...(await databaseEnv()), EMAIL_TRANSPORT: 'smtp', SMTP_URL: peer.url };
    const result = await cli(
      ['email:test', '--to', 'gestor@cliente.com.br', '--template', 'vencimento_1'],
      env,
    );
    expect(result.out).toContain('Enviado via smtp para gestor@cliente.com.br (template vencimento_1)');
    expect(result.code).toBe(0);
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]?.subject).toBe('🔴 CRÍTICO: Laudo vence AMANHÃ: Caldeira 01');
    expect(peer.received[0]?.html).toContain('max-width:600px');

    const outbox = await cli(['email:outbox'], env);
    expect(outbox.out).toContain('O outbox está vazio.');
  });

  it('reports a failed send with its reason and a non-zero exit', async () => {
    const peer = await startSmtpPeer({ reject: () => ({ code: 550, message: 'Usuário desconhecido' }) });
    cleanups.push(() => peer.close());
    const env = { ...(await databaseEnv()), EMAIL_TRANSPORT: 'smtp', SMTP_URL: peer.url };
    const result = await cli(['email:test', '--to', 'ninguem@cliente.com.br'], env);
    expect(result.code).toBe(1);
    expect(result.out).toContain('Falha no envio via smtp');
    expect(result.out).toContain('Usuário desconhecido');
  });

  it('email:outbox lists what the outbox transport kept; logs:cleanup validates its argument', async () => {
    const env = await databaseEnv();
    expect(
      (await cli(['email:test', '--to', 'gestor@cliente.com.br', '--template', 'boas_vindas'], env)).code,
    ).toBe(0);
    const listed = await cli(['email:outbox', '--limit', '5'], env);
    expect(listed.out).toContain('gestor@cliente.com.br');
    expect(listed.out).toContain('Bem-vindo(a) ao portal de laudos');
    const bad = await cli(['logs:cleanup', '--days', 'zero'], env);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('--days deve ser um número inteiro');
    const ok = await cli(['logs:cleanup', '--days', '30'], env);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('Removidos: 0 logs de e-mail');
  });
});
