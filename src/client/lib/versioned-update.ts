/**
 * `PUT` of one record at the Version the form loaded (If-Match), for the admin edit pages: the
 * answer replaces the cached record and the lists that show it load again.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchOne } from './api-read';

export interface VersionedUpdate<Input> {
  id: number;
  version: number;
  input: Input;
}

export function useVersionedUpdate<Row extends z.ZodType<{ Id: number }>, Input>(options: {
  /** The record's path, e.g. `/api/db/customers/7`. */
  path: (id: number) => string;
  rowSchema: Row;
  /** The feature's keys (lib/queries): the record's entry and the lists to load again. */
  keys: { detail: (id: number) => QueryKey; lists: () => QueryKey };
}) {
  const queryClient = useQueryClient();
  const { path, rowSchema, keys } = options;
  return useMutation({
    mutationFn: ({ id, version, input }: VersionedUpdate<Input>): Promise<z.output<Row>> =>
      fetchOne(rowSchema, path(id), {
        method: 'PUT',
        ifMatch: version,
        body: JSON.stringify(input),
      }),
    onSuccess: async (row) => {
      queryClient.setQueryData(keys.detail(row.Id), row);
      await queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}
