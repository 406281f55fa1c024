// Plain JavaScript so that `scripts/ensure-pglite-template.mjs` can tell, without tsx, whether the
// template for the current migrations already exists (that check runs before every `npm start`).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Bumped when what the template holds changes without a migration or a version changing (the
 * options it is built with, what is created besides the migrations).
 */
const TEMPLATE_FORMAT = 1;

const require = createRequire(import.meta.url);

/** The `version` of an installed package (PGlite does not export its package.json). */
function packageVersion(name) {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (pkg.name === name) return pkg.version;
    } catch {
      // no package.json at this level
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json of ${name} not found`);
    dir = parent;
  }
}

/**
 * A hash of everything an empty, migrated PGlite data directory depends on: the migrations (their
 * SQL and the journal drizzle applies them by), PGlite's version (the data directory's format) and
 * pg-boss's (its schema is in the template too).
 */
export function pgliteTemplateKey(migrationsFolder) {
  const hash = createHash('sha256');
  hash.update(`format ${TEMPLATE_FORMAT}\n`);
  hash.update(`pglite ${packageVersion('@electric-sql/pglite')}\n`);
  hash.update(`pg-boss ${packageVersion('pg-boss')}\n`);
  const files = [
    'meta/_journal.json',
    ...readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort(),
  ];
  for (const f of files) {
    hash.update(`${f}\n`);
    hash.update(readFileSync(path.join(migrationsFolder, f)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the templates live: beside the migrations folder, git-ignored. */
export function pgliteTemplateDir(migrationsFolder) {
  return path.join(migrationsFolder, '..', '.pglite-template');
}

/** The template file for the current migrations (it may not exist yet). */
export function pgliteTemplateFile(migrationsFolder, templateDir = pgliteTemplateDir(migrationsFolder)) {
  return path.join(templateDir, `empty-${pgliteTemplateKey(migrationsFolder)}.tar`);
}
