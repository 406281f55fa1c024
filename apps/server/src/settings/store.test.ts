import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/helpers/db.ts';
import { waitUntil } from '../../test/helpers/wait.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { openSettingsStore, readSettings, type SettingsStore } from './store.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function database(): Promise<TestDatabase> {
  const d = await createTestDatabase();
  cleanups.push(() => d.destroy());
  return d;
}

async function store(handle: DatabaseHandle, refreshMs?: number): Promise<SettingsStore> {
  const s = await openSettingsStore(handle, refreshMs ? { refreshMs } : {});
  cleanups.push(() => s.close());
  return s;
}

describe('settings store', () => {
  it('serves the stored settings frozen, and a write through it at once', async () => {
    const d = await database();
    const settings = await store(d.handle);
    const before = settings.get();
    expect(before).toEqual(await readSettings(d.handle.db));
    expect(Object.isFrozen(before.branding)).toBe(true);
    expect(() => {
      (before.branding as { companyName: string }).companyName = 'Outra';
    }).toThrow(TypeError);

    await settings.update({ ...before, branding: { ...before.branding, companyName: 'Souza & Filhos' } });
    expect(settings.get().branding.companyName).toBe('Souza & Filhos');
    expect((await readSettings(d.handle.db)).branding.companyName).toBe('Souza & Filhos');
  });

  it('a stored field that breaks a newer rule falls back alone: the rest the admin saved is kept', async () => {
    const d = await database();
    const settings = await store(d.handle);
    const saved = settings.get();
    await settings.update({ ...saved, branding: { ...saved.branding, companyName: 'Souza & Filhos' } });
    // Saved before the logo rule existed (or edited by hand): a data: URL and a broken colour.
    await d.handle.db.execute(
      sql`update app_settings set data = jsonb_set(jsonb_set(data, '{branding,logo}', '"data:image/png;base64,AAAA"'), '{branding,primaryColor}', '"azul"') where id = 1`,
    );
    const read = await readSettings(d.handle.db);
    expect(read.branding.companyName).toBe('Souza & Filhos');
    expect(read.branding.logo).toBeNull();
    expect(read.branding.primaryColor).toBe('#0BA2E9');
    expect(read.mode).toBe(saved.mode);
  });

  // PGlite is one process per data directory: there is no other instance to reach.
  if (testEngine === 'postgres')
    it('a change on one instance, or by hand, reaches another instance within the check interval', async () => {
      const d = await database();
      // A second instance: its own pool on the same database.
      const other = await openDatabase({
        engine: 'postgres',
        connectionString: d.connectionString!,
        poolSize: 1,
      });
      cleanups.push(() => other.close());
      const refreshMs = 100;
      const a = await store(d.handle, refreshMs);
      const b = await store(other, refreshMs);

      const current = a.get();
      await a.update({ ...current, mode: 'sandbox', security: { requireTwoFactorForAdmins: true } });
      const seenAt = Date.now();
      await waitUntil(() => b.get().security.requireTwoFactorForAdmins, {
        timeoutMs: 10 * refreshMs,
        intervalMs: 10,
        what: 'the other instance to see the change',
      });
      expect(b.get()).toEqual(a.get());
      expect(Date.now() - seenAt).toBeLessThan(10 * refreshMs);

      // Edited outside the product (psql): still picked up, by both.
      await d.handle.db.execute(
        sql`update app_settings set data = jsonb_set(data, '{mode}', '"production"') where id = 1`,
      );
      await waitUntil(() => a.get().mode === 'production' && b.get().mode === 'production', {
        timeoutMs: 10 * refreshMs,
        intervalMs: 10,
        what: 'both instances to see the hand edit',
      });
    });
});
