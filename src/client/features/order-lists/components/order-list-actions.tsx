/**
 * On the new-order form: save its lines as a named list shared with the customer's other buyers
 * (or replace the lines of the list of that name), and a way to start from a saved list. The route
 * of the form puts it there (the order form's `listActions`).
 */
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { MAX_LIST_NAME } from '../../../../shared/schemas/order-list';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { ButtonLink } from '../../../ui/anchor-link';
import { useOrdering } from '../../../auth/use-ordering';
import { useOrderLists } from '../api/get-order-lists';
import { useOrderListMutations } from '../api/order-list-mutations';

/** A line of the order form as typed (its LineValues): a quantity may not be a number yet. */
export interface TypedLine {
  ItemNumber: string;
  QtyOrdered: number | string;
}

/** The form's lines worth saving: an item and a whole quantity. */
const savable = (lines: readonly TypedLine[]) =>
  lines.flatMap((l) =>
    l.ItemNumber.trim() !== '' && typeof l.QtyOrdered === 'number'
      ? [{ ItemNumber: l.ItemNumber.trim(), QtyOrdered: l.QtyOrdered }]
      : [],
  );

export function OrderListActions({ lines }: { lines: readonly TypedLine[] }) {
  const { customerId } = useOrdering();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lists = useOrderLists(open ? customerId : null);
  const { create, update } = useOrderListMutations(customerId);
  const keys = useIdempotencyKeys();
  const toSave = savable(lines);
  const existing = lists.data?.find((l) => l.Name === name.trim());
  const saving = create.isPending || update.isPending;

  const close = () => {
    setOpen(false);
    setError(null);
  };
  const save = () => {
    setError(null);
    const done = (verb: string) => {
      keys.reset();
      notifications.show({
        color: 'teal',
        title: 'List saved',
        message: `${verb} ${name.trim()}.`,
      });
      close();
    };
    const fail = (e: unknown) => setError(fieldErrors(e).Name ?? errorMessage(e));
    if (existing) {
      update.mutate(
        { id: existing.Id, version: existing.Version, input: { Lines: toSave } },
        { onSuccess: () => done('Replaced the lines of'), onError: fail },
      );
    } else {
      const input = { Name: name.trim(), Lines: toSave };
      create.mutate(
        { input, idempotencyKey: keys.keyFor(input) },
        { onSuccess: () => done('Saved'), onError: fail },
      );
    }
  };

  return (
    <Group gap="sm">
      <Button variant="default" onClick={() => setOpen(true)} disabled={toSave.length === 0}>
        Save as list
      </Button>
      <ButtonLink to="/app/order/lists" variant="default">
        Start from a list
      </ButtonLink>
      <Modal opened={open} onClose={close} title="Save the lines as a list">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            // The modal sits in a portal, but React hands its submit on to the order form that
            // renders it, which would go to the review: saving a list only saves the list.
            e.stopPropagation();
            save();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="List name"
              description="Shared with the other buyers of your company."
              maxLength={MAX_LIST_NAME}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
            {existing && (
              <Alert color="yellow" variant="light">
                A list of this name exists: saving replaces its lines with the form&apos;s{' '}
                {toSave.length}.
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                {existing ? 'Replace its lines' : `Save ${toSave.length} lines`}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
