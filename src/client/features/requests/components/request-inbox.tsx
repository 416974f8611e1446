/**
 * The staff inbox (`/app/requests/all`): every quote request, contact message and access request,
 * newest first, filtered by status (with counts), type, customer, unread and a search. Unread
 * requests (new, or the requester wrote since staff last opened them) are marked. A list of cards
 * rather than a table, so it reads the same on a phone.
 */
import {
  Badge,
  Checkbox,
  Chip,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { STATUS_LABELS } from '../../../../shared/request-status';
import type { RequestRow } from '../../../../shared/schemas/requests';
import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  type RequestStatus,
  type RequestType,
} from '../../../../shared/status';
import { useRequestCounts } from '../api/get-request-counts';
import { inboxQueryFilters, useRequests, type InboxFilters } from '../api/get-requests';
import { TYPE_LABELS } from '../request-format';
import { formatCount, formatDateTime } from '../../../../shared/format';
import type { CustomerSlot } from '../../../ui/customer-slot';
import { RequestStatusBadge, RequestTypeBadge } from './request-badges';
import classes from './requests.module.css';
import { ListFeedback } from '../../../ui/list-feedback';
import { useSearchInput } from '../../../ui/use-search-input';

export interface RequestInboxProps {
  filters: InboxFilters;
  onFiltersChange: (next: InboxFilters) => void;
  customerFilter: CustomerSlot;
}

/** A select of one filter: its first option is "not filtered", which the URL leaves out. */
interface FilterSelectProps<T extends string> {
  label: string;
  description: string;
  /** The first option. */
  unfiltered: { value: string; label: string };
  options: ReadonlyArray<{ value: T; label: string }>;
}

const TYPE_FILTER: FilterSelectProps<RequestType> = {
  label: 'Type',
  description: 'Which kind of request',
  unfiltered: { value: '', label: 'All types' },
  options: REQUEST_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })),
};

const SORT_FILTER: FilterSelectProps<'oldest'> = {
  label: 'Order',
  description: 'By when they arrived',
  unfiltered: { value: 'newest', label: 'Newest first' },
  options: [{ value: 'oldest', label: 'Oldest first' }],
};

function FilterSelect<T extends string>({
  unfiltered,
  options,
  value,
  onChange,
  ...labels
}: FilterSelectProps<T> & { value: T | undefined; onChange: (value: T | undefined) => void }) {
  return (
    <NativeSelect
      {...labels}
      value={value ?? unfiltered.value}
      data={[unfiltered, ...options]}
      onChange={(event) =>
        onChange(options.find((option) => option.value === event.currentTarget.value)?.value)
      }
    />
  );
}

export function RequestInbox({ filters, onFiltersChange, customerFilter }: RequestInboxProps) {
  const change = (next: Partial<InboxFilters>) => onFiltersChange({ ...filters, ...next });
  const inbox = inboxQueryFilters(filters);
  const query = useRequests(inbox.list);
  const counts = useRequestCounts(inbox.counts);
  const [searchText, setSearchText] = useSearchInput(filters.search ?? '', (text) =>
    onFiltersChange({ ...filters, search: text.trim() || undefined }),
  );
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = counts.data?.reduce((sum, c) => sum + c.Count, 0);

  const countLabel = (status: RequestStatus | 'all') => {
    if (!counts.data) return '';
    if (status === 'all') return ` · ${total}`;
    const row = counts.data.find((c) => c.Status === status);
    if (!row) return '';
    return row.Unread > 0 ? ` · ${row.Count} (${row.Unread} unread)` : ` · ${row.Count}`;
  };

  return (
    <Stack gap="md">
      <Fieldset variant="unstyled" legend="Status" p={0}>
        <Chip.Group
          multiple={false}
          value={filters.status ?? 'all'}
          onChange={(value) =>
            change({ status: value === 'all' ? undefined : (value as RequestStatus) })
          }
        >
          <Group gap="xs" mt={4}>
            {(['all', ...REQUEST_STATUSES] as const).map((status) => (
              <Chip key={status} value={status} type="radio" variant="outline">
                {status === 'all' ? 'All' : STATUS_LABELS[status]}
                {countLabel(status)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Fieldset>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label="Search"
          description="Subject, requester, customer or #number"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
          }}
        />
        <FilterSelect {...TYPE_FILTER} value={filters.type} onChange={(type) => change({ type })} />
        {customerFilter({
          value: filters.customer ?? null,
          onChange: (customer) => change({ customer: customer ?? undefined }),
        })}
        <FilterSelect {...SORT_FILTER} value={filters.sort} onChange={(sort) => change({ sort })} />
      </SimpleGrid>
      <Checkbox
        label="Unread only"
        checked={filters.unread ?? false}
        onChange={(event) => change({ unread: event.currentTarget.checked || undefined })}
      />

      <ListFeedback
        query={query}
        count={rows.length}
        noun="requests"
        empty="No request matches these filters."
      >
        <ul className={classes.list} aria-label="Requests">
          {rows.map((row) => (
            <li key={row.Id}>
              <InboxItem row={row} />
            </li>
          ))}
        </ul>
      </ListFeedback>
    </Stack>
  );
}

function InboxItem({ row }: { row: RequestRow }) {
  const unread = row.UnreadByStaff;
  return (
    <Link
      to="/app/requests/$id"
      params={{ id: String(row.Id) }}
      className={classes.inboxItem}
      data-unread={unread || undefined}
    >
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {unread && (
              <Badge size="sm" variant="filled" flex="none">
                Unread
              </Badge>
            )}
            {/* Wrapped, not cut: on a phone the subject is most of what says which request it is. */}
            <Text fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
              {row.Subject}
            </Text>
          </Group>
          <Group gap="xs">
            <RequestTypeBadge type={row.Type} />
            <RequestStatusBadge status={row.Status} />
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          #{row.Id} · {row.RequesterName}
          {row.CustomerName ? ` · ${row.CustomerName}` : ''} · {formatDateTime(row.CreatedDate)}
          {row.MessageCount > 0 ? ` · ${formatCount(row.MessageCount, 'message')}` : ''}
        </Text>
      </Stack>
    </Link>
  );
}
