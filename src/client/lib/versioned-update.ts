/**
 * `PUT` of one record at the Version the form loaded (If-Match), for the admin edit pages: the
 * answer replaces the cached record and the lists that show it load again.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchOne } from './api-read';
import type { ApiRoute, RequestArgs, Rows } from './api-route';

export interface VersionedUpdate<Input> {
  id: number;
  version: number;
  input: Input;
}

/** The update of a record by its id: `PUT /api/db/<resource>/:id`. */
type UpdateRoute<Input, Row> = ApiRoute<'PUT', `${string}/:id`, Input, Rows<Row>>;

export function useVersionedUpdate<Row extends z.ZodType<{ Id: number }>, Input>(options: {
  route: UpdateRoute<Input, z.output<Row>>;
  rowSchema: Row;
  /** The feature's keys (lib/queries): the record's entry and the lists to load again. */
  keys: { detail: (id: number) => QueryKey; lists: () => QueryKey };
}) {
  const queryClient = useQueryClient();
  const { route, rowSchema, keys } = options;
  return useMutation({
    mutationFn: ({ id, version, input }: VersionedUpdate<Input>): Promise<z.output<Row>> => {
      // The path's one parameter is the id, whichever resource it names.
      const request = { params: { id }, ifMatch: version, body: input } as RequestArgs<
        UpdateRoute<Input, z.output<Row>>['path'],
        Input
      >[0];
      return fetchOne(rowSchema, route, request);
    },
    onSuccess: async (row) => {
      queryClient.setQueryData(keys.detail(row.Id), row);
      await queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}
