/** Releases as a table: one order's, or across orders and customers (`/app/inventory-releases`). */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReleaseRow } from '../../../../shared/schemas/order';
import {
  formatDate,
  formatQty,
  formatReleaseNumber,
  formatShipmentNumber,
} from '../../../../shared/format';
import { AnchorLink } from '../../../ui/anchor-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { ReleaseStatusBadge } from '../../../ui/order-status-badge';

export interface ReleasesTableProps {
  releases: readonly ReleaseRow[];
  /** Across orders: show the order (and, for staff, the customer). */
  showOrder?: boolean;
  showCustomer?: boolean;
  /** Whether the order may be opened from here (staff only for the customer they act for). */
  canOpenOrder?: (release: ReleaseRow) => boolean;
  /** Buttons for a release, in the last column. */
  actions?: (release: ReleaseRow) => ReactNode;
  label: string;
}

export function ReleasesTable({
  releases,
  showOrder = false,
  showCustomer = false,
  canOpenOrder = () => true,
  actions,
  label,
}: ReleasesTableProps) {
  const columns: Array<Column<ReleaseRow> | false> = [
    showCustomer && { header: 'Customer', cell: (release) => release.CustomerCode },
    showOrder && {
      header: 'Order',
      cell: (release) =>
        canOpenOrder(release) ? (
          <AnchorLink to="/app/order/$id/release" params={{ id: String(release.OrderId) }} fw={600}>
            {release.OrderNumber}
          </AnchorLink>
        ) : (
          release.OrderNumber
        ),
    },
    showOrder && { header: 'PO number', cell: (release) => release.PoNumber },
    {
      header: 'Item',
      cell: (release) => (
        <>
          <Text span fw={600}>
            {release.ItemNumber}
          </Text>
          <Text span size="sm" c="dimmed">
            {' '}
            (line {release.LineNumber})
          </Text>
        </>
      ),
    },
    { header: 'Qty', cell: (release) => formatQty(release.Qty), numeric: true },
    { header: 'Status', cell: (release) => <ReleaseStatusBadge status={release.Status} /> },
    {
      header: 'Release',
      cell: (release) => (
        <>
          {formatReleaseNumber(release.OrderNumber, release.Sequence)}
          {/* Below the release's number rather than beside it: the two numbers side by side
              would widen the table past a laptop's width. */}
          {release.ShipmentSequence !== null && (
            <Text size="sm" c="dimmed">
              shipment {formatShipmentNumber(release.OrderNumber, release.ShipmentSequence)}
            </Text>
          )}
        </>
      ),
    },
  ];
  return (
    <DataTable<ReleaseRow>
      caption={label}
      minWidth={showOrder ? 900 : 720}
      rows={releases}
      rowKey={(release) => release.Id}
      actions={actions}
      cardTitle={(release) => (
        <>
          <Text span c="dimmed" size="sm">
            Requested ship{' '}
          </Text>
          {formatDate(release.RequestedShipDate)}
        </>
      )}
      columns={[
        { header: 'Requested ship', cell: (release) => formatDate(release.RequestedShipDate) },
        ...columns.filter((column) => column !== false),
      ]}
    />
  );
}
