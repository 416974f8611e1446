/**
 * `/app`: the customer's day at a glance — open orders, the latest orders, inventory on hand
 * awaiting release, releases due this week, recent shipments, and shipped quantity per week.
 */
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { OPEN_ORDER_STATUSES, ORDER_STATUS_LABELS } from '../../../../shared/order-status';
import type { Dashboard as DashboardFigures } from '../../../../shared/schemas/dashboard';
import { useDashboard } from '../api/get-dashboard';
import { formatCount, formatDate, formatQty, formatUnits } from '../../../../shared/format';
import classes from './dashboard.module.css';
// Printed, the dashboard shows its content only, as an order's pages do.
import '../../../ui/print.css';
import { useOrdering } from '../../../auth/use-ordering';
import { useCan } from '../../../auth/use-can';
import { AnchorLink, ButtonLink } from '../../../ui/anchor-link';
import { LoadState } from '../../../ui/load-state';
import { useAfterFirstPaint } from '../../../ui/use-after-first-paint';
import { OrderStatusBadge, ReleaseStatusBadge } from '../../../ui/order-status-badge';
import { ShippedChart } from './shipped-chart';

function Figure({ label, value, detail }: { label: string; value: string; detail: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="sm">{detail}</Text>
    </Paper>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The dashboard's lists: each section's heading id, title and what it says when empty. */
const LIST_SECTIONS = {
  onHand: {
    id: 'dash-on-hand',
    title: 'On hand, awaiting release',
    empty: 'Nothing is waiting to be released.',
  },
  due: { id: 'dash-due', title: 'Releases due this week', empty: 'No release is due this week.' },
  shipments: { id: 'dash-shipments', title: 'Recent shipments', empty: 'Nothing has shipped yet.' },
  orders: { id: 'dash-orders', title: 'Recent orders', empty: 'No order has been placed yet.' },
} as const;

/** A section listing some of the figures' rows, or saying there are none. */
function ListSection<Row>({
  id,
  title,
  rows,
  empty,
  children,
}: {
  id: string;
  title: string;
  rows: readonly Row[];
  empty: string;
  children: (row: Row) => ReactNode;
}) {
  return (
    <Section id={id} title={title}>
      {rows.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <Stack gap={6}>{rows.map(children)}</Stack>
      )}
    </Section>
  );
}

/** One row of a list section: what it is, and its figure or status at the end. */
function ListRow({ children, end }: { children: ReactNode; end: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" miw={0}>
        {children}
      </Text>
      {end}
    </Group>
  );
}

/** A link to one of the order's pages, named by its number. */
function OrderLink({
  page,
  order,
}: {
  page: '/app/order/$id' | '/app/order/$id/release' | '/app/order/$id/shipment';
  order: { OrderId: number; OrderNumber: number };
}) {
  return (
    <AnchorLink to={page} params={{ id: String(order.OrderId) }} underline="always">
      Order {order.OrderNumber}
    </AnchorLink>
  );
}

function Figures({ figures }: { figures: DashboardFigures }) {
  const shipped12 = figures.ShippedPerWeek.reduce((sum, w) => sum + w.Qty, 0);
  const openBreakdown = OPEN_ORDER_STATUSES.filter((s) => figures.OrdersByStatus[s] > 0)
    .map((s) => `${figures.OrdersByStatus[s]} ${ORDER_STATUS_LABELS[s].toLowerCase()}`)
    .join(', ');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="md">
        <Figure
          label="Open orders"
          value={formatQty(figures.OpenOrders)}
          detail={
            <AnchorLink
              to="/app/order/all"
              search={{ status: OPEN_ORDER_STATUSES.join(',') }}
              underline="always"
            >
              {openBreakdown || 'None open'}
            </AnchorLink>
          }
        />
        <Figure
          label="On hand, awaiting release"
          value={formatQty(figures.OnHandQty)}
          detail={`${figures.OnHandQty === 1 ? 'unit' : 'units'} on ${formatCount(figures.OnHandLineCount, 'line')}`}
        />
        <Figure
          label="Releases due this week"
          value={formatQty(figures.DueThisWeekCount)}
          detail={`${formatUnits(figures.DueThisWeekQty)} by ${formatDate(figures.WeekEnd)}`}
        />
        <Figure
          label="Late lines"
          value={formatQty(figures.LateLineCount)}
          detail={
            figures.LateLineCount === 0 ? (
              'Every line is on time'
            ) : (
              <AnchorLink to="/app/order/all" search={{ late: true }} underline="always">
                Promised date passed, still pending
              </AnchorLink>
            )
          }
        />
        <Figure
          label="Shipped, last 12 weeks"
          value={formatQty(shipped12)}
          detail={`${figures.RecentShipments.length > 0 ? `last on ${formatDate(figures.RecentShipments[0]!.ShipDate)}` : 'no shipments yet'}`}
        />
      </SimpleGrid>

      <ListsAfterFirstPaint figures={figures} />
    </Stack>
  );
}

