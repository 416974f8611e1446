/** The order's status history, oldest first, with each line's promised ship dates as they were set. */
import { Text, Timeline } from '@mantine/core';
import { ORDER_STATUS_LABELS } from '../../../../shared/order-status';
import type { OrderHistoryRow } from '../../../../shared/schemas/order';
import { formatDateTime } from '../../../../shared/format';

export function OrderTimeline({ history }: { history: readonly OrderHistoryRow[] }) {
  return (
    <Timeline active={history.length - 1} bulletSize={16} lineWidth={2} aria-label="Status history">
      {history.map((entry) => (
        <Timeline.Item
          key={entry.Id}
          title={
            entry.OrderLineId !== null
              ? 'Promised ship date'
              : entry.FromStatus === null
                ? `Placed (${ORDER_STATUS_LABELS[entry.ToStatus]})`
                : ORDER_STATUS_LABELS[entry.ToStatus]
          }
        >
          <Text size="sm" c="dimmed">
            {formatDateTime(entry.At)} · {entry.ActorName ?? 'Portal'}
          </Text>
          {entry.Note && <Text size="sm">{entry.Note}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
