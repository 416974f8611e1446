/**
 * `/app/audit` (administrators): every event of the stream, newest first — when, who, for which
 * customer, what kind, which record in the portal's words ("order 100027 line 2, item ACM-1003"),
 * not tables and row ids — filtered by customer, person, entity, kind and days, with the
 * row before and after the change on demand and a CSV of everything the filters match. The
 * filters live in the URL (the route owns them), so a filtered view can be shared and comes back
 * with the Back button.
 */
import { Box, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  actorLine,
  actsInCustomersPlace,
  recordName,
  SYSTEM_ACTOR_NAME,
} from '../../../../shared/activity';
import {
  EVENT_ENTITIES,
  EVENT_KIND_LABELS,
  EVENT_KINDS,
  type EventKind,
} from '../../../../shared/events';
import { formatDateTime } from '../../../../shared/format';
import type { EventRow } from '../../../../shared/schemas/events';
import { useCsvExport } from '../../../lib/use-csv-export';
import { DataTable, type Column } from '../../../ui/data-table';
import { ListFeedback } from '../../../ui/list-feedback';
import { useSearchInput } from '../../../ui/use-search-input';
import { auditCsv } from '../audit-csv';
import { getAllEvents, NO_EVENT_FILTERS, useEvents, type EventFilters } from '../api/get-events';

type Entity = (typeof EVENT_ENTITIES)[number];

/** As many columns of fields as fit, one on a phone: a plain CSS grid. */
const FIELD_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 15rem), 1fr))',
  gap: 'var(--mantine-spacing-sm)',
} as const;

const ENTITY_LABELS: Record<Entity, string> = {
  orders: 'Orders',
  order_lines: 'Order lines',
  releases: 'Releases',
  shipments: 'Shipments',
  shipment_proofs: 'Proofs of delivery',
  requests: 'Requests',
  request_messages: 'Request messages',
  customers: 'Customers',
  users: 'Users',
  roles: 'Roles',
  catalog_items: 'Catalog items',
  order_lists: 'Order lists',
  ship_to_addresses: 'Ship-to addresses',
  integration_clients: 'Integration clients',
  integration_keys: 'API keys',
  webhook_endpoints: 'Webhooks',
  invoices: 'Invoices',
  payments: 'Payments',
  credit_notes: 'Credit notes',
};

const kindLabel = (kind: string): string => EVENT_KIND_LABELS[kind as EventKind] ?? kind;

