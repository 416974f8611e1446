/**
 * The order form's second step: the order as it will be placed, each line with its description
 * and price from the customer's catalog. A line the catalog does not know sends the buyer back;
 * offline, lines not looked up before are checked when the order arrives.
 */
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatMoney, formatQty } from '../../format';
import classes from '../../orders.module.css';
import { qtyOf } from './order-values';
import type { PlaceOrder } from './use-place-order';

export function ReviewStep({ order }: { order: PlaceOrder }) {
  const { reviewed } = order;
  const values = order.form.values;
  const unknown = reviewed.filter((r) => !r.loading && r.item === null);
  const unchecked = reviewed.some((r) => r.unchecked);
  const total = reviewed.reduce((sum, r) => sum + (r.item?.UnitPrice ?? 0) * qtyOf(r.line), 0);
  return (
    <Stack gap="md">
      <Title order={2}>Review your order</Title>
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
            {values.ShipTo || 'The usual address'}
          </Text>
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
      <Table.ScrollContainer minWidth={620}>
        <Table verticalSpacing="xs" aria-label="Lines to order">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.stickyCol}>Item</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th className={classes.numeric}>Qty</Table.Th>
              <Table.Th className={classes.numeric}>Unit price</Table.Th>
              <Table.Th className={classes.numeric}>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reviewed.map(({ line, item, loading, unchecked: waiting }, index) => {
              const qty = line.QtyOrdered === '' ? 0 : line.QtyOrdered;
              return (
                <Table.Tr key={index}>
                  <Table.Td className={classes.stickyCol} fw={600}>
                    {item?.ItemNumber ?? line.ItemNumber.toUpperCase()}
                  </Table.Td>
                  <Table.Td>
                    {waiting ? (
                      <Text span c="dimmed" size="sm">
                        Checked when you are back online
                      </Text>
                    ) : loading ? (
                      'Looking it up…'
                    ) : item ? (
                      item.Description
                    ) : (
                      <Text span c="red" size="sm">
                        Not in your catalog: go back and correct it.
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className={classes.numeric}>{formatQty(qty)}</Table.Td>
                  <Table.Td className={classes.numeric}>
                    {formatMoney(item?.UnitPrice ?? null)}
                  </Table.Td>
                  <Table.Td className={classes.numeric}>
                    {item?.UnitPrice != null ? formatMoney(item.UnitPrice * qty) : '—'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th className={classes.stickyCol}>Total</Table.Th>
              <Table.Td />
              <Table.Td className={classes.numeric}>
                {formatQty(
                  reviewed.reduce(
                    (s, r) => s + (r.line.QtyOrdered === '' ? 0 : r.line.QtyOrdered),
                    0,
                  ),
                )}
              </Table.Td>
              <Table.Td />
              <Table.Td className={classes.numeric}>{formatMoney(total)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed">
        Prices are the catalog's current ones; the plant confirms the order and its prices.
      </Text>
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
