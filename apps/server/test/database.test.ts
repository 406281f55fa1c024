import { asc, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase } from '../src/db/client.ts';
import { appSettings, planos, usuarios } from '../src/db/schema.ts';
import { seed } from '../src/seed.ts';
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from './helpers/db.ts';

const specTables = [
  'usuarios',
  'planos',
  'laudos',
  'email_logs',
  'notification_logs',
  'notification_history',
  'notification_rules',
  'email_templates',
  'app_settings',
];

let current: TestDatabase | undefined;
afterEach(async () => {
  await current?.destroy();
  current = undefined;
});

async function rows<T>(db: TestDatabase, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe('migrations', () => {
  it('apply from an empty database and create every table of the spec', async () => {
    current = await createEmptyDatabase();
    await migrateDatabase(current.handle);
    const tables = await rows<{ table_name: string }>(
      current,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = tables.map((t) => t.table_name);
    for (const table of specTables) expect(names).toContain(table);
    // Applying again is a no-op.
    await migrateDatabase(current.handle);
  });

  it('keeps data_vencimento a calendar date, with indexes for expiry and client lookups', async () => {
    current = await createTestDatabase();
    const [column] = await rows<{ data_type: string }>(
      current,
      sql`select data_type from information_schema.columns where table_name = 'laudos' and column_name = 'data_vencimento'`,
    );
    expect(column?.data_type).toBe('date');
    const indexes = await rows<{ indexdef: string }>(
      current,
      sql`select indexdef from pg_indexes where tablename = 'laudos'`,
    );
    const defs = indexes.map((i) => i.indexdef).join('\n');
    expect(defs).toMatch(/\(data_vencimento\)/);
    expect(defs).toMatch(/lower\(btrim\(cliente\)\)/);
    expect(defs).toMatch(/lower\(btrim\(email_cliente\)\)/);
    expect(defs).toMatch(/UNIQUE INDEX laudos_codigo_uq/);
  });

  it('returns a date column as the same calendar day string, whatever the time zone', async () => {
    current = await createTestDatabase();
    const [row] = await rows<{ d: string }>(current, sql`select ${'2026-12-31'}::date::text as d`);
    expect(row?.d).toBe('2026-12-31');
  });
});

describe('seed', () => {
  const config = loadConfig({ DATA_DIR: '/tmp/laudos-seed-unused', AUTH_SECRET: 'x'.repeat(40) });

  it('run twice leaves the same rows', async () => {
    current = await createTestDatabase();
    const db = current.handle.db;
    const first = await seed(db, config);
    expect(first.kind).toBe('created-random');
    const snapshot = async () => ({
      planos: await db.select().from(planos).orderBy(asc(planos.nome)),
      settings: await db.select().from(appSettings),
      usuarios: await db.select().from(usuarios).orderBy(asc(usuarios.email)),
    });
    const before = await snapshot();
    const second = await seed(db, config);
    expect(second.kind).toBe('existing');
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(before.planos.map((p) => p.nome)).toEqual(['Básico', 'Empresarial', 'Profissional']);
    expect(before.planos.filter((p) => p.padrao)).toHaveLength(1);
    expect(before.usuarios).toHaveLength(1);
    expect(before.usuarios[0]).toMatchObject({
      tipo: 'admin',
      email: 'admin@laudos.local',
      primeiroAcesso: true,
    });
  });

  it('stores the settings defaults of the spec', async () => {
    current = await createTestDatabase();
    await seed(current.handle.db, config);
    const [row] = await current.handle.db.select().from(appSettings);
    expect(row?.data).toMatchObject({
      mode: 'production',
      notifications: { email: true, whatsapp: true, sms: false },
      branding: { primaryColor: '#0BA2E9' },
      limits: { maxFileSizeMb: 25, maxLaudosPerClient: 100, maxUsers: 50 },
    });
  });

  it('creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD, storing only a hash', async () => {
    current = await createTestDatabase();
    const fromEnv = loadConfig({
      DATA_DIR: '/tmp/laudos-seed-unused',
      AUTH_SECRET: 'x'.repeat(40),
      ADMIN_EMAIL: 'Dona.Firma@Exemplo.com.br',
      ADMIN_PASSWORD: 'senha-forte-123',
    });
    const result = await seed(current.handle.db, fromEnv);
    expect(result).toEqual({ kind: 'created-from-env', email: 'dona.firma@exemplo.com.br' });
    const passwords = await rows<{ password: string }>(current, sql`select password from auth_account`);
    expect(passwords).toHaveLength(1);
    expect(passwords[0]?.password).not.toContain('senha-forte-123');
    const [admin] = await current.handle.db.select().from(usuarios);
    expect(admin).toMatchObject({ tipo: 'admin', primeiroAcesso: false });
  });
});
