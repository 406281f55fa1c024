import path from 'node:path';

/** The repository's root and the admin every benchmark's server is started with (support/launch.ts). */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH_ADMIN = { email: 'admin@bench.laudos.test', password: 'senha-admin-bench' };
