/**
 * `/app/order/$id/shipment`: each shipment with its carrier, tracking number (a link to the
 * carrier's page when we know the carrier), BOL and lines, and its documents (packing list and
 * proofs of delivery); staff record new ones here, from the order's scheduled releases (which the
 * route reads with the releases feature and passes in).
 */
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { canShip } from '../../../../shared/order-status';
import type { OrderDetail, ReleaseRow, ShipmentRow } from '../../../../shared/schemas/order';
import { useOrderShipments } from '../api/get-order-shipments';
import {
  formatDate,
  formatErpNumber,
  formatQty,
  formatShipmentNumber,
} from '../../../../shared/format';
import classes from '../../../ui/print.module.css';
import { useOrdering } from '../../../auth/use-ordering';
import { LoadState } from '../../../ui/load-state';
import { LinesTable, sumOf } from '../../../ui/lines-table';
import { ShipmentDocuments } from './shipment-documents';
import { ShipmentForm } from './shipment-form';
import { TitledSection } from '../../../ui/titled-section';

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
  const number = formatShipmentNumber(shipment.OrderNumber, shipment.Sequence);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Shipment {number}, {formatDate(shipment.ShipDate)}
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
          {shipment.Pieces !== null && (
            <div>
              <Text size="sm" c="dimmed">
                Pieces
              </Text>
              <Text>{formatQty(shipment.Pieces)}</Text>
            </div>
          )}
          {shipment.WeightLb !== null && (
            <div>
              <Text size="sm" c="dimmed">
                Weight
              </Text>
              <Text>{formatQty(shipment.WeightLb)} lb</Text>
            </div>
          )}
          {shipment.ExternalId !== null && (
            <div>
              <Text size="sm" c="dimmed">
                Plant's number
              </Text>
              <Text>{formatErpNumber(shipment.ExternalId)}</Text>
            </div>
          )}
        </SimpleGrid>
        <LinesTable
          label={`Lines of shipment ${number}`}
          minWidth={300}
          verticalSpacing={4}
          lines={shipment.Lines}
          lineKey={(line) => line.Id}
          item={(line) => `${line.LineNumber}. ${line.ItemNumber}`}
          description={(line) => line.Description}
          figures={[
            {
              header: 'Qty',
              cell: (line) => formatQty(line.Qty),
              total: formatQty(sumOf(shipment.Lines, (line) => line.Qty)),
            },
          ]}
        />
        <ShipmentDocuments shipment={shipment} />
      </Stack>
    </Paper>
  );
}

export function OrderShipments({
  order,
  releases,
}: {
  order: OrderDetail;
  /** The order's releases, once loaded (null until then): a shipment is made from the scheduled ones. */
  releases: readonly ReleaseRow[] | null;
}) {
  const { actor, customerId } = useOrdering();
  const shipmentsQuery = useOrderShipments(customerId, order.Id);
  const shipments = shipmentsQuery.data?.pages.flatMap((p) => p.data) ?? [];
  const staffMayShip = actor === 'staff' && canShip(order.Status);
  const scheduled = (releases ?? []).filter((r) => r.Status === 'scheduled');
  const shippedQty = order.Lines.reduce((sum, line) => sum + line.QtyShipped, 0);
  const pending = order.Lines.reduce((sum, line) => sum + line.QtyPending, 0);

  return (
    <Stack gap="lg">
      <Text>
        <strong>{formatQty(shippedQty)}</strong> shipped so far;{' '}
        <strong>{formatQty(pending)}</strong> still pending on this order.
      </Text>
      {staffMayShip && releases !== null && (
        <TitledSection id="shipment-new" title="Record a shipment" className={classes.noPrint}>
          <ShipmentForm
            key={scheduled.map((r) => r.Id).join(',')}
            order={order}
            scheduled={scheduled}
          />
        </TitledSection>
      )}
      <TitledSection id="shipment-list" title="Shipments">
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
      </TitledSection>
    </Stack>
  );
}
