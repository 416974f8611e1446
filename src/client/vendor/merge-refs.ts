/**
 * A stand-in for `useMergeRefs` of @floating-ui/react, the only thing Mantine's ScrollArea imports
 * from that package: the build gives ScrollArea this module in its place
 * (scripts/lib/vite-lean-mantine.ts), so that a page with a table or a scroll box does not load
 * floating-ui, which only menus, popovers and selects use. Written here; merge-refs.test.tsx holds
 * it to the package's hook, ref by ref.
 */
import { useMemo, useRef, type Ref, type RefCallback } from 'react';

/** Gives `node` to `ref`; the function returned takes it back. */
function attach<T>(ref: Ref<T> | undefined, node: T): () => void {
  if (ref == null) return () => {};
  if (typeof ref === 'function') {
    // A React 19 ref callback may return its own cleanup; the others are called with null.
    const cleanup = ref(node);
    return typeof cleanup === 'function' ? cleanup : () => void ref(null);
  }
  ref.current = node;
  return () => {
    ref.current = null;
  };
}

/** One ref callback that hands the node to every ref of `refs`; null when there are none. */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>): RefCallback<T> | null {
  const detach = useRef<(() => void) | undefined>(undefined);
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (node: T | null) => {
      detach.current?.();
      detach.current = undefined;
      if (node === null) return;
      const undo = refs.map((ref) => attach(ref, node));
      detach.current = () => undo.forEach((take) => take());
    };
    // The refs are the dependencies, each compared as a hook's dependency is: a new ref (an inline
    // callback) means attaching afresh, an unchanged list keeps the same callback.
    // eslint-disable-next-line react-hooks/use-memo, react-hooks/exhaustive-deps
  }, refs);
}
