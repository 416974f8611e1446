/**
 * The frame of an admin edit page (a catalog item, a customer, a user): its title, a line naming
 * the record once it is there, and until then what the record's loading says (RecordFeedback).
 */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LoadQuery } from './load-state';
import { RecordFeedback } from './record-feedback';

export interface RecordEditPageProps<R> {
  title: string;
  query: LoadQuery & { data: R | undefined };
  /** E.g. "customer": names the record in the loading, offline and not-found states. */
  noun: string;
  backTo: Parameters<typeof RecordFeedback>[0]['backTo'];
  /** The line under the title, once the record is there. */
  describe: (record: R) => ReactNode;
  children: (record: R) => ReactNode;
}

export function RecordEditPage<R>({
  title,
  query,
  noun,
  backTo,
  describe,
  children,
}: RecordEditPageProps<R>) {
  const record = query.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {record !== undefined && <Text c="dimmed">{describe(record)}</Text>}
      </Stack>
      {record === undefined ? (
        <RecordFeedback query={query} noun={noun} backTo={backTo} />
      ) : (
        children(record)
      )}
    </Stack>
  );
}