/**
 * The lists and the chart are below the first screen of a phone: they follow a frame later. The
 * wait is kept here, not in the figures, which would otherwise render again with them.
 */
function ListsAfterFirstPaint({ figures }: { figures: DashboardFigures }) {
  return useAfterFirstPaint() ? <Lists figures={figures} /> : null;
}

/** The rows behind the figures: lines on hand, releases due, recent shipments, the weekly chart. */
function Lists({ figures }: { figures: DashboardFigures }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {/* An order's page offers "Order again" on every tab: two taps from here to the form. */}
      <ListSection {...LIST_SECTIONS.orders} rows={figures.RecentOrders}>
        {(order) => (
          <ListRow key={order.Id} end={<OrderStatusBadge status={order.Status} />}>
            <OrderLink page="/app/order/$id" order={{ ...order, OrderId: order.Id }} /> · PO{' '}
            {order.PoNumber} · {formatDate(order.PlacedOn)}
          </ListRow>
        )}
      </ListSection>

      <ListSection {...LIST_SECTIONS.onHand} rows={figures.OnHandLines}>
        {(line) => (
          <ListRow
            key={line.OrderLineId}
            end={
              <Text size="sm" fw={600} className={classes.numeric}>
                {formatQty(line.QtyOnHand)}
              </Text>
            }
          >
            <OrderLink page="/app/order/$id/release" order={line} /> · {line.ItemNumber}
          </ListRow>
        )}
      </ListSection>

      <ListSection {...LIST_SECTIONS.due} rows={figures.DueReleases}>
        {(release) => (
          <ListRow key={release.Id} end={<ReleaseStatusBadge status={release.Status} />}>
            {formatDate(release.RequestedShipDate)} ·{' '}
            <OrderLink page="/app/order/$id/release" order={release} /> · {formatQty(release.Qty)} ×{' '}
            {release.ItemNumber}
          </ListRow>
        )}
      </ListSection>

      <ListSection {...LIST_SECTIONS.shipments} rows={figures.RecentShipments}>
        {(shipment) => (
          <Text key={shipment.Id} size="sm">
            {formatDate(shipment.ShipDate)} ·{' '}
            <OrderLink page="/app/order/$id/shipment" order={shipment} /> ·{' '}
            {formatUnits(shipment.Qty)} by {shipment.Carrier}
            {shipment.TrackingUrl && (
              <>
                {' '}
                ·{' '}
                <Anchor
                  href={shipment.TrackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  underline="always"
                >
                  track {shipment.TrackingNumber}
                </Anchor>
              </>
            )}
          </Text>
        )}
      </ListSection>

      <Section id="dash-chart" title="Shipped per week">
        <ShippedChart weeks={figures.ShippedPerWeek} />
      </Section>
    </SimpleGrid>
  );
}

/**
 * `account` is the customer's account tiles (open balance, overdue), which the route composes
 * from the invoices feature.
 */
export function Dashboard({ firstName, account }: { firstName: string; account?: ReactNode }) {
  const { customerId, customerName, customerCode } = useOrdering();
  const canOrder = useCan('order:place');
  const query = useDashboard(customerId);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Dashboard</Title>
          <Text c="dimmed">
            Welcome, {firstName}
            {customerName && ` · ${customerName} (${customerCode})`}
          </Text>
        </div>
        <Group gap="sm">
          <ButtonLink to="/app/order/all" variant="default">
            All orders
          </ButtonLink>
          {canOrder && <ButtonLink to="/app/order/new">New order</ButtonLink>}
        </Group>
      </Group>
      {account}
      <LoadState query={query} what="the dashboard" />
      {query.data && <Figures figures={query.data} />}
    </Stack>
  );
}
