/**
 * The form started from an earlier order or a saved list: its lines fill the form, and those that
 * can no longer be ordered are named with the reason. They stay on the form (and the plant would
 * refuse them) until the buyer confirms leaving them out. Prices are the form's usual, today's.
 */
import { Alert, Button, Group, List, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import { formatQty } from '../../../../../shared/format';
import { sameItemNumber } from '../../../../../shared/offered-items';
import {
  clearStartingLines,
  peekStartingLines,
  type PendingStartingLines,
} from '../../starting-lines';
import { emptyLine, type OrderFormValues } from './order-values';

export function useStartingLines(form: UseFormReturnType<OrderFormValues>) {
  // Read once, when the form opens with the draft they were written to.
  const [start, setStart] = useState<PendingStartingLines | null>(peekStartingLines);
  // The draft the form opens with is only these lines: nothing the person typed came back.
  const [linesOnly] = useState(() => start !== null && !start.keptTyped);
  useEffect(() => clearStartingLines(), []);
  const onForm = (itemNumber: string) =>
    form.values.Lines.some((v) => sameItemNumber(v.ItemNumber, itemNumber));
  const unavailable = (start?.lines ?? []).filter((l) => l.Unavailable && onForm(l.ItemNumber));
  const leaveOut = () => {
    const kept = form.values.Lines.filter(
      (v) => !unavailable.some((l) => sameItemNumber(l.ItemNumber, v.ItemNumber)),
    );
    form.setFieldValue('Lines', kept.length > 0 ? kept : [emptyLine()]);
  };
  return {
    source: start?.source ?? null,
    linesOnly,
    unavailable,
    leaveOut,
    dismiss: () => setStart(null),
  };
}

export type StartingLinesState = ReturnType<typeof useStartingLines>;

export function StartingLinesNotice({ starting }: { starting: StartingLinesState }) {
  if (starting.source === null) return null;
  if (starting.unavailable.length === 0) {
    return (
      <Alert color="teal" variant="light" title={`Lines from ${starting.source}`}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">Check the quantities; prices are today&apos;s.</Text>
          <Button size="xs" variant="subtle" onClick={starting.dismiss}>
            Hide
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      title={`Some lines from ${starting.source} cannot be ordered`}
    >
      <List size="sm" spacing={4} mb="sm">
        {starting.unavailable.map((line) => (
          <List.Item key={line.CatalogItemId}>
            <Text span fw={600} size="sm">
              {line.ItemNumber}
            </Text>{' '}
            ({formatQty(line.QtyOrdered)}): {line.Unavailable}
          </List.Item>
        ))}
      </List>
      <Button size="xs" onClick={starting.leaveOut}>
        Leave {starting.unavailable.length === 1 ? 'it' : 'them'} out
      </Button>
    </Alert>
  );
}
