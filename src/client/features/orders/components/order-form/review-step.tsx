/**
 * The order form's second step: the order as it will be placed, each line with its description
 * and price from the customer's catalog. A line the catalog does not know sends the buyer back;
 * offline, lines not looked up before are checked when the order arrives.
 */
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { orderValueMinor } from '../../../../../shared/money';
import { formatDate, formatMoney, formatQty, formatShipTo } from '../../../../../shared/format';
import { StepTitle } from '../../../../ui/step-title';
import { LinesTable, sumOf } from '../../../../ui/lines-table';
import { qtyOf } from './order-values';
import type { PlaceOrder } from './use-place-order';

export function ReviewStep({
  order,
  notice,
}: {
  order: PlaceOrder;
  /** What the route shows under the lines (the customer's credit), given the order's worth. */
  notice?: ((orderValue: (currency: string) => number) => ReactNode) | undefined;
}) {
  const { reviewed } = order;
  const values = order.form.values;
  const unknown = reviewed.filter((r) => !r.loading && r.item === null);
  const unchecked = reviewed.some((r) => r.unchecked);
  return (
    <Stack gap="md">
      <StepTitle>Review your order</StepTitle>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Text>
            <Text span c="dimmed">
              Customer:{' '}
            </Text>
            {order.customerName}
          </Text>
          <Text>
            <Text span c="dimmed">
              PO number:{' '}
            </Text>
            {values.PoNumber}
          </Text>
          <Text>
            <Text span c="dimmed">
              Requested ship date:{' '}
            </Text>
            {values.RequestedShipDate
              ? formatDate(values.RequestedShipDate)
              : 'As soon as possible'}
          </Text>
          <Text>
            <Text span c="dimmed">
              Ship to:{' '}
            </Text>
            {formatShipTo(values.ShipTo, order.shipToAddress)}
          </Text>
          {/* What the carrier is told at that address goes with the order: the buyer sees it. */}
          {order.shipToAddress?.DeliveryNotes && (
            <Text>
              <Text span c="dimmed">
                Delivery notes:{' '}
              </Text>
              {order.shipToAddress.DeliveryNotes}
            </Text>
          )}
        </SimpleGrid>
        {values.Notes && (
          <Text mt="xs">
            <Text span c="dimmed">
              Notes:{' '}
            </Text>
            {values.Notes}
          </Text>
        )}
      </Paper>
      <LinesTable
        label="Lines to order"
        minWidth={620}
        lines={reviewed}
        lineKey={(_, index) => index}
        item={({ line, item }) => (
          <Text span fw={600}>
            {item?.ItemNumber ?? line.ItemNumber.toUpperCase()}
          </Text>
        )}
        description={({ line, item, refusal, loading, unchecked: waiting }) =>
          waiting ? (
            <Text span c="dimmed" size="sm">
              Checked when you are back online
            </Text>
          ) : loading ? (
            'Looking it up…'
          ) : item ? (
            <>
              {item.Description}
              {line.RequestedShipDate ? (
                <Text size="sm" c="dimmed">
                  Ship by {formatDate(line.RequestedShipDate)}
                </Text>
              ) : null}
            </>
          ) : (
            <Text span c="red" size="sm">
              {refusal} Go back and correct it.
            </Text>
          )
        }
        figures={[
          {
            header: 'Qty',
            cell: ({ line }) => formatQty(qtyOf(line)),
            total: formatQty(sumOf(reviewed, ({ line }) => qtyOf(line))),
          },
          { header: 'Unit price', cell: ({ item }) => formatMoney(item?.UnitPrice ?? null) },
          {
            header: 'Amount',
            cell: ({ line, item }) =>
              item?.UnitPrice != null ? formatMoney(item.UnitPrice * qtyOf(line)) : '—',
            total: formatMoney(
              sumOf(reviewed, ({ line, item }) => (item?.UnitPrice ?? 0) * qtyOf(line)),
            ),
          },
        ]}
      />
      <Text size="sm" c="dimmed">
        Prices are the catalog's current ones; the plant confirms the order and its prices.
      </Text>
      {notice?.((currency) =>
        orderValueMinor(
          reviewed.map(({ line, item }) => ({
            QtyOrdered: qtyOf(line),
            UnitPrice: item?.UnitPrice ?? null,
          })),
          currency,
        ),
      )}
      {unchecked && (
        <Alert color="gray" variant="light" title="You are offline">
          Items not looked up before cannot be checked now. Place the order anyway: it waits in the
          outbox and is sent, and checked by the portal, when you are back online.
        </Alert>
      )}
      <Group gap="sm">
        <Button variant="default" onClick={order.backToEdit}>
          Back to edit
        </Button>
        <Button onClick={order.place} loading={order.placing} disabled={unknown.length > 0}>
          Place order
        </Button>
      </Group>
    </Stack>
  );
}
