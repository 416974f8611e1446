/**
 * Editing a saved list line by line, on the lists screen: change an item or its quantity, remove a
 * line or add one, and save the lines in one `PUT` (with the version read, so two buyers editing
 * the same list never overwrite each other unseen). Validated with the shared list schema; the
 * server's refusals (an item not offered, say) land beside the lines they concern.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { MAX_ORDER_LINES } from '../../../../shared/schemas/order';
import { orderListUpdateSchema, type OrderListRow } from '../../../../shared/schemas/order-list';
import { errorMessage, fieldErrors, isStale } from '../../../lib/api-errors';
import { NumberField } from '../../../ui/number-field';
import { useOrderListMutations } from '../api/order-list-mutations';

interface LineValues {
  ItemNumber: string;
  /** As typed: the schema refuses what is not a whole number of at least 1. */
  QtyOrdered: number | string;
}

const validate = schemaResolver(orderListUpdateSchema, { sync: true });

const toInput = (lines: readonly LineValues[]) => ({
  Lines: lines.map((l) => ({
    ItemNumber: l.ItemNumber.trim(),
    QtyOrdered: l.QtyOrdered as number,
  })),
});

export function ListLinesEditor({
  list,
  customerId,
  onClose,
}: {
  /** The list being edited; null when the editor is closed. */
  list: OrderListRow | null;
  customerId: number | null;
  onClose: () => void;
}) {
  const { update } = useOrderListMutations(customerId);
  const form = useForm<{ Lines: LineValues[] }>({
    mode: 'controlled',
    initialValues: { Lines: [] },
    validate: (values) => validate(toInput(values.Lines)),
  });
  // Opened on a list: its lines as they are now.
  const listId = list?.Id ?? null;
  useEffect(() => {
    if (list === null) return;
    form.setValues({
      Lines: list.Lines.map((l) => ({ ItemNumber: l.ItemNumber, QtyOrdered: l.QtyOrdered })),
    });
    form.resetDirty();
    form.clearErrors();
    // Only when another list is opened, not when the same list's answer arrives again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listId]);

  const save = form.onSubmit((values) => {
    if (list === null) return;
    update.mutate(
      { id: list.Id, version: list.Version, input: toInput(values.Lines) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'List saved',
            message: `${list.Name} has ${values.Lines.length} ${values.Lines.length === 1 ? 'line' : 'lines'}.`,
          });
          onClose();
        },
        onError: (error) => form.setErrors(fieldErrors(error)),
      },
    );
  });
  const failure = update.error
    ? isStale(update.error)
      ? 'Someone changed this list meanwhile. Close this and open it again to see their lines.'
      : errorMessage(update.error)
    : null;
  const linesError = typeof form.errors.Lines === 'string' ? form.errors.Lines : null;

  return (
    <Modal
      opened={list !== null}
      onClose={() => {
        update.reset();
        onClose();
      }}
      title={list ? `Edit the lines of ${list.Name}` : ''}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          // Not the page's: the lists screen has no form of its own, but keep the submit here.
          event.stopPropagation();
          save(event);
        }}
        noValidate
        aria-label="Lines of the list"
      >
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" role="alert" title="The list was not saved">
              {failure}
            </Alert>
          )}
          {form.values.Lines.map((line, index) => (
            // The inputs read their values by index, so index keys stay right on removal.
            <Paper key={index} withBorder p="xs">
              <Group align="flex-start" gap="sm" wrap="wrap">
                <TextInput
                  label={`Item, line ${index + 1}`}
                  maxLength={50}
                  style={{ flex: '1 1 10rem' }}
                  {...form.getInputProps(`Lines.${index}.ItemNumber`)}
                />
                <NumberField
                  label={`Quantity, line ${index + 1}`}
                  min={1}
                  w={130}
                  {...form.getInputProps(`Lines.${index}.QtyOrdered`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={28}
                  aria-label={`Remove line ${index + 1} (${line.ItemNumber || 'empty'})`}
                  disabled={form.values.Lines.length === 1}
                  onClick={() => form.removeListItem('Lines', index)}
                >
                  <span aria-hidden="true">✕</span>
                </ActionIcon>
              </Group>
            </Paper>
          ))}
          {linesError && (
            <Text c="red" size="sm" role="alert">
              {linesError}
            </Text>
          )}
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              onClick={() => form.insertListItem('Lines', { ItemNumber: '', QtyOrdered: '' })}
              disabled={form.values.Lines.length >= MAX_ORDER_LINES}
            >
              Add line
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save lines
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
