// Prints one closing line over every suite of `npm test`: "N passed, N failed".
// Reads the JSON reports vitest and Playwright write when CI is set.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const unit = 'test-results/unit.json';
if (existsSync(unit)) {
  const r = JSON.parse(readFileSync(unit, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
// One report per Playwright process (scripts/e2e.mjs): e2e-desktop.json, e2e-celular.json.
const e2eReports = existsSync('test-results')
  ? readdirSync('test-results').filter((f) => /^e2e(-[\w-]+)?\.json$/.test(f))
  : [];
for (const e2e of e2eReports) {
  const r = JSON.parse(readFileSync(`test-results/${e2e}`, 'utf8'));
  passed += r.stats?.expected ?? 0;
  failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0);
  skipped += r.stats?.skipped ?? 0;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
