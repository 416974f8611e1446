/**
 * "Late": a promised ship date has passed and something is still pending. The server decides
 * (by its own today), so the badge only shows what the API says.
 */
import { Badge } from '@mantine/core';

/** `ml`: the space before it, where it follows text on the same line (none on a line of its own). */
export function LateBadge({ lines, ml = 6 }: { lines?: number; ml?: number }) {
  if (lines === 0) return null;
  const text = lines === undefined ? 'Late' : lines === 1 ? '1 line late' : `${lines} lines late`;
  return (
    // A span: it sits inside text (a table cell, a fact of the order).
    <Badge component="span" color="red" variant="light" size="sm" tt="none" ml={ml}>
      {text}
    </Badge>
  );
}
