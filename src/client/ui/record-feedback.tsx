/** What an edit page shows until its record is there: loading, offline, not found, failed. */
import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import { ApiRequestError } from '../lib/api-client';
import { loadErrorMessage } from '../lib/save-errors';

export function RecordFeedback({
  query,
  noun,
  backTo,
}: {
  query: { isPending: boolean; fetchStatus: string; error: unknown; refetch: () => unknown };
  /** E.g. "customer". */
  noun: string;
  /** The list to go back to. */
  backTo: { to: LinkProps['to']; label: string };
}) {
  if (query.isPending && query.fetchStatus === 'paused') {
    return (
      <Alert color="gray" variant="light" role="status">
        This {noun} needs a connection. It loads as soon as you are back online.
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Center py="lg" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text ml="sm">Loading the {noun}…</Text>
      </Center>
    );
  }
  const missing = query.error instanceof ApiRequestError && query.error.status === 404;
  return (
    <Alert
      color={missing ? 'gray' : 'red'}
      variant="light"
      title={missing ? `There is no such ${noun}` : `The ${noun} could not be loaded`}
    >
      <Stack gap="xs" align="flex-start">
        {!missing && <span>{loadErrorMessage(query.error)}</span>}
        {!missing && (
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
        <Anchor component={Link} to={backTo.to}>
          {backTo.label}
        </Anchor>
      </Stack>
    </Alert>
  );
}
