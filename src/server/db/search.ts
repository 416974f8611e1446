/** A `LIKE`/`ILIKE` pattern matching `text` anywhere, with the user's own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
