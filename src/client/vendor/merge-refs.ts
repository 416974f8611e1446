/**
 * `useMergeRefs` of @floating-ui/react 0.27 (MIT), Mantine's ScrollArea's only import from that
 * package: the build gives ScrollArea this module in its place (scripts/lib/vite-lean-mantine.ts),
 * so that a page with a table or a scroll box does not load floating-ui, which only menus,
 * popovers and selects use. The code is floating-ui's; merge-refs.test.tsx holds the two to the
 * same results.
 */
/* eslint-disable react-hooks/use-memo, react-hooks/exhaustive-deps -- floating-ui's code as it is:
   the refs passed are the hooks' dependencies. */
import { useCallback, useMemo, useRef, type Ref, type RefCallback } from 'react';

export function useMergeRefs<Instance>(
  refs: Array<Ref<Instance> | undefined>,
): null | RefCallback<Instance> {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback((instance: Instance) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const refCleanup = ref(instance);
        return typeof refCleanup === 'function' ? refCleanup : () => ref(null);
      }
      ref.current = instance;
      return () => {
        ref.current = null;
      };
    });
    return () => cleanups.forEach((cleanup) => cleanup?.());
  }, refs);
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: Instance | null) => {
      if (cleanupRef.current) {
        cleanupRef.current();
        cleanupRef.current = undefined;
      }
      if (value != null) cleanupRef.current = refEffect(value);
    };
  }, refs);
}
