/** A `like` pattern matching `text` anywhere, lower-cased, with its %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
