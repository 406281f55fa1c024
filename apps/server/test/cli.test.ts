import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from './helpers/db.ts';
import { runCli } from './helpers/process.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const cli = runCli;

describe(`CLI (${testEngine})`, () => {
  it('migrate, then create-admin prints a temporary password once; a repeated e-mail is refused', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-cli-admin-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (testEngine === 'postgres') {
      const db = await createTestDatabase();
      await db.handle.close();
      cleanups.push(() => db.destroy());
      env.DATABASE_URL = db.connectionString!;
    }
    const migrated = await cli(['migrate'], env);
    expect(migrated.out).toContain('Migrações aplicadas.');
    expect(migrated.code).toBe(0);

    const created = await cli(
      ['create-admin', '--email', 'Chefe@Firma.com.br', '--nome', 'Chefe da Firma'],
      env,
    );
    expect(created.code).toBe(0);
    expect(created.out).toContain('Administrador criado: chefe@firma.com.br');
    expect(created.out).toMatch(/Senha temporária \(mostrada só agora\): \S{16}/);

    const again = await cli(['create-admin', '--email', 'chefe@firma.com.br', '--nome', 'Outro'], env);
    expect(again.code).toBe(1);
    expect(again.out).toContain('Já existe um usuário com este e-mail.');

    const usage = await cli(['create-admin', '--email', 'x@y.com.br'], env);
    expect(usage.code).toBe(1);
    expect(usage.out).toContain('Informe --email e --nome.');
    const unknown = await cli(['apagar-tudo'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('Comando desconhecido: apagar-tudo');
  });
});
