/** Words for a failed request, for notifications and alerts. */
import { ApiRequestError } from '../../lib/api-client';

export function isStale(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 412;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return 'The portal could not be reached. Check your connection and try again.';
}

/** Field messages of a 400/409 answer (empty for any other failure). */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  return error instanceof ApiRequestError ? error.fields : {};
}
