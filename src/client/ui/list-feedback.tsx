/**
 * The states around an admin list: loading, waiting for a connection, failed (with a retry), empty
 * (saying why), and "Show more" while pages remain.
 */
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-errors';
import { LoadState } from './load-state';
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
  if (query.isPending || (query.isError && count === 0)) {
    return (
      <LoadState
        query={query}
        what={noun}
        showError={query.isError && count === 0}
        waiting={`The ${noun} need a connection. They load as soon as you are back online.`}
        failedTitle={`The ${noun} could not be loaded`}
        failedMessage={errorMessage}
        notFound={{ title: `The ${noun} could not be loaded`, color: 'red', message: true }}
      />
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
