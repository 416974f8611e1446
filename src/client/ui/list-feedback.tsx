/**
 * The states around an admin list (DESIGN §9): loading, waiting for a connection, failed (with a
 * retry), empty (saying why), and "Show more" while pages remain.
 */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { loadErrorMessage } from '../lib/save-errors';
import { ShowMoreButton } from './show-more-button';

export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

export function ListFeedback({
  query,
  count,
  noun,
  empty,
  children,
}: {
  query: ListQueryState;
  count: number;
  /** Plural, e.g. "customers". */
  noun: string;
  /** What to say when there is nothing: depends on whether filters are set. */
  empty: ReactNode;
  /** The list itself, shown when there are rows. */
  children: ReactNode;
}) {
  if (query.isPending && query.fetchStatus === 'paused') {
    return (
      <Alert color="gray" variant="light" role="status">
        The {noun} need a connection. They load as soon as you are back online.
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Center py="lg" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text ml="sm">Loading {noun}…</Text>
      </Center>
    );
  }
  if (query.isError && count === 0) {
    return (
      <Alert color="red" variant="light" title={`The ${noun} could not be loaded`}>
        <Stack gap="xs" align="flex-start">
          <span>{loadErrorMessage(query.error)}</span>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (count === 0) return <Text role="status">{empty}</Text>;
  return (
    <Stack gap="sm">
      {children}
      <ShowMoreButton query={query} label={`Show more ${noun}`} />
    </Stack>
  );
}
