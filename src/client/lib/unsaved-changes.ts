/**
 * Which forms hold unsaved input right now, so that nothing reloads the page under them (a new
 * version waits; it never reloads under someone's half-filled form).
 */
import { useEffect, useId } from 'react';

const dirtyForms = new Set<string>();

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/** Marks the calling form as holding unsaved input while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [dirty, id]);
}

/** For tests: forget every registration. */
export function resetUnsavedChanges(): void {
  dirtyForms.clear();
}
