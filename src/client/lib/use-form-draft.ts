/**
 * Drafts (docs/product/offline.md#drafts): what someone types into a long form is kept on this
 * device as they type, under their uid, so that a reload, a closed tab or a lost connection never
 * loses it. Opening the form again brings the draft back; a submission (sent or queued) or "Start
 * over" removes it. The draft of an outbox entry refused by the server comes back with the server's
 * messages.
 */
import type { UseFormReturnType } from '@mantine/form';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { deleteDraft, onDraftPlaced, readDraft, writeDraft } from './device-store';
import { useUnsavedChanges } from './unsaved-changes';

export interface FormDraftState {
  /** When the restored draft was last saved (ISO), or null when the form started empty. */
  restoredAt: string | null;
  /** The server's message when the draft is a refused submission taken up again. */
  refusal: string | null;
  /** Empties the form and forgets its draft. */
  startOver: () => void;
  /** Forgets the draft now, keeping what the form shows. */
  clear: () => Promise<void>;
  /** After a submission (sent or queued): the form empties and the draft is gone. */
  submitted: () => Promise<void>;
}

/**
 * Keeps `form`'s values as the draft `name` of person `uid` (no draft while either is null).
 * Values equal to the form's initial values are no draft: the stored one is removed.
 */
export function useFormDraft<V>(
  form: UseFormReturnType<V>,
  uid: string | null,
  name: string | null,
  /** Called when a draft came back, e.g. for a form showing its confirmation to show itself. */
  onRestore?: () => void,
): FormDraftState {
  const [restored, setRestored] = useState<{ at: string; refusal: string | null } | null>(null);
  // The form object is new on every render; its latest one is what the callbacks need.
  const latest = useRef({ form, onRestore });
  useLayoutEffect(() => {
    latest.current = { form, onRestore };
  });
  // Saving starts once the stored draft was read, so that an empty form never overwrites it.
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const key = uid !== null && name !== null ? `${uid}\n${name}` : null;
  // The draft read last, for the effect below, which must not re-run when it is read.
  const lastRead = useRef<string | null>(null);

  useEffect(() => {
    if (uid === null || name === null) return;
    let cancelled = false;
    const readKey = `${uid}\n${name}`;
    // Another customer's form was showing (staff switched): with no draft of this one, it
    // empties. On the form's first read, what was typed before the read came back stays.
    const switched = lastRead.current !== null && lastRead.current !== readKey;
    const load = (placed: boolean) =>
      readDraft<V>(uid, name)
        .then((draft) => {
          if (cancelled) return;
          const current = latest.current.form;
          // Someone who already started typing keeps what they typed, unless they asked for
          // an outbox entry to be taken up again.
          if (draft && (placed || !current.isDirty())) {
            current.setValues(draft.values);
            current.setErrors(draft.errors ?? {});
            setRestored({ at: draft.savedAt, refusal: draft.refusal ?? null });
            latest.current.onRestore?.();
          } else if (!draft && switched && current.isDirty() && !placed) {
            current.reset();
            setRestored(null);
          }
        })
        .catch(() => undefined)
        .finally(() => {
          if (cancelled) return;
          lastRead.current = readKey;
          setLoadedKey(readKey);
        });
    void load(false);
    const stop = onDraftPlaced((placedUid, placedName) => {
      if (placedUid === uid && placedName === name) void load(true);
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [uid, name]);

  const dirty = form.isDirty();
  useUnsavedChanges(dirty);
  const values = JSON.stringify(form.getValues());
  useEffect(() => {
    if (key === null || loadedKey !== key || uid === null || name === null) return;
    // IndexedDB runs writes to one store in the order they were made: the last one wins.
    const saving = dirty
      ? writeDraft(uid, name, {
          values: JSON.parse(values) as V,
          savedAt: new Date().toISOString(),
        })
      : deleteDraft(uid, name);
    saving.catch(() => undefined);
  }, [key, loadedKey, uid, name, dirty, values]);

  const clear = useCallback(async () => {
    setRestored(null);
    if (uid !== null && name !== null) await deleteDraft(uid, name).catch(() => undefined);
  }, [uid, name]);

  const submitted = useCallback(async () => {
    latest.current.form.reset();
    await clear();
  }, [clear]);

  const startOver = useCallback(() => void submitted(), [submitted]);

  return {
    restoredAt: restored?.at ?? null,
    refusal: restored?.refusal ?? null,
    startOver,
    clear,
    submitted,
  };
}
