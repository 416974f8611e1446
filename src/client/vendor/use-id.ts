/**
 * A stand-in for Mantine's `useId` (@mantine/hooks), which the build gives Mantine in its place
 * (scripts/lib/vite-lean-imports.ts). Mantine's hook returns an id made from React's `useId` and,
 * once mounted, swaps it for a random one: a state update in a layout effect, so every component
 * that names its parts by id (each input and its label, the tabs, the navigation links…) rendered a
 * second time, synchronously, in the very task of the page's first commit, which was the longest of
 * the sign-in page (docs/decisions/025). React's own id is unique within the root and stable across
 * renders, which is all an id here needs: this one keeps it. Written here; use-id.test.tsx holds it
 * to Mantine's ids, minus the second render.
 */
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
