import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, migrationsFolder, openDatabase } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/lock.ts';
import { findPgliteTemplate } from '../src/db/pglite-template.ts';
import { pgliteTemplateFile } from '../src/db/pglite-template-key.mjs';
import { planos, usuarios } from '../src/db/schema.ts';
import { seed } from '../src/seed.ts';
import { testEngine } from './helpers/db.ts';

// A first start on the embedded database copies the packaged template (decision 017).
describe.skipIf(testEngine !== 'pglite')('PGlite template', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'laudos-pglite-tpl-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('opens a new data directory migrated, seeds it, and keeps what was written across a reopen', async () => {
    // The run's template (test/helpers/global-setup.ts), under the name the current migrations give.
    const templateDir = path.join(work, 'templates');
    cpSync(inject('pgliteTemplate'), pgliteTemplateFile(migrationsFolder, templateDir));
    const dataDir = path.join(work, 'data', 'db');
    const config = loadConfig({ DATA_DIR: path.join(work, 'data'), AUTH_SECRET: 'x'.repeat(40) });

    // As a start cut short while writing the template leaves it: the next start writes it again.
    mkdirSync(path.join(dataDir, 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, '.laudos-template-incompleto'), '');
    writeFileSync(path.join(dataDir, 'base', 'pela-metade'), 'x');

    const first = await openDatabase({ engine: 'pglite', dataDir, templateDir });
    expect(readdirSync(dataDir)).not.toContain('.laudos-template-incompleto');
    expect(existsSync(path.join(dataDir, 'base', 'pela-metade'))).toBe(false);
    try {
      // Before any migration ran in this process, every migration is already recorded.
      const applied = await first.pglite.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]?.n).toBeGreaterThan(0);
      // Sessions in UTC (a start parameter of openPglite).
      expect((await first.pglite.query<{ TimeZone: string }>('show timezone')).rows[0]?.TimeZone).toBe('UTC');
      // The lock and the migrations behave as on any data directory.
      await expect(openDatabase({ engine: 'pglite', dataDir, templateDir })).rejects.toThrow(
        DataDirLockedError,
      );
      await migrateDatabase(first);
      expect((await seed(first.db, config)).kind).toBe('created-random');
      await first.db.update(planos).set({ descricao: 'gravado antes de fechar' });
    } finally {
      await first.close();
    }

    const reopened = await openDatabase({ engine: 'pglite', dataDir, templateDir });
    try {
      await migrateDatabase(reopened);
      const [plano] = await reopened.db.select({ descricao: planos.descricao }).from(planos).limit(1);
      expect(plano?.descricao).toBe('gravado antes de fechar');
      const admins = await reopened.db.select().from(usuarios).where(eq(usuarios.tipo, 'admin'));
      expect(admins).toHaveLength(1);
      expect((await seed(reopened.db, config)).kind).toBe('existing');
      const jobs = await reopened.db.execute(sql`select to_regclass('pgboss.job') as t`);
      expect((jobs as unknown as { rows: Array<{ t: string | null }> }).rows[0]?.t).not.toBeNull();
    } finally {
      await reopened.close();
    }
  });

  it('is not used for other migrations', () => {
    const templateDir = path.join(work, 'other-templates');
    const migrations = path.join(work, 'migrations');
    cpSync(migrationsFolder, migrations, { recursive: true });
    const current = pgliteTemplateFile(migrations, templateDir);
    cpSync(inject('pgliteTemplate'), current);
    expect(findPgliteTemplate(migrations, templateDir)).toBe(current);

    // A new migration: the template built before it no longer matches.
    writeFileSync(path.join(migrations, '9999_later.sql'), 'create table later (id int);');
    expect(findPgliteTemplate(migrations, templateDir)).toBeUndefined();
    // An edited one too.
    rmSync(path.join(migrations, '9999_later.sql'));
    writeFileSync(path.join(migrations, '0000_init.sql'), '-- edited\n', { flag: 'a' });
    expect(findPgliteTemplate(migrations, templateDir)).toBeUndefined();
    expect(existsSync(current)).toBe(true);
  });
});
