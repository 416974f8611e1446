/**
 * Why a submission failed, in words: a 412 becomes "changed by someone else — reload", offline
 * says the typed input is kept, anything else shows the API's own message.
 */
import { Alert, Button, Stack } from '@mantine/core';
import { ApiRequestError } from '../../../lib/api-client';
import { isStale } from '../../../lib/api-errors';

export function describeFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (isStale(error)) {
      return 'Someone else changed this request since you opened it. Reload it to see the change, then try again.';
    }
    return error.message;
  }
  return 'The portal could not be reached. Check your connection: what you typed is kept here, so you can send it again.';
}

export function ActionError({ error, onReload }: { error: unknown; onReload?: () => void }) {
  if (error === null || error === undefined) return null;
  const stale = isStale(error);
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="xs" align="flex-start">
        <span>{describeFailure(error)}</span>
        {stale && onReload && (
          <Button size="xs" variant="default" onClick={onReload}>
            Reload the request
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
