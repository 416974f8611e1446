/**
 * `/app/order/lists`: the customer's saved order lists, shared by its buyers (and used by staff
 * acting for it). Order from a list in one action (the form opens with its lines, unavailable
 * ones named), edit its lines one by one (ListLinesEditor), rename it or delete it. The form's
 * "Save as list" replaces a list's lines too.
 */
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import {
  MAX_LIST_NAME,
  type OrderListLine,
  type OrderListRow,
} from '../../../../shared/schemas/order-list';
import { errorMessage, fieldErrors, isStale } from '../../../lib/api-errors';
import { ButtonLink } from '../../../ui/anchor-link';
import { DataTable } from '../../../ui/data-table';
import { LoadState } from '../../../ui/load-state';
import { useOrdering } from '../../../auth/use-ordering';
import { useOrderLists } from '../api/get-order-lists';
import { useOrderListMutations } from '../api/order-list-mutations';
import { ListLinesEditor } from './list-lines-editor';

type Editing = { list: OrderListRow; mode: 'rename' | 'delete' };

const failureText = (error: unknown) =>
  isStale(error)
    ? 'Someone changed this list meanwhile. The list below is now up to date; try again.'
    : errorMessage(error);

export function OrderListsScreen({
  startOrderWith,
}: {
  /**
   * Hands a list's lines to the new-order form (the orders feature's `startOrderWith`, which the
   * route passes in, since features do not import each other).
   */
  startOrderWith: (
    uid: string,
    customerId: number | null,
    start: { source: string; lines: OrderListLine[] },
  ) => Promise<void>;
}) {
  const { uid, customerId } = useOrdering();
  const lists = useOrderLists(customerId);
  const { update, remove } = useOrderListMutations(customerId);
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [editingLines, setEditingLines] = useState<OrderListRow | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const orderFrom = (list: OrderListRow) => {
    if (uid === null) return;
    void startOrderWith(uid, customerId, { source: `list ${list.Name}`, lines: list.Lines }).then(
      () => navigate({ to: '/app/order/new' }),
    );
  };
  const close = () => {
    setEditing(null);
    setError(null);
  };
  const confirm = () => {
    if (!editing) return;
    const { list, mode } = editing;
    const onError = (e: unknown) => setError(fieldErrors(e).Name ?? failureText(e));
    if (mode === 'rename') {
      update.mutate(
        { id: list.Id, version: list.Version, input: { Name: name.trim() } },
        { onSuccess: close, onError },
      );
    } else {
      remove.mutate(
        { id: list.Id, version: list.Version },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', title: 'List deleted', message: list.Name });
            close();
          },
          onError,
        },
      );
    }
  };

  const rows = lists.data ?? [];
  return (
    <Stack gap="md">
      <LoadState query={lists} what="the saved lists" />
      {lists.data && rows.length === 0 && (
        <Alert color="gray" variant="light" title="No saved lists yet">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              On the new-order form, enter the lines you order often and choose “Save as list”.
            </Text>
            <ButtonLink to="/app/order/new" variant="default" size="xs">
              New order
            </ButtonLink>
          </Stack>
        </Alert>
      )}
      {rows.length > 0 && (
        <DataTable<OrderListRow>
          caption="Saved order lists"
          minWidth={560}
          rows={rows}
          rowKey={(row) => row.Id}
          cardTitle={(row) => row.Name}
          columns={[
            { header: 'Name', cell: (row) => row.Name, wrap: true, wide: true },
            { header: 'Lines', cell: (row) => row.Lines.length, numeric: true },
            {
              header: 'Cannot be ordered',
              cell: (row) => row.Lines.filter((l) => l.Unavailable).length || '—',
              numeric: true,
            },
            { header: 'Last changed', cell: (row) => formatDateTime(row.LastUpdatedDate) },
          ]}
          actions={(row) => (
            <Group gap="xs" wrap="wrap">
              <Button size="xs" onClick={() => orderFrom(row)}>
                Order from this list
              </Button>
              <Button
                size="xs"
                variant="default"
                aria-label={`Edit the lines of ${row.Name}`}
                onClick={() => setEditingLines(row)}
              >
                Edit lines
              </Button>
              <Button
                size="xs"
                variant="default"
                aria-label={`Rename ${row.Name}`}
                onClick={() => {
                  setName(row.Name);
                  setEditing({ list: row, mode: 'rename' });
                }}
              >
                Rename
              </Button>
              <Button
                size="xs"
                variant="outline"
                color="red"
                aria-label={`Delete ${row.Name}`}
                onClick={() => setEditing({ list: row, mode: 'delete' })}
              >
                Delete
              </Button>
            </Group>
          )}
        />
      )}
      <ListLinesEditor
        list={editingLines}
        customerId={customerId}
        onClose={() => setEditingLines(null)}
      />
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.mode === 'delete' ? `Delete ${editing.list.Name}?` : 'Rename the list'}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
        >
          <Stack gap="sm">
            {editing?.mode === 'rename' ? (
              <TextInput
                label="List name"
                maxLength={MAX_LIST_NAME}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={error}
                data-autofocus
              />
            ) : (
              <>
                <Text size="sm">The other buyers of your company lose it too.</Text>
                {error && (
                  <Alert color="red" variant="light" role="alert">
                    {error}
                  </Alert>
                )}
              </>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                type="submit"
                color={editing?.mode === 'delete' ? 'red' : undefined}
                loading={update.isPending || remove.isPending}
              >
                {editing?.mode === 'delete' ? 'Delete' : 'Rename'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
