/** Releases as a table: one order's, or across orders and customers (`/app/inventory-releases`). */
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReleaseRow } from '../../../../shared/schemas/order';
import { formatDate, formatQty } from '../../../../shared/format';
import classes from '../orders.module.css';
import { AnchorLink } from '../../../ui/anchor-link';
import { ReleaseStatusBadge } from './order-status-badge';
import { TableScroll } from '../../../ui/table-scroll';

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
  return (
    <TableScroll label={label} minWidth={showOrder ? 900 : 720}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.stickyCol}>Requested ship</Table.Th>
            {showCustomer && <Table.Th>Customer</Table.Th>}
            {showOrder && <Table.Th>Order</Table.Th>}
            {showOrder && <Table.Th>PO number</Table.Th>}
            <Table.Th>Item</Table.Th>
            <Table.Th className={classes.numeric}>Qty</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Release</Table.Th>
            {actions && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {releases.map((release) => (
            <Table.Tr key={release.Id}>
              <Table.Td className={`${classes.stickyCol} ${classes.nowrap}`}>
                {formatDate(release.RequestedShipDate)}
              </Table.Td>
              {showCustomer && <Table.Td>{release.CustomerCode}</Table.Td>}
              {showOrder && (
                <Table.Td>
                  {canOpenOrder(release) ? (
                    <AnchorLink
                      to="/app/order/$id/release"
                      params={{ id: String(release.OrderId) }}
                      fw={600}
                    >
                      {release.OrderNumber}
                    </AnchorLink>
                  ) : (
                    release.OrderNumber
                  )}
                </Table.Td>
              )}
              {showOrder && <Table.Td className={classes.nowrap}>{release.PoNumber}</Table.Td>}
              <Table.Td className={classes.nowrap}>
                <Text span fw={600}>
                  {release.ItemNumber}
                </Text>
                <Text span size="sm" c="dimmed">
                  {' '}
                  (line {release.LineNumber})
                </Text>
              </Table.Td>
              <Table.Td className={classes.numeric}>{formatQty(release.Qty)}</Table.Td>
              <Table.Td className={classes.nowrap}>
                <ReleaseStatusBadge status={release.Status} />
              </Table.Td>
              <Table.Td>
                #{release.Id}
                {release.ShipmentId !== null && (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    · shipment #{release.ShipmentId}
                  </Text>
                )}
              </Table.Td>
              {actions && <Table.Td>{actions(release)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
