/**
 * `/app/inventory-releases`: releases across orders. Buyers see their own customer's; staff see
 * every customer's, with a customer filter the route supplies. Filters live in the URL.
 */
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RELEASE_STATUS_LABELS } from '../../../../shared/order-status';
import { RELEASE_DATE_LABELS, RELEASE_SORT_LABELS } from '../../../../shared/list-options';
import { RELEASE_SORTS, type ReleaseSort } from '../../../../shared/schemas/order';
import { RELEASE_STATUSES, type ReleaseStatus } from '../../../../shared/status';
import {
  releasesViewer,
  useInventoryReleases,
  type InventoryReleaseFilters,
} from '../api/get-inventory-releases';
import { useOrdering } from '../../../auth/use-ordering';
import { LoadState } from '../../../ui/load-state';
import { isFiltered } from '../../../lib/list-search';
import { NO_RELEASE_FILTERS } from '../release-filters';
import { ListFilterBar, type ListFilterKind } from '../../../ui/list-filter-bar';
// Printed, the list shows its content only, as an order's pages do.
import '../../../ui/print.css';
import { ReleasesTable } from './releases-table';
import { ShowMoreButton } from '../../../ui/show-more-button';

const RELEASE_LIST: ListFilterKind<ReleaseStatus, ReleaseSort, InventoryReleaseFilters> = {
  statuses: RELEASE_STATUSES,
  statusLabels: RELEASE_STATUS_LABELS,
  sorts: RELEASE_SORTS,
  sortLabels: RELEASE_SORT_LABELS,
  dateLabels: RELEASE_DATE_LABELS,
  none: NO_RELEASE_FILTERS,
};

export interface InventoryReleasesProps {
  filters: InventoryReleaseFilters;
  onFiltersChange: (next: InventoryReleaseFilters) => void;
  /** Staff: the customer filter (all customers when none is chosen). */
  customerFilter?: ReactNode;
}

export function InventoryReleases({
  filters,
  onFiltersChange,
  customerFilter,
}: InventoryReleasesProps) {
  const { actor, customerId } = useOrdering();
  const staff = actor === 'staff';
  const query = useInventoryReleases(releasesViewer(staff, customerId), filters);
  const releases = query.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = isFiltered(filters, NO_RELEASE_FILTERS);

  return (
    <Stack gap="md">
      <ListFilterBar
        {...RELEASE_LIST}
        filters={filters}
        onFiltersChange={onFiltersChange}
        before={customerFilter}
      />

      <LoadState query={query} what="the releases" />
      {query.isSuccess && releases.length === 0 && (
        <Text role="status">
          {filtered ? 'No releases match these filters.' : 'Nothing has been released yet.'}
        </Text>
      )}
      {releases.length > 0 && (
        <ReleasesTable
          label="Inventory releases"
          releases={releases}
          showOrder
          showCustomer={staff}
          // Staff open orders of the customer they act for; the others need a switch first.
          canOpenOrder={(release) => release.CustomerId === customerId}
        />
      )}
      {staff && releases.some((r) => r.CustomerId !== customerId) && (
        <Text size="sm" c="dimmed">
          To open an order of another customer, switch to that customer first.
        </Text>
      )}
      <ShowMoreButton query={query} label="Show more releases" />
    </Stack>
  );
}
