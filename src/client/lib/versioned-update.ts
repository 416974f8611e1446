/**
 * `PUT` of one record at the Version the form loaded (If-Match, DESIGN §7), for the admin edit
 * pages: the answer replaces the cached record and the lists that show it load again.
 */
import {
  useMutation,
  useQueryClient,
  type InvalidateQueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from './api-client';

export interface VersionedUpdate<Input> {
  id: number;
  version: number;
  input: Input;
}

export function useVersionedUpdate<Row extends { Id: number }, Input>(options: {
  /** The record's path, e.g. `/api/db/customers/7`. */
  path: (id: number) => string;
  rowSchema: z.ZodType<Row>;
  /** The cached record's query key. */
  recordKey: (id: number) => QueryKey;
  /** The lists to load again. */
  lists: InvalidateQueryFilters;
}) {
  const queryClient = useQueryClient();
  const answerSchema = z.object({ data: z.array(options.rowSchema).length(1) });
  return useMutation({
    mutationFn: async ({ id, version, input }: VersionedUpdate<Input>): Promise<Row> => {
      const body = await apiFetch(options.path(id), {
        method: 'PUT',
        headers: { 'If-Match': `"${version}"` },
        body: JSON.stringify(input),
      });
      return answerSchema.parse(body).data[0]!;
    },
    onSuccess: async (row) => {
      queryClient.setQueryData(options.recordKey(row.Id), row);
      await queryClient.invalidateQueries(options.lists);
    },
  });
}
