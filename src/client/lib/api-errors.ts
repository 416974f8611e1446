/**
 * Failed API calls in words, in one place (docs/product/api.md#answers). A form that fails to save
 * puts field messages beside their fields, a stale version (412) asks for a reload, everything else
 * becomes one notification; the typed values always stay in the form.
 */
import { notifications } from '@mantine/notifications';
import { ERROR_CODES } from '../../shared/api';
import { ApiRequestError } from './api-client';

export interface FormWithErrors {
  setErrors(errors: Record<string, string>): void;
}

/**
 * Field errors of list items (`EmailAddresses.1`) also under the list's own name, so an input
 * that edits the whole list can show them.
 */
export function withListErrors(fields: Readonly<Record<string, string>>): Record<string, string> {
  const errors: Record<string, string> = { ...fields };
  for (const [path, message] of Object.entries(fields)) {
    const list = /^(\w+)\.\d+$/.exec(path)?.[1];
    if (list !== undefined) errors[list] ??= message;
  }
  return errors;
}

/**
 * @param form where field messages go; null for an action without fields (e.g. deactivating)
 * @param onStale shows the "changed by someone else — reload" state; without it a notification
 *   says so
 */
export function handleSaveError(
  error: unknown,
  form: FormWithErrors | null,
  { onStale, what }: { onStale?: () => void; what: string },
): void {
  if (error instanceof ApiRequestError) {
    if (error.status === 412) {
      if (onStale) onStale();
      else {
        notifications.show({
          color: 'orange',
          title: 'Changed by someone else — reload',
          message: `The ${what} was changed by someone else after you opened it; nothing was saved. Reload the page and try again.`,
        });
      }
      return;
    }
    // Signing out follows by itself (lib/api-client.ts): nothing to show here.
    if (error.code === ERROR_CODES.inactive || error.code === ERROR_CODES.customerInactive) return;
    if (form && Object.keys(error.fields).length > 0) form.setErrors(withListErrors(error.fields));
    notifications.show({
      color: 'red',
      title: `The ${what} was not saved`,
      message: error.message,
    });
    return;
  }
  notifications.show({
    color: 'red',
    title: `The ${what} was not saved`,
    message: 'The portal could not be reached. Check your connection; your input is still here.',
  });
}

/** A short, human reason why a request failed: the API's own message, or the connection. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return 'The portal could not be reached. Check your connection and try again.';
}

/** A 412: someone else changed the record since it was loaded. */
export function isStale(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 412;
}

/** Field messages of a 400/409 answer (empty for any other failure). */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  return error instanceof ApiRequestError ? error.fields : {};
}

/**
 * Deactivating or reactivating a record from its edit page: saves, tells the person it worked,
 * or tells why not and rethrows, so the status control stays where it was.
 */
export async function saveActiveChange<R>(
  what: string,
  save: () => Promise<R>,
  told: (row: R) => { title: string; message: string },
): Promise<void> {
  try {
    const row = await save();
    notifications.show({ color: 'teal', ...told(row) });
  } catch (error) {
    handleSaveError(error, null, { what });
    throw error;
  }
}
