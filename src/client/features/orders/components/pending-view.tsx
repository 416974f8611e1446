/**
 * `/app/order/$id/pending`: what is still to come on each line — shipped, released and on its way,
 * on hand, still to produce — as a bar and in words (the bar is never the only way to read it).
 */
import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lineFigures } from '../../../../shared/order-status';
import type { OrderDetail } from '../../../../shared/schemas/order';
import { formatQty } from '../../../../shared/format';
import { ButtonLink } from '../../../ui/anchor-link';

const PARTS = [
  { key: 'shipped', label: 'Shipped', color: 'green' },
  { key: 'releasedOpen', label: 'Released, not shipped', color: 'orange' },
  { key: 'onHand', label: 'On hand', color: 'teal' },
  { key: 'toProduce', label: 'To produce', color: 'gray' },
] as const;

export function PendingView({ order }: { order: OrderDetail }) {
  const totals = order.Lines.reduce(
    (sum, line) => ({
      pending: sum.pending + line.QtyPending,
      onHand: sum.onHand + line.QtyOnHand,
    }),
    { pending: 0, onHand: 0 },
  );
  return (
    <Stack gap="md">
      <Text>
        <strong>{formatQty(totals.pending)}</strong> still to ship on this order, of which{' '}
        <strong>{formatQty(totals.onHand)}</strong> are produced and on hand, ready to release.
      </Text>
      {totals.onHand > 0 && (
        <ButtonLink to="/app/order/$id/release" params={{ id: String(order.Id) }} w="fit-content">
          Release inventory
        </ButtonLink>
      )}
      <Group gap="md" aria-hidden="true">
        {PARTS.map((part) => (
          <Group key={part.key} gap={6}>
            <div
              style={{
                width: 12,
                height: 12,
                borderRadius: 2,
                background: `var(--mantine-color-${part.color}-filled)`,
              }}
            />
            <Text size="sm">{part.label}</Text>
          </Group>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {order.Lines.map((line) => {
          const figures = lineFigures(line, order.Status);
          const values = {
            shipped: line.QtyShipped,
            releasedOpen: line.QtyReleased - line.QtyShipped,
            onHand: figures.onHand,
            toProduce: figures.toProduce,
          };
          return (
            <Paper key={line.Id} withBorder p="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {line.LineNumber}. {line.ItemNumber}
                </Title>
                <Text size="sm" c="dimmed">
                  {line.Description}
                </Text>
                <Progress.Root size="xl" aria-hidden="true">
                  {PARTS.map((part) =>
                    values[part.key] > 0 ? (
                      <Progress.Section
                        key={part.key}
                        value={(values[part.key] / line.QtyOrdered) * 100}
                        color={part.color}
                      />
                    ) : null,
                  )}
                </Progress.Root>
                <Text size="sm">
                  <strong>{formatQty(figures.pending)} pending</strong> of{' '}
                  {formatQty(line.QtyOrdered)} ordered:{' '}
                  {PARTS.map(
                    (part) => `${formatQty(values[part.key])} ${part.label.toLowerCase()}`,
                  ).join(', ')}
                  .
                </Text>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
