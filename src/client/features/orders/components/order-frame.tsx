/**
 * The frame of every order page: loads the order, and shows its number, status, key facts,
 * "Order again" (for whoever may order) and the links between its pages (summary, pending,
 * release, shipments). Print hides the links and buttons.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderDetail } from '../../../../shared/schemas/order';
import { orderIdOf, useOrder } from '../api/get-order';
import {
  formatDate,
  formatErpNumber,
  formatMinorUnits,
  formatShipTo,
} from '../../../../shared/format';
import classes from '../../../ui/print.module.css';
// Printed, an order's pages show their content only.
import '../../../ui/print.css';
import { ORDER_SECTIONS, orderSectionLabel, type OrderSection } from '../order-sections';
import { useOrdering } from '../../../auth/use-ordering';
import { ButtonLink } from '../../../ui/anchor-link';
import { LoadState } from '../../../ui/load-state';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { useCan } from '../../../auth/use-can';
import { LateBadge } from './late-badge';
import { OrderAgainButton } from './order-again-button';

export interface OrderFrameProps {
  /** The `$id` of the path, as typed in the address bar. */
  id: string;
  section: OrderSection;
  /** The page's content; `reload` fetches the order again (after a 412, say). */
  children: (order: OrderDetail, reload: () => void) => ReactNode;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

export function OrderFrame({ id, section, children }: OrderFrameProps) {
  const { customerId } = useOrdering();
  const orderId = orderIdOf(id);
  const query = useOrder(customerId, orderId);
  const title = orderSectionLabel(section);
  const canOrder = useCan('order:place');

  if (orderId === 0) {
    return (
      <Stack gap="md">
        <Title order={1}>Order not found</Title>
        <Text>“{id}” is not an order number. Open the order from the list of orders.</Text>
        <ButtonLink to="/app/order/all" variant="default" w="fit-content">
          All orders
        </ButtonLink>
      </Stack>
    );
  }
  const order = query.data;
  return (
    <Stack gap="md">
      {!order && (
        <>
          <Title order={1}>Order</Title>
          <LoadState query={query} what="the order" />
        </>
      )}
      {order && (
        <>
          <Group justify="space-between" align="center" gap="sm">
            <Group gap="sm" align="center">
              <Title order={1}>
                Order {order.OrderNumber}
                {section !== 'summary' && (
                  <Text span inherit c="dimmed" fw={400}>
                    {' '}
                    · {title}
                  </Text>
                )}
              </Title>
              <OrderStatusBadge status={order.Status} />
              {order.ExternalId !== null && (
                <Text c="dimmed" fw={600}>
                  {formatErpNumber(order.ExternalId)}
                </Text>
              )}
            </Group>
            <Group gap="xs" className={classes.noPrint}>
              {/* On every tab, so a buyer reaches it in a tap from wherever they opened the order. */}
              {canOrder && <OrderAgainButton order={order} />}
              <Button variant="default" onClick={() => window.print()}>
                Print
              </Button>
            </Group>
          </Group>
          {section === 'summary' ? (
            <Paper withBorder p="md">
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" verticalSpacing="xs">
                <Fact label="Customer">
                  {order.CustomerName} ({order.CustomerCode})
                </Fact>
                <Fact label="PO number">{order.PoNumber}</Fact>
                <Fact label="Placed">
                  {formatDate(order.CreatedDate)}
                  {order.PlacedByName && ` by ${order.PlacedByName}`}
                </Fact>
                {order.OrderValue !== null && order.Currency !== null && (
                  <Fact label="Value when placed">
                    {formatMinorUnits(order.OrderValue, order.Currency)}
                  </Fact>
                )}
                <Fact label="Requested ship date">{formatDate(order.RequestedShipDate)}</Fact>
                <Fact label="Promised ship date">
                  {formatDate(order.PromisedShipDate)}
                  <LateBadge lines={order.LateLineCount} />
                </Fact>
                <Fact label="Ship to">{formatShipTo(order.ShipTo, order.ShipToAddress)}</Fact>
                {/* The address's notes as they were when the order was placed, kept with it. */}
                {order.ShipToAddress?.DeliveryNotes && (
                  <Fact label="Delivery notes">{order.ShipToAddress.DeliveryNotes}</Fact>
                )}
              </SimpleGrid>
              {order.Notes && (
                <Text mt="sm" size="sm">
                  <Text span c="dimmed" size="sm">
                    Notes:{' '}
                  </Text>
                  {order.Notes}
                </Text>
              )}
            </Paper>
          ) : (
            // The other pages keep to the facts needed to know which order this is.
            <Text c="dimmed">
              PO {order.PoNumber} · placed {formatDate(order.CreatedDate)} · requested ship{' '}
              {formatDate(order.RequestedShipDate)}
            </Text>
          )}
          <nav aria-label="Order pages" className={classes.noPrint}>
            <Group gap="xs">
              {ORDER_SECTIONS.map((s) => (
                <ButtonLink
                  key={s.section}
                  to={s.to}
                  params={{ id: String(order.Id) }}
                  size="compact-md"
                  variant={s.section === section ? 'filled' : 'default'}
                  aria-current={s.section === section ? 'page' : undefined}
                >
                  {s.label}
                </ButtonLink>
              ))}
            </Group>
          </nav>
          {children(order, () => void query.refetch())}
        </>
      )}
    </Stack>
  );
}
