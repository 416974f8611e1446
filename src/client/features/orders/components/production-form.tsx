/**
 * Staff record how much of each line has been produced, one line at a time (each save carries the
 * line's Version, so a release made meanwhile is not overwritten). Never above ordered, never
 * below released: the form says so before asking, the server enforces it.
 */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { OrderDetail, OrderLineRow } from '../../../../shared/schemas/order';
import { useRecordProduction } from '../api/record-production';
import { errorMessage, fieldErrors, isStale } from '../../../lib/api-errors';
import { formatQty } from '../../../../shared/format';
import { focusFirstInvalidIn } from '../../../lib/invalid-focus';
import { NumberField } from '../../../ui/number-field';
import { StaleRecordAlert } from '../../../ui/stale-record-alert';

function LineProduction({
  order,
  line,
  onStale,
}: {
  order: OrderDetail;
  line: OrderLineRow;
  onStale: () => void;
}) {
  const [value, setValue] = useState<number | string>(line.QtyProduced);
  const [error, setError] = useState<string | null>(null);
  const save = useRecordProduction();
  const qty = typeof value === 'number' ? value : Number.NaN;
  const changed = qty !== line.QtyProduced;

  /** Why the typed quantity cannot be saved, or null. */
  const problem = (): string | null => {
    if (value === '') return 'Enter the quantity produced so far.';
    if (!Number.isInteger(qty)) return 'Use whole units.';
    if (qty > line.QtyOrdered) return `At most the ${formatQty(line.QtyOrdered)} ordered.`;
    if (qty < line.QtyReleased)
      return `At least the ${formatQty(line.QtyReleased)} already released.`;
    return null;
  };

  const submit = (form: HTMLFormElement) => {
    const refused = problem();
    setError(refused);
    if (refused !== null) return focusFirstInvalidIn(form);
    save.mutate(
      { orderId: order.Id, lineId: line.Id, version: line.Version, qtyProduced: qty },
      {
        onSuccess: (updated) =>
          notifications.show({
            color: 'teal',
            title: `Line ${line.LineNumber} saved`,
            message: `${formatQty(qty)} of ${formatQty(line.QtyOrdered)} produced; order ${updated.OrderNumber} is ${updated.Status === 'Ready' ? 'ready' : 'in production'}.`,
          }),
        onError: (failure) => {
          if (isStale(failure)) onStale();
          else setError(fieldErrors(failure).QtyProduced ?? errorMessage(failure));
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget);
      }}
      noValidate
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <NumberField
          label={`Produced, line ${line.LineNumber} ${line.ItemNumber}`}
          description={`${formatQty(line.QtyOrdered)} ordered, ${formatQty(line.QtyReleased)} released`}
          min={line.QtyReleased}
          max={line.QtyOrdered}
          value={value}
          onChange={setValue}
          error={error}
          style={{ flex: 1, maxWidth: 320 }}
        />
        <Button
          type="submit"
          mt={46}
          disabled={!changed}
          loading={save.isPending}
          aria-label={`Save line ${line.LineNumber}`}
        >
          Save
        </Button>
      </Group>
    </form>
  );
}

export function ProductionForm({ order, onReload }: { order: OrderDetail; onReload: () => void }) {
  const [stale, setStale] = useState(false);
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Text>
          Record the quantity produced so far on each line. The order becomes Ready once every line
          is fully produced.
        </Text>
        {stale && (
          <StaleRecordAlert
            kind="action"
            onReload={() => {
              setStale(false);
              onReload();
            }}
          />
        )}
        {order.Lines.map((line) => (
          // Keyed by version: a reload after someone else's change starts the field afresh.
          <LineProduction
            key={`${line.Id}:${line.Version}`}
            order={order}
            line={line}
            onStale={() => setStale(true)}
          />
        ))}
      </Stack>
    </Paper>
  );
}
