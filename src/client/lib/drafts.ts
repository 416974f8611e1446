/**
 * Form drafts: what someone typed, kept on the device under their uid until it is submitted or
 * abandoned. Storage is in device-store.ts; this is what a draft holds.
 */
import type { OutboxEntry } from './outbox';

export interface FormDraft<V = unknown> {
  values: V;
  /** Field messages to show beside the fields, by the form's field paths. */
  errors?: Record<string, string>;
  /** The server's message, when the draft is a refused outbox entry taken up again. */
  refusal?: string;
  savedAt: string;
}

/**
 * The server's field messages under the form's field names: `fieldMap` renames the request body's
 * paths where the form names them otherwise (a release's `Lines.0.Qty` is its form's `Qty.<line>`),
 * and the others are kept as they are. The same whether the refusal comes at once or later, from
 * the outbox.
 */
export function formErrorsOf(
  fields: Readonly<Record<string, string>>,
  fieldMap?: Readonly<Record<string, string>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields))
    errors[fieldMap?.[field] ?? field] = message;
  return errors;
}

/**
 * The draft that "Edit" makes of an outbox entry the server refused: the values as typed, the
 * server's field messages renamed to the form's fields, and the page with the form. Null when the
 * entry has no form to go back to.
 */
export function refusedDraft(
  entry: OutboxEntry,
): { form: string; path: string; draft: FormDraft } | null {
  const { edit } = entry;
  if (!edit) return null;
  return {
    form: edit.form,
    path: edit.path,
    draft: {
      values: edit.values,
      errors: formErrorsOf(entry.error?.fields ?? {}, edit.fieldMap),
      ...(entry.error ? { refusal: entry.error.message } : {}),
      savedAt: entry.createdAt,
    },
  };
}
