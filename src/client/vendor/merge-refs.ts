/**
 * A stand-in for `useMergeRefs` of @floating-ui/react, the only thing Mantine's ScrollArea imports
 * from that package: the build gives ScrollArea this module in its place
 * (scripts/lib/vite-lean-imports.ts), so that a page with a table or a scroll box does not load
 * floating-ui, which only menus, popovers and selects use. Written here; merge-refs.test.tsx holds
 * it to the package's hook, ref by ref.
 */
import { useMemo, useRef, type Ref, type RefCallback } from 'react';
import { setRef } from '../lib/set-ref';

/** One ref callback that hands the node to every ref of `refs`; null when there are none. */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>): RefCallback<T> | null {
  const detach = useRef<(() => void) | undefined>(undefined);
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (node: T | null) => {
      detach.current?.();
      detach.current = undefined;
      if (node === null) return;
      const undo = refs.map((ref) => setRef(ref, node));
      detach.current = () => undo.forEach((take) => take());
    };
    // The refs are the dependencies, each compared as a hook's dependency is: a new ref (an inline
    // callback) means attaching afresh, an unchanged list keeps the same callback.
    // eslint-disable-next-line react-hooks/use-memo, react-hooks/exhaustive-deps
  }, refs);
}
