/**
 * Gives `value` to a React ref (a callback or an object), and returns what takes it back: the
 * callback's own cleanup where it returned one (React 19), else the ref given null.
 */
import type { Ref } from 'react';

export function setRef<T>(ref: Ref<T> | undefined, value: T | null): () => void {
  if (ref == null) return () => {};
  if (typeof ref === 'function') {
    const cleanup = ref(value);
    return typeof cleanup === 'function' ? cleanup : () => void ref(null);
  }
  ref.current = value;
  return () => {
    ref.current = null;
  };
}
