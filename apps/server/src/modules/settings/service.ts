/**
 * The settings live in the settings store (settings/store.ts, on `app.ctx.settings`): read them
 * there and write them through `store.update`. `getSettings` reads the database directly, for code
 * that has no store yet.
 */
export { readSettings as getSettings, seedSettings } from '../../settings/store.ts';
