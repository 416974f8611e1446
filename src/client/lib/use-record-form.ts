/**
 * What every admin edit form does around its fields: it holds unsaved input (so no update reloads
 * the page under it), puts a failed save's messages beside the fields, and after a 412 offers to
 * reload the record, which replaces the typed values with the current ones.
 */
import { useForm, type FormValidateInput } from '@mantine/form';
import { useState } from 'react';
import { handleSaveError } from './api-errors';
import { useUnsavedChanges } from './unsaved-changes';
import { focusFirstInvalid, focusFirstInvalidIn } from './invalid-focus';

export interface RecordFormOptions<Values, Row> {
  /** The record being edited (its latest loaded version), or undefined to create one. */
  record: Row | undefined;
  /** The form's values for a record, or the empty form's. */
  valuesOf: (row: Row | undefined) => Values;
  validate: FormValidateInput<Values>;
  /** The record in words, e.g. "customer" ("The customer was not saved"). */
  what: string;
  /** Saves; rejects with the API's error. */
  onSave: (values: Values) => Promise<unknown>;
  /** Loads the current record after a 412; absent while creating one. */
  onReload?: (() => Promise<Row | undefined>) | undefined;
  /** Anything else the form resets when the record is reloaded. */
  onReloaded?: () => void;
}

export function useRecordForm<Values extends object, Row>({
  record,
  valuesOf,
  validate,
  what,
  onSave,
  onReload,
  onReloaded,
}: RecordFormOptions<Values, Row>) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(record), validate });
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values, event) => {
    // The form itself, read before the event is spent: a refusal by the server goes there too.
    const element = event?.currentTarget;
    try {
      await onSave(values);
    } catch (error) {
      handleSaveError(error, form, { what, onStale: () => setStale(true) });
      focusFirstInvalidIn(element);
    }
  }, focusFirstInvalid);

  const reload = async () => {
    if (!onReload) return;
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh) {
        form.setValues(valuesOf(fresh));
        form.resetDirty(valuesOf(fresh));
        onReloaded?.();
        setStale(false);
      }
    } finally {
      setReloading(false);
    }
  };

  return {
    form,
    submit,
    /** Set after a 412: the props of the StaleRecordAlert that offers the reload. */
    stale: stale ? { onReload: () => void reload(), reloading } : null,
  };
}
