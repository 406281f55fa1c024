import { type AppSettings, appSettingsSchema, defaultAppSettings } from '@laudos/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';

/** Reads the settings; anything missing or from an older version is filled with the defaults. */
export async function getSettings(db: DbOrTx): Promise<AppSettings> {
  const [row] = await db
    .select({ data: appSettings.data })
    .from(appSettings)
    .where(eq(appSettings.id, 1))
    .limit(1);
  if (!row) return defaultAppSettings;
  const parsed = appSettingsSchema.safeParse(row.data);
  // A stored document that no longer validates (edited by hand) must not take the product down.
  return parsed.success ? parsed.data : appSettingsSchema.parse({});
}

/** Creates the settings row with the defaults; never overwrites an existing one. */
export async function seedSettings(db: DbOrTx): Promise<void> {
  await db.insert(appSettings).values({ id: 1, data: defaultAppSettings }).onConflictDoNothing();
}

export async function updateSettings(db: DbOrTx, next: AppSettings): Promise<AppSettings> {
  const data = appSettingsSchema.parse(next);
  await db
    .insert(appSettings)
    .values({ id: 1, data })
    .onConflictDoUpdate({ target: appSettings.id, set: { data, updatedAt: sql`now()` } });
  return data;
}
