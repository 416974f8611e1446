/**
 * What a screen shows before its data is there (docs/product/offline.md): loading; offline, where
 * the query waits and retries by itself when the connection returns; or failed, with a way to try
 * again (not for a 404: there is nothing to retry). Lists (ListFeedback) and edit pages
 * (RecordFeedback) say it in their own words through the same component.
 */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../lib/api-client';

export interface LoadQuery {
  isPending: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  error: unknown;
  refetch: () => unknown;
}

export interface LoadStateProps {
  query: LoadQuery;
  /** What is being loaded, e.g. "the order": the words below default to sentences about it. */
  what: string;
  /** Whether a failure is shown (a list that still has rows keeps showing them instead). */
  showError?: boolean;
  /** Said while offline with nothing loaded. */
  waiting?: ReactNode;
  /** The failure's title. */
  failedTitle?: string;
  /** The failure's reason. */
  failedMessage?: (error: unknown) => ReactNode;
  /** A 404: its title and colour, and whether the API's message is shown. */
  notFound?: { title: string; color: string; message: boolean };
  /** Shown under any failure, e.g. a way back. */
  children?: ReactNode;
}

const reasonOf = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'Check your connection and try again.';

/** Renders the loading/offline/error state, or nothing once there is data to show. */
export function LoadState({
  query,
  what,
  showError = true,
  waiting = `Showing ${what} needs a connection. It loads as soon as you are back online.`,
  failedTitle = `We could not load ${what}`,
  failedMessage = reasonOf,
  notFound = { title: 'Not found', color: 'red', message: true },
  children,
}: LoadStateProps) {
  const { error } = query;
  if (showError && error !== null && error !== undefined) {
    const missing = error instanceof ApiRequestError && error.status === 404;
    return (
      <Alert
        color={missing ? notFound.color : 'red'}
        variant="light"
        title={missing ? notFound.title : failedTitle}
      >
        <Stack gap="xs" align="flex-start">
          {(!missing || notFound.message) && <span>{failedMessage(error)}</span>}
          {!missing && (
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
          {children}
        </Stack>
      </Alert>
    );
  }
  if (!query.isPending) return null;
  if (query.fetchStatus === 'paused') {
    return (
      <Alert color="gray" variant="light" role="status">
        {waiting}
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
