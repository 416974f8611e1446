/**
 * `/app/order/$id/shipment`: each shipment with its carrier, tracking number (a link to the
 * carrier's page when we know the carrier), BOL and lines; staff record new ones here.
 */
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { canShip } from '../../../../shared/order-status';
import type { OrderDetail, ShipmentRow } from '../../../../shared/schemas/order';
import { useOrderReleases } from '../api/get-order-releases';
import { useOrderShipments } from '../api/get-order-shipments';
import { formatDate, formatQty } from '../format';
import classes from '../orders.module.css';
import { useOrdering } from '../use-ordering';
import { LoadState } from '../../../ui/load-state';
import { ShipmentForm } from './shipment-form';
import { TableScroll } from '../../../ui/table-scroll';

function Tracking({ shipment }: { shipment: ShipmentRow }) {
  if (!shipment.TrackingNumber) return <>—</>;
  if (!shipment.TrackingUrl) return <>{shipment.TrackingNumber}</>;
  return (
    <Anchor
      href={shipment.TrackingUrl}
      target="_blank"
      rel="noopener noreferrer"
      underline="always"
    >
      {shipment.TrackingNumber}
      <Text span size="sm">
        {' '}
        (track on {shipment.Carrier}, opens a new tab)
      </Text>
    </Anchor>
  );
}

function ShipmentCard({ shipment }: { shipment: ShipmentRow }) {
  const total = shipment.Lines.reduce((sum, line) => sum + line.Qty, 0);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Shipment #{shipment.Id}, {formatDate(shipment.ShipDate)}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <div>
            <Text size="sm" c="dimmed">
              Carrier
            </Text>
            <Text>{shipment.Carrier}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Tracking number
            </Text>
            <Text style={{ overflowWrap: 'anywhere' }}>
              <Tracking shipment={shipment} />
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              BOL number
            </Text>
            <Text>{shipment.BolNumber || '—'}</Text>
          </div>
        </SimpleGrid>
        <TableScroll label={`Lines of shipment ${shipment.Id}`} minWidth={300}>
          <Table verticalSpacing={4} aria-label={`Lines of shipment ${shipment.Id}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.stickyCol}>Item</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th className={classes.numeric}>Qty</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shipment.Lines.map((line) => (
                <Table.Tr key={line.Id}>
                  <Table.Td className={classes.stickyCol}>
                    {line.LineNumber}. {line.ItemNumber}
                  </Table.Td>
                  <Table.Td>{line.Description}</Table.Td>
                  <Table.Td className={classes.numeric}>{formatQty(line.Qty)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th className={classes.stickyCol}>Total</Table.Th>
                <Table.Td />
                <Table.Td className={classes.numeric}>{formatQty(total)}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </TableScroll>
      </Stack>
    </Paper>
  );
}

export function OrderShipments({ order }: { order: OrderDetail }) {
  const { actor, customerId } = useOrdering();
  const shipmentsQuery = useOrderShipments(customerId, order.Id);
  const shipments = shipmentsQuery.data?.pages.flatMap((p) => p.data) ?? [];
  const staffMayShip = actor === 'staff' && canShip(order.Status);
  const releasesQuery = useOrderReleases(customerId, order.Id);
  const scheduled = (releasesQuery.data?.pages.flatMap((p) => p.data) ?? []).filter(
    (r) => r.Status === 'scheduled',
  );
  const shippedQty = order.Lines.reduce((sum, line) => sum + line.QtyShipped, 0);
  const pending = order.Lines.reduce((sum, line) => sum + line.QtyPending, 0);

  return (
    <Stack gap="lg">
      <Text>
        <strong>{formatQty(shippedQty)}</strong> shipped so far;{' '}
        <strong>{formatQty(pending)}</strong> still pending on this order.
      </Text>
      {staffMayShip && releasesQuery.isSuccess && (
        <section aria-labelledby="shipment-new" className={classes.noPrint}>
          <Title order={2} size="h3" id="shipment-new" mb="xs">
            Record a shipment
          </Title>
          <ShipmentForm
            key={scheduled.map((r) => r.Id).join(',')}
            order={order}
            scheduled={scheduled}
          />
        </section>
      )}
      <section aria-labelledby="shipment-list">
        <Title order={2} size="h3" id="shipment-list" mb="xs">
          Shipments
        </Title>
        <Stack gap="md">
          <LoadState query={shipmentsQuery} what="the shipments" />
          {shipmentsQuery.isSuccess && shipments.length === 0 && (
            <Text role="status">Nothing has shipped on this order yet.</Text>
          )}
          {shipments.map((shipment) => (
            <ShipmentCard key={shipment.Id} shipment={shipment} />
          ))}
          {shipmentsQuery.hasNextPage && (
            <Group>
              <Button
                variant="default"
                loading={shipmentsQuery.isFetchingNextPage}
                onClick={() => void shipmentsQuery.fetchNextPage()}
              >
                Show older shipments
              </Button>
            </Group>
          )}
        </Stack>
      </section>
    </Stack>
  );
}
