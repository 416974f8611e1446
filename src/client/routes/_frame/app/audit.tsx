/** `/app/audit` (administrators): the audit log, every change recorded in the event stream. */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { EVENT_ENTITIES, EVENT_KINDS } from '../../../../shared/events';
import { getEventsQueryOptions, type EventFilters } from '../../../features/audit/api/get-events';
import { AuditList } from '../../../features/audit/components/audit-list';
import { userCustomerFilter } from '../../../features/customers/components/customer-picker';
import { loadSearchData } from '../../../lib/route-data';
import { allowedValue, cleanSearch, rowId } from '../../../lib/search-params';
import { pageHead } from '../../../ui/page-title';

/** The filters as the URL holds them: `customer`, `actor`, `entity`, `kind`, `from`, `to`. */
export interface AuditSearch {
  customer?: number;
  actor?: string;
  entity?: string;
  kind?: string;
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined);

/** A kind or an entity as it may appear in the URL; which ones exist is checked by `filtersOf`. */
const NAME = /^[a-z_]{1,40}(\.[a-z_]{1,40})?$/;
const name = (value: unknown) =>
  typeof value === 'string' && NAME.test(value) ? value : undefined;

/**
 * What does not fit is left out (the list shows everything for it). The lists of kinds and
 * entities are not read here: this runs when the app starts, before any page's chunk.
 */
function validateSearch(search: Record<string, unknown>): AuditSearch {
  const customer = rowId(search.customer);
  const actor = typeof search.actor === 'string' ? search.actor.trim().slice(0, 128) : '';
  const entity = name(search.entity);
  const kind = name(search.kind);
  const from = day(search.from);
  const to = day(search.to);
  return {
    ...(customer !== undefined && { customer }),
    ...(actor && { actor }),
    ...(entity && { entity }),
    ...(kind && { kind }),
    ...(from && { from }),
    ...(to && { to }),
  };
}

const filtersOf = (search: AuditSearch): EventFilters => ({
  customerId: search.customer ?? null,
  actor: search.actor ?? '',
  entity: allowedValue(search.entity, EVENT_ENTITIES) ?? null,
  kind: allowedValue(search.kind, EVENT_KINDS) ?? null,
  from: search.from ?? '',
  to: search.to ?? '',
});

const searchOf = (filters: EventFilters): AuditSearch =>
  cleanSearch(
    {
      customer: filters.customerId,
      actor: filters.actor,
      entity: filters.entity,
      kind: filters.kind,
      from: filters.from,
      to: filters.to,
    },
    {},
  ) as AuditSearch;

export const Route = createFileRoute('/_frame/app/audit')({
  head: () => pageHead('Audit log'),
  validateSearch,
  // The list's parameters are the loader's dependencies: a change of them loads that list
  // (route-data.ts). Picked as the URL holds them: `loaderDeps` stays in the route tree of the
  // first load, and `filtersOf` reads the kinds and entities, which travel with the page.
  loaderDeps: ({ search: { customer, actor, entity, kind, from, to } }) => ({
    customer,
    actor,
    entity,
    kind,
    from,
    to,
  }),
  loader: ({ context: { queryClient }, deps, cause }) =>
    loadSearchData(cause, () =>
      queryClient.ensureInfiniteQueryData(getEventsQueryOptions(filtersOf(deps))),
    ),
  component: AuditPage,
});

function AuditPage() {
  const navigate = Route.useNavigate();
  const filters = filtersOf(Route.useSearch());
  const change = (next: EventFilters) => void navigate({ search: searchOf(next), replace: true });
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Audit log</Title>
        <Text c="dimmed">
          Every change made in the portal, newest first: who made it, for which customer, and the
          record before and after.
        </Text>
      </div>
      <AuditList
        filters={filters}
        onFiltersChange={change}
        customerFilter={userCustomerFilter({
          value: filters.customerId,
          onChange: (customerId) => change({ ...filters, customerId }),
        })}
      />
    </Stack>
  );
}
