import { Badge } from '@mantine/core';

/**
 * Active / Inactive, in words (colour is never the only signal). Dark filled shades: white text
 * on them passes WCAG AA (teal.9 5:1, gray.7 8:1) in both themes, which the light variant does not.
 * At least as wide as its word: a table's column would otherwise squeeze it to "ACT…".
 */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="filled" color={active ? 'teal.9' : 'gray.7'} miw="max-content">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
