/**
 * What a screen shows before its data is there: loading, offline (the query waits and retries by
 * itself when the connection returns, DESIGN §8), or an error with a way to try again.
 */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { ApiRequestError } from '../../../lib/api-client';

export interface LoadStateProps {
  /** What is being loaded, e.g. "the order". */
  what: string;
  isPending: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  error: Error | null;
  onRetry: () => void;
}

/** Renders the loading/offline/error state, or nothing once there is data to show. */
export function LoadState({ what, isPending, fetchStatus, error, onRetry }: LoadStateProps) {
  if (error) {
    const notFound = error instanceof ApiRequestError && error.status === 404;
    return (
      <Alert
        color="red"
        variant="light"
        title={notFound ? 'Not found' : `We could not load ${what}`}
      >
        <Stack gap="xs" align="flex-start">
          <span>
            {error instanceof ApiRequestError
              ? error.message
              : 'Check your connection and try again.'}
          </span>
          {!notFound && (
            <Button size="xs" variant="default" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (!isPending) return null;
  if (fetchStatus === 'paused') {
    return (
      <Alert color="gray" variant="light" role="status">
        Showing {what} needs a connection. It loads as soon as you are back online.
      </Alert>
    );
  }
  return (
    <Center py="lg" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text ml="sm">Loading {what}…</Text>
    </Center>
  );
}