/** The record an event changed, as people name it: "Order 100027 line 2, item ACM-1003". */
const recordOf = (event: EventRow): string => {
  const name = recordName(event);
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/** The order or request page an event belongs to, by its number or subject. */
function belongsTo(event: EventRow): string | null {
  if (event.SubjectEntity === null || event.SubjectId === null) return null;
  const subject = recordName({
    Entity: event.SubjectEntity,
    EntityId: String(event.SubjectId),
    Data: event.Data,
  });
  return subject.charAt(0).toUpperCase() + subject.slice(1);
}

const isFiltered = (filters: EventFilters) =>
  (Object.keys(NO_EVENT_FILTERS) as (keyof EventFilters)[]).some(
    (key) => filters[key] !== NO_EVENT_FILTERS[key],
  );

function Customer({ event }: { event: EventRow }) {
  if (event.CustomerCode === null) {
    return (
      <Text span size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return <>{event.CustomerCode}</>;
}

function columns(
  open: (event: EventRow) => void,
): readonly [Column<EventRow>, ...Column<EventRow>[]] {
  return [
    { header: 'When', cell: (e) => formatDateTime(e.At) },
    {
      header: 'Who',
      cell: (e) => (
        <>
          <Text size="sm">{e.ActorName}</Text>
          {e.ByStaff && e.ActorName !== SYSTEM_ACTOR_NAME && (
            <Text size="xs" c="dimmed">
              {e.OnBehalf && actsInCustomersPlace(e.Kind)
                ? 'Plant staff, for the customer'
                : 'Plant staff'}
            </Text>
          )}
        </>
      ),
    },
    { header: 'Customer', cell: (e) => <Customer event={e} /> },
    { header: 'Kind', cell: (e) => kindLabel(e.Kind) },
    { header: 'What', cell: (e) => e.Text, wrap: true },
    { header: 'Record', cell: recordOf, breakable: true },
    {
      header: 'Change',
      cell: (e) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => open(e)}
          aria-label={`Details of event ${e.Id}`}
        >
          Details
        </Button>
      ),
    },
  ];
}

const shown = (value: unknown): string =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

interface FieldChange {
  Field: string;
  Before: string;
  After: string;
}

/** The fields a change touched: every field of a create or a delete, the differing ones otherwise. */
export function changedFields(event: Pick<EventRow, 'Before' | 'After'>): FieldChange[] {
  const before = event.Before ?? {};
  const after = event.After ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter(
      (field) =>
        event.Before === null ||
        event.After === null ||
        JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    )
    .map((field) => ({ Field: field, Before: shown(before[field]), After: shown(after[field]) }));
}

/** A value of a row; JSON (a shipment's lines) has no spaces to wrap at, so it breaks anywhere. */
const Value = ({ text }: { text: string }) => (
  <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
    {text}
  </Text>
);

const CHANGE_COLUMNS: readonly [Column<FieldChange>, ...Column<FieldChange>[]] = [
  { header: 'Field', cell: (c) => c.Field },
  { header: 'Before', cell: (c) => <Value text={c.Before} />, wrap: true },
  { header: 'After', cell: (c) => <Value text={c.After} />, wrap: true },
];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function EventDetails({ event, onClose }: { event: EventRow | null; onClose: () => void }) {
  const changes = event ? changedFields(event) : [];
  return (
    <Modal
      opened={event !== null}
      onClose={onClose}
      title={event ? `Event ${event.Id}: ${kindLabel(event.Kind)}` : ''}
      size="xl"
    >
      {event && (
        <Stack gap="md">
          <Text>{event.Text}</Text>
          <Box style={FIELD_GRID}>
            <Fact label="When">{formatDateTime(event.At)}</Fact>
            <Fact label="Who">{actorLine(event, 'staff').replace(/^by /, '')}</Fact>
            <Fact label="Customer">
              {event.CustomerName ? `${event.CustomerName} (${event.CustomerCode})` : 'None'}
            </Fact>
            <Fact label="Record">{recordOf(event)}</Fact>
            {belongsTo(event) !== null && <Fact label="On the page of">{belongsTo(event)}</Fact>}
            <Fact label="Actor uid">{event.ActorUid}</Fact>
          </Box>
          {changes.length === 0 ? (
            <Text size="sm" c="dimmed">
              No row was recorded before or after this change.
            </Text>
          ) : (
            <DataTable<FieldChange>
              caption={`Change of event ${event.Id}`}
              minWidth={520}
              rows={changes}
              rowKey={(c) => c.Field}
              columns={CHANGE_COLUMNS}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}

export interface AuditListProps {
  filters: EventFilters;
  onFiltersChange: (next: EventFilters) => void;
  /** The customer filter, supplied by the route (customers are another feature). */
  customerFilter: ReactNode;
}

export function AuditList({ filters, onFiltersChange, customerFilter }: AuditListProps) {
  const query = useEvents(filters);
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const [details, setDetails] = useState<EventRow | null>(null);
  const [actor, setActor] = useSearchInput(filters.actor, (value) =>
    onFiltersChange({ ...filters, actor: value }),
  );
  const filtered = isFiltered(filters);

  const { exporting, exportCsv } = useCsvExport({
    load: () => getAllEvents(filters),
    csv: auditCsv,
    fileName: 'audit-log',
    noun: 'events',
    kept: 'newest',
  });

  return (
    <Stack gap="md">
      <Box style={FIELD_GRID}>
        {customerFilter}
        <TextInput
          label="Person"
          description="Email address or user id"
          value={actor}
          onChange={(event) => setActor(event.currentTarget.value)}
        />
        <Select
          label="Kind"
          description="Any kind when empty"
          placeholder="All kinds"
          searchable
          clearable
          data={EVENT_KINDS.map((kind) => ({ value: kind, label: EVENT_KIND_LABELS[kind] }))}
          value={filters.kind}
          onChange={(value) => onFiltersChange({ ...filters, kind: value as EventKind | null })}
        />
        <Select
          label="Record"
          description="The kind of record changed"
          placeholder="All records"
          clearable
          data={EVENT_ENTITIES.map((entity) => ({ value: entity, label: ENTITY_LABELS[entity] }))}
          value={filters.entity}
          onChange={(value) => onFiltersChange({ ...filters, entity: value as Entity | null })}
        />
        <TextInput
          type="date"
          label="From"
          description="First day, included"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onFiltersChange({ ...filters, from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          description="Last day, included"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onFiltersChange({ ...filters, to: event.currentTarget.value })}
        />
      </Box>
      <Group gap="sm">
        <Button
          variant="default"
          onClick={() => void exportCsv()}
          loading={exporting}
          disabled={rows.length === 0}
        >
          Export CSV
        </Button>
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => {
              setActor('');
              onFiltersChange(NO_EVENT_FILTERS);
            }}
          >
            Clear filters
          </Button>
        )}
      </Group>
      <ListFeedback
        query={query}
        count={rows.length}
        noun="events"
        empty={filtered ? 'No event matches these filters.' : 'Nothing has been recorded yet.'}
      >
        <DataTable<EventRow>
          caption="Events"
          minWidth={1000}
          rows={rows}
          rowKey={(event) => event.Id}
          columns={columns(setDetails)}
        />
      </ListFeedback>
      <EventDetails event={details} onClose={() => setDetails(null)} />
    </Stack>
  );
}
