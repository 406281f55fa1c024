import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server.ts';

const FILE = path.join(ROOT, 'docs', 'benchmarks.md');

const HEADER = `# Benchmarks

Figures measured by the scripts in \`bench/\` (see bench/README.md). Each section says the machine,
the date and the command that produced it; compare ratios within one run, not absolute numbers
between machines.
`;

/** "Intel Xeon … × 2 cores, 7.8 GB RAM, Linux 6.1, Node v20.20.2" */
export function machine(): string {
  const cpus = os.cpus();
  const gb = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus[0]?.model.trim() ?? 'CPU'} × ${cpus.length} núcleos, ${gb} GB de RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

const PREVIOUS_START = '<details><summary>Medição anterior (a que esta substituiu)</summary>';
const PREVIOUS_END = '</details>';

/**
 * Writes one section of docs/benchmarks.md, between its markers, leaving the others as they are.
 * The section's previous figures stay below the new ones, folded (only the latest previous run),
 * so a change's before and after are read side by side in one place.
 */
export function writeSection(id: string, markdown: string): void {
  const start = `<!-- ${id}:start -->`;
  const end = `<!-- ${id}:end -->`;
  let text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const previous = from >= 0 && to > from ? withoutPrevious(text.slice(from + start.length, to)) : '';
  const folded = previous
    ? `\n\n${PREVIOUS_START}\n\n${previous.replace(/^## /gm, '#### ')}\n\n${PREVIOUS_END}`
    : '';
  const block = `${start}\n${markdown.trim()}${folded}\n${end}`;
  if (from >= 0 && to > from) text = text.slice(0, from) + block + text.slice(to + end.length);
  else text = `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, text.endsWith('\n') ? text : `${text}\n`);
}

/** A section's own figures, without the previous run it carried. */
function withoutPrevious(section: string): string {
  const at = section.indexOf(PREVIOUS_START);
  return (at >= 0 ? section.slice(0, at) : section).trim();
}

/** Puts the sections of docs/benchmarks.md in the given order (others keep theirs, after these). */
export function orderSections(ids: string[]): void {
  if (!existsSync(FILE)) return;
  const text = readFileSync(FILE, 'utf8');
  const blocks = new Map<string, string>();
  const pattern = /<!-- ([\w-]+):start -->[\s\S]*?<!-- \1:end -->/g;
  for (const m of text.matchAll(pattern)) blocks.set(m[1]!, m[0]);
  const first = text.search(/<!-- [\w-]+:start -->/);
  if (first < 0) return;
  const ordered = [
    ...ids.filter((id) => blocks.has(id)),
    ...[...blocks.keys()].filter((id) => !ids.includes(id)),
  ];
  const body = ordered.map((id) => blocks.get(id)!).join('\n\n');
  writeFileSync(FILE, `${text.slice(0, first).trimEnd()}\n\n${body}\n`);
}
