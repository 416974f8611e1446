/**
 * The database schema (PostgreSQL dialect; PGlite embedded or a real server).
 *
 * Property keys are the API's PascalCase names and columns are snake_case (docs/decisions/003), so
 * a selected row already speaks the wire's language (`CustomerCode`, not `customer_code`).
 * Migrations are generated from this file (`npm run db:generate`) and committed.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CUSTOMER_SIDE_ROLE_IDS } from '../../shared/roles';
import type { ProofType } from '../../shared/proof';
import type { ShipToCopy } from '../../shared/schemas/address';
import {
  ORDER_STATUSES,
  RELEASE_STATUSES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
} from '../../shared/status';

/** PGlite hands bytea out as a Uint8Array and node-postgres as a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A transaction id (PostgreSQL's 64-bit `xid8`, which never wraps), as text in JavaScript: what the
 * events feed orders by (docs/decisions/039).
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The number a record has in the plant's own systems (the ERP's), so they can address it by their
 * key (docs/product/integration.md). Optional; unique per kind of record. A plain unique index
 * lets any number of rows have none: nulls are never equal to each other.
 */
const externalId = () => text('external_id');

/** Every mutable row carries these; Version backs `If-Match`. */
const rowDates = {
  CreatedDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  LastUpdatedDate: timestamp('last_updated_date', { withTimezone: true }).notNull().defaultNow(),
  Version: integer('version').notNull().default(1),
};

export const roles = pgTable('roles', {
  RoleId: integer('role_id').primaryKey(),
  RoleName: text('role_name').notNull().unique(),
});

export const customers = pgTable(
  'customers',
  {
    Id: serial('id').primaryKey(),
    CustomerCode: text('customer_code').notNull().unique(),
    CustomerName: text('customer_name').notNull(),
    /** Addresses that receive notices about this customer's orders and requests. */
    EmailAddresses: text('email_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    Logo: bytea('logo'),
    LogoType: text('logo_type'),
    Active: boolean('active').notNull().default(true),
    /**
     * The ISO 4217 code of the customer's currency: its catalog prices, order values and its
     * buyers' spending limits are in it.
     */
    Currency: text('currency').notNull().default('USD'),
    ExternalId: externalId(),
    ...rowDates,
  },
  (t) => [
    uniqueIndex('customers_external_id_uq').on(t.ExternalId),
    check('customers_code_upper', sql`${t.CustomerCode} = upper(${t.CustomerCode})`),
    check('customers_currency_code', sql`${t.Currency} ~ '^[A-Z]{3}$'`),
    // A logo is bytes plus the content type to serve them with, or neither.
    check('customers_logo_typed', sql`(${t.Logo} is null) = (${t.LogoType} is null)`),
    // The switch page lists by name; (name, id) is also its keyset.
    index('customers_name_id_idx').on(t.CustomerName, t.Id),
  ],
);

/**
 * A customer's ship-to address book. At most one default per customer, which the database itself
 * enforces (a partial unique index); orders keep a copy of the address, never a reference.
 */
export const shipToAddresses = pgTable(
  'ship_to_addresses',
  {
    Id: serial('id').primaryKey(),
    CustomerId: integer('customer_id')
      .notNull()
      .references(() => customers.Id),
    Name: text('name').notNull(),
    Lines: text('lines').array().notNull(),
    City: text('city').notNull(),
    Region: text('region').notNull().default(''),
    PostalCode: text('postal_code').notNull(),
    Country: text('country').notNull(),
    DeliveryNotes: text('delivery_notes').notNull().default(''),
    IsDefault: boolean('is_default').notNull().default(false),
    ...rowDates,
  },
  (t) => [
    check('ship_to_addresses_lines', sql`cardinality(${t.Lines}) between 1 and 3`),
    uniqueIndex('ship_to_addresses_one_default_uq')
      .on(t.CustomerId)
      .where(sql`${t.IsDefault}`),
    index('ship_to_addresses_customer_idx').on(t.CustomerId, t.Id),
  ],
);

export const users = pgTable(
  'users',
  {
    Id: serial('id').primaryKey(),
    /** Firebase Authentication uid. */
    Uid: text('uid').notNull().unique(),
    Email: text('email').notNull().unique(),
    FirstName: text('first_name').notNull(),
    LastName: text('last_name').notNull(),
    PlantNbr: text('plant_nbr'),
    SalesAdmin: boolean('sales_admin').notNull().default(false),
    SalesRep: boolean('sales_rep').notNull().default(false),
    CorporateId: text('corporate_id'),
    /** The person's primary role: what the signed-in record's `role` says. */
    RoleId: integer('role_id')
      .notNull()
      .references(() => roles.RoleId),
    /**
     * More roles of a customer's side held beside the primary one (a buyer who also approves):
     * docs/decisions/033. Empty for staff, who hold one role.
     */
    ExtraRoleIds: integer('extra_role_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    CustomerId: integer('customer_id').references(() => customers.Id),
    /**
     * A buyer's spending limits in minor units of the customer's currency (cents): per order, and
     * per calendar month of the orders they place. None (null) is no limit. An order over either
     * waits for one of the customer's approvers.
     */
    OrderLimit: bigint('order_limit', { mode: 'number' }),
    MonthlyLimit: bigint('monthly_limit', { mode: 'number' }),
    Active: boolean('active').notNull().default(true),
    /**
     * When the user's sessions were last ended (deactivation), to the microsecond: tokens issued
     * in that second or before are refused even after a reactivation (decision 016).
     */
    SessionsEndedAt: timestamp('sessions_ended_at', { withTimezone: true }),
    ...rowDates,
  },
  (t) => [
    // Unique emails compare case-insensitively only if they are stored in one case.
    check('users_email_lower', sql`${t.Email} = lower(${t.Email})`),
    // A customer's people always belong to exactly one customer; staff never to one.
    check(
      'users_customer_iff_customer_role',
      sql`(${t.CustomerId} is not null) = (${t.RoleId} in (${sql.raw(CUSTOMER_SIDE_ROLE_IDS.join(', '))}))`,
    ),
    // Extra roles are a customer's roles only, of a customer's people, never the primary again.
    check(
      'users_extra_roles',
      sql`${t.ExtraRoleIds} <@ array[${sql.raw(CUSTOMER_SIDE_ROLE_IDS.join(', '))}]::integer[]
        and not (${t.RoleId} = any(${t.ExtraRoleIds}))
        and (cardinality(${t.ExtraRoleIds}) = 0 or ${t.CustomerId} is not null)`,
    ),
    check(
      'users_limits',
      sql`(${t.OrderLimit} is null or ${t.OrderLimit} >= 0)
        and (${t.MonthlyLimit} is null or ${t.MonthlyLimit} >= 0)`,
    ),
    index('users_customer_id_idx').on(t.CustomerId),
  ],
);

/**
 * A program of the plant (its ERP, say) that calls the integration API with keys of its own
 * (docs/product/integration.md). Plant-wide: it acts on every customer's records, as the plant's
 * staff do, and only within its `Scopes` (INTEGRATION_SCOPES of src/shared/integration.ts).
 */
export const integrationClients = pgTable('integration_clients', {
  Id: serial('id').primaryKey(),
  Name: text('name').notNull().unique('integration_clients_name_uq'),
  Scopes: text('scopes').array().notNull(),
  CreatedByUid: text('created_by_uid').notNull(),
  ...rowDates,
});

/**
 * An API key of an integration client. The key itself is shown once, when it is made, and never
 * stored: only its SHA-256 (decision 038), looked up by equality, and its first characters to name
 * it on screens. A revoked or expired key is refused on its next request.
 */
export const integrationKeys = pgTable(
  'integration_keys',
  {
    Id: serial('id').primaryKey(),
    ClientId: integer('client_id')
      .notNull()
      .references(() => integrationClients.Id),
    /** The key's first characters (`cpk_` and a few more), to tell keys apart on screens. */
    Prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, hex. */
    SecretHash: text('secret_hash').notNull().unique('integration_keys_secret_hash_uq'),
    CreatedByUid: text('created_by_uid').notNull(),
    CreatedDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    /** When the key last authenticated a request, to the minute (written at most once a minute). */
    LastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** After this instant the key is refused; null: it does not expire. */
    ExpiresAt: timestamp('expires_at', { withTimezone: true }),
    RevokedAt: timestamp('revoked_at', { withTimezone: true }),
    RevokedByUid: text('revoked_by_uid'),
  },
  (t) => [index('integration_keys_client_idx').on(t.ClientId, t.Id)],
);

/**
 * A webhook endpoint of an integration client (docs/product/integration.md, decision 040): where
 * the portal pushes the events feed's events, signed per the Standard Webhooks specification.
 * Delivered in strict order per endpoint: a cursor into the feed, read the feed's late-commit-safe
 * way, advanced only after the receiver answered 2xx; one worker at a time holds the endpoint's
 * lease. The secret is kept in clear because signing needs it (an HMAC key, not a password).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    Id: serial('id').primaryKey(),
    ClientId: integer('client_id')
      .notNull()
      .references(() => integrationClients.Id),
    Url: text('url').notNull(),
    /** The event kinds sent (EVENT_KINDS of src/shared/events.ts). */
    EventKinds: text('event_kinds').array().notNull(),
    Active: boolean('active').notNull().default(true),
    /** Why it is paused: `manual`, or `failing` after a day of consecutive failures. */
    PausedReason: text('paused_reason'),
    PausedAt: timestamp('paused_at', { withTimezone: true }),
    /** `whsec_` and base64 of 24 random bytes. */
    Secret: text('secret').notNull(),
    /** The secret before a rotation, still signed with until it is retired. */
    PreviousSecret: text('previous_secret'),
    /** The feed position delivered up to: (transaction, event), as the feed orders them. */
    CursorTx: text('cursor_tx').notNull(),
    CursorId: bigint('cursor_id', { mode: 'number' }).notNull().default(0),
    /** Consecutive failed attempts, and since when the endpoint has failed without a success. */
    Failures: integer('failures').notNull().default(0),
    FailingSince: timestamp('failing_since', { withTimezone: true }),
    /** No attempt before this (the backoff after a failure). */
    NextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The worker delivering now, until when: one at a time per endpoint, across replicas. */
    LeaseToken: text('lease_token'),
    LeaseUntil: timestamp('lease_until', { withTimezone: true }),
    CreatedByUid: text('created_by_uid').notNull(),
    ...rowDates,
  },
  (t) => [
    index('webhook_endpoints_client_idx').on(t.ClientId, t.Id),
    check(
      'webhook_endpoints_paused_reason_ck',
      sql`${t.PausedReason} is null or ${t.PausedReason} in ('manual', 'failing')`,
    ),
  ],
);

/**
 * One attempt to deliver one event to one endpoint: the delivery log on the integrations screen.
 * `MessageId` is the `webhook-id` header, the same for every attempt of the event to the endpoint.
 * Never holds the secret or the signature.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    Id: bigserial('id', { mode: 'number' }).primaryKey(),
    EndpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.Id),
    EventId: bigint('event_id', { mode: 'number' }).notNull(),
    EventKind: text('event_kind').notNull(),
    MessageId: text('message_id').notNull(),
    /** 1 for the first attempt of the message, counting every attempt after it. */
    Attempt: integer('attempt').notNull(),
    At: timestamp('at', { withTimezone: true }).notNull(),
    /** Null when no answer came (refused address, connection failed, timed out). */
    StatusCode: integer('status_code'),
    LatencyMs: integer('latency_ms').notNull(),
    Succeeded: boolean('succeeded').notNull(),
    /** The start of the answer's body, or what went wrong, in a few hundred characters. */
    Excerpt: text('excerpt').notNull().default(''),
    /** Sent again by a person ("send again"), not by the worker. */
    Manual: boolean('manual').notNull().default(false),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.EndpointId, t.Id),
    index('webhook_deliveries_message_idx').on(t.MessageId),
  ],
);

/**
 * The event stream (docs/product/notifications.md): who changed what, when, for which customer,
 * from what to what. Written through `recordEvent` (src/server/events.ts) only, in the transaction
 * of the change.
 */
export const events = pgTable(
  'events',
  {
    Id: bigserial('id', { mode: 'number' }).primaryKey(),
    At: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** One of EVENT_KINDS (src/shared/events.ts). */
    Kind: text('kind').notNull(),
    /**
     * Firebase uid of the person, `system:<task>` for the seed and other jobs, or `client:<id>`
     * for an integration client (the plant's system), which `ActorClientId` then names.
     */
    ActorUid: text('actor_uid').notNull(),
    /** The integration client that made the change; null for a person or a job. */
    ActorClientId: integer('actor_client_id').references(() => integrationClients.Id),
    ByStaff: boolean('by_staff').notNull(),
    /** Staff did what the customer's own people do for it: its buyers read "on your behalf". */
    OnBehalf: boolean('on_behalf').notNull(),
    /** The customer the changed row belongs to; null for rows of no customer. */
    CustomerId: integer('customer_id').references(() => customers.Id),
    Entity: text('entity').notNull(),
    EntityId: text('entity_id').notNull(),
    /** The page whose activity timeline shows the event (`orders` / `requests`), if any. */
    SubjectEntity: text('subject_entity'),
    SubjectId: integer('subject_id'),
    /** The public facts of the change, for timelines and notifications. */
    Data: jsonb('data').notNull().default({}),
    Action: text('action').notNull(),
    Before: jsonb('before'),
    After: jsonb('after'),
    /**
     * The transaction that wrote the event. Ids are taken before commit, so a transaction that
     * commits late can show a lower id after a reader passed it; the events feed reads in
     * (TxId, Id) order and only transactions older than every one still running, so it never
     * skips one (docs/decisions/039).
     */
    TxId: xid8('tx_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('events_feed_idx').on(t.TxId, t.Id),
    index('events_entity_idx').on(t.Entity, t.EntityId),
    index('events_subject_idx').on(t.SubjectEntity, t.SubjectId, t.Id),
    index('events_customer_idx').on(t.CustomerId, t.Id),
  ],
);

/** `col in ('a', 'b')` for a CHECK over one of the shared status vocabularies. */
const oneOf = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/** Money: exact decimals in SQL, numbers in JSON (four places cover unit prices of small parts). */
const money = (name: string) => numeric(name, { precision: 12, scale: 4, mode: 'number' });

/**
 * A catalog item. CustomerId null = offered to every customer. Dimensions are integer sixteenths of
 * an inch (src/shared/inches.ts).
 */
export const catalogItems = pgTable(
  'catalog_items',
  {
    Id: serial('id').primaryKey(),
    ItemNumber: text('item_number').notNull(),
    Description: text('description').notNull(),
    CustomerId: integer('customer_id').references(() => customers.Id),
    Length: integer('length_16ths').notNull(),
    Width: integer('width_16ths').notNull(),
    Height: integer('height_16ths').notNull(),
    UnitOfMeasure: text('unit_of_measure').notNull().default('EA'),
    UnitPrice: money('unit_price'),
    /** Shipping facts, the defaults of a shipment's pieces, weight and class (src/shared/freight.ts). */
    WeightLbPerUnit: numeric('weight_lb_per_unit', { precision: 12, scale: 4, mode: 'number' }),
    /** How many units go in one piece (a carton, a pallet, a bundle); null when not known. */
    UnitsPerPiece: integer('units_per_piece'),
    /** The NMFC freight class ('' when not known), one of FREIGHT_CLASSES. */
    FreightClass: text('freight_class').notNull().default(''),
    /** The NMFC item number, e.g. 156600 or 156600-03; '' when not known. */
    Nmfc: text('nmfc').notNull().default(''),
    Active: boolean('active').notNull().default(true),
    ExternalId: externalId(),
    ...rowDates,
  },
  (t) => [
    uniqueIndex('catalog_items_external_id_uq').on(t.ExternalId),
    check(
      'catalog_items_shipping',
      sql`(${t.WeightLbPerUnit} is null or ${t.WeightLbPerUnit} > 0) and (${t.UnitsPerPiece} is null or ${t.UnitsPerPiece} > 0)`,
    ),
    // Unique per customer, and once among the items offered to all (NULLS NOT DISTINCT).
    unique('catalog_items_customer_item_uq').on(t.CustomerId, t.ItemNumber).nullsNotDistinct(),
    check('catalog_items_dims', sql`${t.Length} >= 0 and ${t.Width} >= 0 and ${t.Height} >= 0`),
    check('catalog_items_price', sql`${t.UnitPrice} is null or ${t.UnitPrice} >= 0`),
    index('catalog_items_item_number_idx').on(t.ItemNumber, t.Id),
  ],
);

/** Human order numbers, sequential across customers. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    Id: serial('id').primaryKey(),
    OrderNumber: integer('order_number')
      .notNull()
      .unique()
      .default(sql`nextval('order_number_seq')`),
    CustomerId: integer('customer_id')
      .notNull()
      .references(() => customers.Id),
    PoNumber: text('po_number').notNull(),
    RequestedShipDate: date('requested_ship_date', { mode: 'string' }),
    ShipTo: text('ship_to').notNull().default(''),
    /** The ship-to address as it was when the order was placed; null for orders from before the book. */
    ShipToAddress: jsonb('ship_to_address').$type<ShipToCopy>(),
    Notes: text('notes').notNull().default(''),
    Status: text('status').notNull().default('Submitted'),
    CreatedByUid: text('created_by_uid').notNull(),
    /**
     * What the order was worth when placed, from that day's catalog prices, in minor units of
     * `Currency` (the customer's); null for orders from before it was kept.
     */
    OrderValue: bigint('order_value', { mode: 'number' }),
    Currency: text('currency'),
    /**
     * The server's calendar day the order was placed on (its clock, not the database's): the
     * month a buyer's monthly spending limit counts it in. Null for orders from before.
     */
    PlacedOn: date('placed_on', { mode: 'string' }),
    /**
     * The item numbers of the order's lines, in line order, joined by ITEM_NUMBERS_SEPARATOR: kept
     * by triggers on `order_lines` (migration 0014), never written by the application, so the
     * search reads an order's number, PO and items in its one row (docs/decisions/028).
     */
    ItemNumbers: text('item_numbers').notNull().default(''),
    /** The order's number in the plant's ERP, set when the ERP acknowledges it. */
    ExternalId: externalId(),
    ...rowDates,
  },
  (t) => [
    uniqueIndex('orders_external_id_uq').on(t.ExternalId),
    check('orders_status', oneOf(t.Status, ORDER_STATUSES)),
    // Customer scoping comes first in every query; newest first within a customer.
    index('orders_customer_id_idx').on(t.CustomerId, t.Id),
    // The list's default order, read in the index from the customer's newest order (and the
    // search's ordered probe, docs/decisions/026): without it, the order-number index is walked
    // past every other customer's orders.
    index('orders_customer_number_idx').on(t.CustomerId, t.OrderNumber),
    index('orders_customer_status_idx').on(t.CustomerId, t.Status),
    index('orders_customer_po_idx').on(t.CustomerId, t.PoNumber),
    // A buyer's spending in a month (their monthly limit): their orders of that month.
    index('orders_placer_month_idx').on(t.CreatedByUid, t.PlacedOn),
    // Search anywhere in the PO and order number (docs/decisions/020: pg_trgm).
    index('orders_po_trgm_idx').using('gin', t.PoNumber.op('gin_trgm_ops')),
    index('orders_order_number_trgm_idx').using('gin', sql`(${t.OrderNumber}::text) gin_trgm_ops`),
    // The search's keys: every three characters of the order's number, PO and items, each
    // prefixed with the customer, so a lookup reads that customer's matches only, however many
    // the other customers have (migration 0014, docs/decisions/028).
    index('orders_search_keys_idx').using(
      'gin',
      sql`order_search_keys(${t.CustomerId}, ${t.OrderNumber}, ${t.PoNumber}, ${t.ItemNumbers})`,
    ),
  ],
);

/**
 * Joins the item numbers in `orders.item_numbers` (the unit separator, U+001F): no item number
 * holds it, so a search term without it matches the joined text exactly where it matches an item.
 * The same character is written in migration 0014.
 */
export const ITEM_NUMBERS_SEPARATOR = '\x1f';

/**
 * How many orders a customer has in each status, kept by triggers on `orders` in the same
 * transaction as every insert, status change and delete (migration 0013): the dashboard's status
 * counts read a handful of rows instead of every order of the customer's history
 * (docs/decisions/026). Never written by the application.
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    CustomerId: integer('customer_id')
      .notNull()
      .references(() => customers.Id, { onDelete: 'cascade' }),
    Status: text('status').notNull(),
    N: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.CustomerId, t.Status] })],
);

/**
 * A line of an order. Quantities only grow along the pipeline:
 * ordered ≥ produced ≥ released (not cancelled) ≥ shipped. Pending = ordered − shipped.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    Id: serial('id').primaryKey(),
    OrderId: integer('order_id')
      .notNull()
      .references(() => orders.Id),
    LineNumber: integer('line_number').notNull(),
    CatalogItemId: integer('catalog_item_id')
      .notNull()
      .references(() => catalogItems.Id),
    /** Copied from the item when ordered, so a later catalog edit does not rewrite history. */
    ItemNumber: text('item_number').notNull(),
    Description: text('description').notNull(),
    QtyOrdered: integer('qty_ordered').notNull(),
    QtyProduced: integer('qty_produced').notNull().default(0),
    QtyReleased: integer('qty_released').notNull().default(0),
    QtyShipped: integer('qty_shipped').notNull().default(0),
    UnitPrice: money('unit_price'),
    /** This line's own requested ship date (a quick order's sheet may give one); null = the order's. */
    RequestedShipDate: date('requested_ship_date', { mode: 'string' }),
    /**
     * The date the plant promises to ship the line by: set by staff when confirming (the order's
     * requested date unless they say otherwise), changed later only with a reason.
     */
    PromisedShipDate: date('promised_ship_date', { mode: 'string' }),
    ExternalId: externalId(),
    ...rowDates,
  },
  (t) => [
    unique('order_lines_order_line_uq').on(t.OrderId, t.LineNumber),
    uniqueIndex('order_lines_external_id_uq').on(t.ExternalId),
    // The database itself refuses a release beyond what is on hand, whatever the caller did.
    check(
      'order_lines_quantities',
      sql`${t.QtyOrdered} > 0 and ${t.QtyProduced} >= 0 and ${t.QtyProduced} <= ${t.QtyOrdered}
        and ${t.QtyReleased} >= 0 and ${t.QtyReleased} <= ${t.QtyProduced}
        and ${t.QtyShipped} >= 0 and ${t.QtyShipped} <= ${t.QtyReleased}`,
    ),
    index('order_lines_item_idx').on(t.ItemNumber),
    index('order_lines_item_trgm_idx').using('gin', t.ItemNumber.op('gin_trgm_ops')),
    // The dashboard's "on hand" (produced, not released) and late lines (something pending) are
    // a small working set of the book: partial indexes hold just those (docs/decisions/020).
    index('order_lines_on_hand_idx')
      .on(t.OrderId)
      .where(sql`${t.QtyProduced} > ${t.QtyReleased}`),
    index('order_lines_pending_idx')
      .on(t.PromisedShipDate, t.OrderId)
      .where(sql`${t.QtyOrdered} > ${t.QtyShipped}`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    Id: serial('id').primaryKey(),
    OrderId: integer('order_id')
      .notNull()
      .references(() => orders.Id),
    FromStatus: text('from_status'),
    ToStatus: text('to_status').notNull(),
    At: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ActorUid: text('actor_uid').notNull(),
    Note: text('note').notNull().default(''),
    /**
     * Set when the entry is about one line (its promised ship date) rather than a status move;
     * FromStatus and ToStatus then both hold the order's status at that moment.
     */
    OrderLineId: integer('order_line_id').references(() => orderLines.Id),
  },
  (t) => [index('order_status_history_order_idx').on(t.OrderId, t.Id)],
);

/** A buyer's request to ship produced inventory of one order line. */
export const releases = pgTable(
  'releases',
  {
    Id: serial('id').primaryKey(),
    /** Denormalised from the order so customer scoping is one indexed comparison. */
    CustomerId: integer('customer_id')
      .notNull()
      .references(() => customers.Id),
    OrderId: integer('order_id')
      .notNull()
      .references(() => orders.Id),
    OrderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.Id),
    Qty: integer('qty').notNull(),
    RequestedShipDate: date('requested_ship_date', { mode: 'string' }).notNull(),
    Status: text('status').notNull().default('requested'),
    CreatedByUid: text('created_by_uid').notNull(),
    /** The release's number in the plant's system, when the plant's system made it. */
    ExternalId: externalId(),
    ...rowDates,
  },
  (t) => [
    uniqueIndex('releases_external_id_uq').on(t.ExternalId),
    check('releases_qty', sql`${t.Qty} > 0`),
    check('releases_status', oneOf(t.Status, RELEASE_STATUSES)),
    index('releases_customer_idx').on(t.CustomerId, t.Id),
    index('releases_order_idx').on(t.OrderId),
    // The releases list's sort (date, then id) within a customer, read in order.
    index('releases_ship_date_idx').on(t.CustomerId, t.RequestedShipDate, t.Id),
    // Releases still to ship, for the dashboard's "due this week".
    index('releases_open_idx')
      .on(t.CustomerId, t.RequestedShipDate, t.Id)
      .where(sql`${t.Status} in ('requested', 'scheduled')`),
  ],
);

export const shipments = pgTable(
  'shipments',
  {
    Id: serial('id').primaryKey(),
    CustomerId: integer('customer_id')
      .notNull()
      .references(() => customers.Id),
    OrderId: integer('order_id')
      .notNull()
      .references(() => orders.Id),
    ShipDate: date('ship_date', { mode: 'string' }).notNull(),
    Carrier: text('carrier').notNull(),
    TrackingNumber: text('tracking_number').notNull().default(''),
    BolNumber: text('bol_number').notNull().default(''),
    /** How many pieces (cartons, pallets, bundles) went; null when not told. */
    Pieces: integer('pieces'),
    /** The shipment's gross weight in pounds; null when not told. */
    WeightLb: numeric('weight_lb', { precision: 12, scale: 3, mode: 'number' }),
    /** What the pieces are (src/shared/freight.ts PACKAGE_TYPES: PLT, CTN, …); '' when not told. */
    PackageType: text('package_type').notNull().default(''),
    /** The NMFC freight class and item number the bill of lading declares; '' when not told. */
    FreightClass: text('freight_class').notNull().default(''),
    Nmfc: text('nmfc').notNull().default(''),
    /** The carrier's Standard Carrier Alpha Code, and the trailer and seal the load went in. */
    Scac: text('scac').notNull().default(''),
    TrailerNumber: text('trailer_number').notNull().default(''),
    SealNumber: text('seal_number').notNull().default(''),
    CreatedByUid: text('created_by_uid').notNull(),
    ExternalId: externalId(),
    ...rowDates,
  },
  (t) => [
    uniqueIndex('shipments_external_id_uq').on(t.ExternalId),
    check('shipments_pieces', sql`${t.Pieces} is null or ${t.Pieces} > 0`),
    check('shipments_weight', sql`${t.WeightLb} is null or ${t.WeightLb} > 0`),
    index('shipments_customer_idx').on(t.CustomerId, t.ShipDate),
    index('shipments_order_idx').on(t.OrderId),
  ],
);

/**
 * Proofs of delivery staff attach to a shipment (decision 019): the file itself is kept here, in
 * the database, so every API replica and both database engines see the same bytes. Replacing a
 * proof adds a new version; the newest is the one served, the older ones stay for the record.
 */
export const shipmentProofs = pgTable(
  'shipment_proofs',
  {
    Id: serial('id').primaryKey(),
    CustomerId: integer('customer_id')
      .notNull()
      .references(() => customers.Id),
    ShipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.Id),
    FileName: text('file_name').notNull(),
    ContentType: text('content_type').$type<ProofType>().notNull(),
    Size: integer('size').notNull(),
    Content: bytea('content').notNull(),
    CreatedByUid: text('created_by_uid').notNull(),
    CreatedDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipment_proofs_shipment_idx').on(t.ShipmentId, t.Id)],
);

/**
 * Documents the server draws (a shipment's packing list), kept once drawn and served again as
 * the same bytes (docs/decisions/037). The key is a hash of everything the document shows and of
 * its layout's version, so a change to what it shows, or to how it is drawn, is a new key and a
 * new drawing: nothing is ever stale, and access is checked before the key is even known.
 * Housekeeping removes copies after a while (jobs/housekeeping.ts); one asked for again is drawn
 * again.
 */
export const drawnDocuments = pgTable(
  'drawn_documents',
  {
    Key: text('key').primaryKey(),
    /** What it is, for the log and the prune: `packing-list`. */
    Kind: text('kind').notNull(),
    Content: bytea('content').notNull(),
    CreatedDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drawn_documents_created_idx').on(t.CreatedDate)],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    Id: serial('id').primaryKey(),
    ShipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.Id),
    ReleaseId: integer('release_id')
      .notNull()
      .references(() => releases.Id),
    OrderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.Id),
    Qty: integer('qty').notNull(),
  },
  (t) => [
    check('shipment_lines_qty', sql`${t.Qty} > 0`),
    index('shipment_lines_shipment_idx').on(t.ShipmentId),
    // A release's shipment, joined by every list of releases.
    index('shipment_lines_release_idx').on(t.ReleaseId),
  ],
);

/**
 * The staff inbox: quote requests, contact messages and access requests. Payload is the type's own
 * shape, validated by the shared schemas before it is written.
 */
export const requests = pgTable(
  'requests',
  {
    Id: serial('id').primaryKey(),
    Type: text('type').notNull(),
    Status: text('status').notNull().default('new'),
    /** The customer the request is about; null for access requests. */
    CustomerId: integer('customer_id').references(() => customers.Id),
    /** The portal user who made it; null for access requests (no portal record yet). */
    UserId: integer('user_id').references(() => users.Id),
    RequesterUid: text('requester_uid').notNull(),
    RequesterEmail: text('requester_email').notNull(),
    /**
     * Whether the requester's token said the address was proven when they asked: staff are shown
     * an unproven address as such (decision 016).
     */
    RequesterEmailVerified: boolean('requester_email_verified').notNull().default(false),
    Subject: text('subject').notNull(),
    Payload: jsonb('payload').notNull(),
    /** Staff's answer to a quote: prices per quantity break and a valid-until date. */
    Quote: jsonb('quote'),
    /** accepted | declined (quotes), approved | rejected (access). */
    Decision: text('decision'),
    DecisionReason: text('decision_reason'),
    /** Staff have not opened it since the requester last wrote. */
    UnreadByStaff: boolean('unread_by_staff').notNull().default(true),
    ...rowDates,
  },
  (t) => [
    check('requests_type', oneOf(t.Type, REQUEST_TYPES)),
    check('requests_status', oneOf(t.Status, REQUEST_STATUSES)),
    index('requests_status_idx').on(t.Status, t.Id),
    index('requests_customer_idx').on(t.CustomerId, t.Id),
    index('requests_requester_idx').on(t.RequesterUid, t.Id),
  ],
);

export const requestMessages = pgTable(
  'request_messages',
  {
    Id: serial('id').primaryKey(),
    RequestId: integer('request_id')
      .notNull()
      .references(() => requests.Id),
    AuthorUid: text('author_uid').notNull(),
    AuthorName: text('author_name').notNull(),
    FromStaff: boolean('from_staff').notNull(),
    Body: text('body').notNull(),
    At: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_messages_request_idx').on(t.RequestId, t.Id)],
);

/**
 * A saved order list: named lines a customer's buyers order again and again, shared by every buyer
 * of the customer. Lines are `{ CatalogItemId, QtyOrdered }`, checked against the customer's
 * catalog when saved and again when an order is placed from them.
 */
export const orderLists = pgTable(
  'order_lists',
  {
    Id: serial('id').primaryKey(),
    CustomerId: integer('customer_id')
      .notNull()
      .references(() => customers.Id),
    Name: text('name').notNull(),
    Lines: jsonb('lines').notNull(),
    CreatedByUid: text('created_by_uid').notNull(),
    ...rowDates,
  },
  (t) => [unique('order_lists_customer_name_uq').on(t.CustomerId, t.Name)],
);

/**
 * The first answer to a creating POST per (caller, scope, Idempotency-Key), so a replay returns it
 * instead of creating again (docs/product/api.md#idempotency). In the database, not in memory, so
 * every API replica sees it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    PrincipalUid: text('principal_uid').notNull(),
    /** Method, concrete path (ids included) and customer, e.g. `POST /api/db/orders customer 5`. */
    Scope: text('scope').notNull(),
    Key: text('key').notNull(),
    /** Hash of the request body: the same key with another body is a client bug, answered 422. */
    RequestHash: text('request_hash').notNull(),
    Status: integer('status'),
    Body: jsonb('body'),
    CreatedDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.PrincipalUid, t.Scope, t.Key] })],
);

/** Fixed-window counters for rate limits, shared by every API replica. */
export const rateLimits = pgTable('rate_limits', {
  Bucket: text('bucket').primaryKey(),
  WindowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  Count: integer('count').notNull(),
});

/**
 * In-app notifications: one row per event and person told of it, made by the dispatcher from the
 * event stream (src/server/notifications). The unique pair is what makes a second dispatcher, or a
 * second pass over the same event, tell no one twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    Id: bigserial('id', { mode: 'number' }).primaryKey(),
    EventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.Id),
    UserId: integer('user_id')
      .notNull()
      .references(() => users.Id),
    /** One of NOTIFICATION_TOPICS (src/shared/notifications.ts). */
    Topic: text('topic').notNull(),
    ReadAt: timestamp('read_at', { withTimezone: true }),
    CreatedDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('notifications_event_user_uq').on(t.EventId, t.UserId),
    // A person's list, newest first, and their unread count.
    index('notifications_user_idx').on(t.UserId, t.Id),
  ],
);

/**
 * How far the dispatcher has read the event stream. Events at or below `Watermark` are all
 * handled; above it, `notification_fanouts` marks each one handled. Ids are taken when a
 * transaction starts its insert, not when it commits, so a later id can be seen before an earlier
 * one: the watermark only passes events old enough that no transaction can still be writing below.
 */
export const notificationDispatch = pgTable('notification_dispatch', {
  Id: integer('id').primaryKey(),
  Watermark: bigint('watermark', { mode: 'number' }).notNull(),
});

/** Events above the watermark already handled, by whichever dispatcher inserted the row first. */
export const notificationFanouts = pgTable('notification_fanouts', {
  EventId: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => events.Id),
  At: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person's choices of email and push per topic, as `NotificationChoices`
 * (src/shared/notifications.ts). No row: every topic takes its defaults.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  UserId: integer('user_id')
    .primaryKey()
    .references(() => users.Id),
  Choices: jsonb('choices').notNull().default({}),
  Version: integer('version').notNull().default(1),
  LastUpdatedDate: timestamp('last_updated_date', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A device a person turned push on for: the browser's push subscription. The endpoint is the push
 * service's URL for that one device; it is unique, so one device belongs to one person at a time.
 * Removed when the person turns push off there, signs out, or the push service answers that it is
 * gone (404/410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    Id: serial('id').primaryKey(),
    UserId: integer('user_id')
      .notNull()
      .references(() => users.Id),
    Endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_uq'),
    /** The device's public key (P-256, base64url) and auth secret, to encrypt each payload. */
    P256dh: text('p256dh').notNull(),
    Auth: text('auth').notNull(),
    /** How the settings page names the device ("Chrome on Android"). */
    Device: text('device').notNull(),
    CreatedDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.UserId)],
);

/**
 * One email or push message to send: written by the dispatcher in the transaction that fans its
 * event out, with the queue's job beside it. The unique triple is what makes each (event,
 * recipient, channel) one message however many dispatchers run; `SentAt` is what keeps a job run
 * twice (a worker lost after sending) from sending twice.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    Id: bigserial('id', { mode: 'number' }).primaryKey(),
    EventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.Id),
    Channel: text('channel').notNull(),
    /** The email address (email), or the push subscription's id (push). */
    Recipient: text('recipient').notNull(),
    /** The person told; null for a notice address of the customer that is nobody's login. */
    UserId: integer('user_id').references(() => users.Id),
    Topic: text('topic').notNull(),
    Status: text('status').notNull().default('queued'),
    Attempts: integer('attempts').notNull().default(0),
    LastError: text('last_error'),
    CreatedDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    SentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('deliveries_event_channel_recipient_uq').on(t.EventId, t.Channel, t.Recipient),
    check('deliveries_channel_ck', oneOf(t.Channel, ['email', 'push'])),
    check('deliveries_status_ck', oneOf(t.Status, ['queued', 'sent', 'failed', 'skipped'])),
  ],
);

/**
 * Keys the server makes for itself when the environment gives none (local use): the VAPID key
 * pair of Web Push. Kept in the database so that every replica and every restart signs with the
 * same pair; a browser's subscription is bound to the public key it was made with.
 */
export const serverKeys = pgTable('server_keys', {
  Name: text('name').primaryKey(),
  Value: jsonb('value').notNull(),
  CreatedDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Notice addresses of a customer (EmailAddresses) that unsubscribed from one kind of its order
 * notices: they have no login and no settings, so the suppression is kept per customer, address
 * and topic.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    CustomerId: integer('customer_id')
      .notNull()
      .references(() => customers.Id),
    Email: text('email').notNull(),
    /** One of NOTIFICATION_TOPICS. */
    Topic: text('topic').notNull(),
    CreatedDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.CustomerId, t.Email, t.Topic] })],
);

/**
 * Invoices, credit notes and payments (docs/product/invoices.md, docs/decisions/041): the plant's
 * ERP issues them and sends them through the integration API; the portal shows them to the
 * customer. Money is integer minor units of the invoice's currency (the customer's), never a
 * float. `AmountPaid` is what payments and credit notes have taken off the invoice, kept by the
 * service in the transaction that applies them.
 */
export const invoices = pgTable(
  'invoices',
  {
    Id: serial('id').primaryKey(),
    CustomerId: integer('customer_id')
      .notNull()
      .references(() => customers.Id),
    ExternalId: text('external_id').notNull(),
    InvoiceNumber: text('invoice_number').notNull(),
    InvoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    DueDate: date('due_date', { mode: 'string' }).notNull(),
    PaymentTerms: text('payment_terms').notNull().default(''),
    /** The PO the invoice bills (the order's, or what the ERP says); searched by the list. */
    PoNumber: text('po_number').notNull().default(''),
    Currency: text('currency').notNull(),
    Subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    Tax: bigint('tax', { mode: 'number' }).notNull(),
    Total: bigint('total', { mode: 'number' }).notNull(),
    AmountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    /** open, partly_paid, paid or void (src/shared/invoices.ts); overdue is read from DueDate. */
    Status: text('status').notNull().default('open'),
    /** The ERP's own PDF of the invoice, when it sent one; else the portal draws one. */
    Pdf: bytea('pdf'),
    ...rowDates,
  },
  (t) => [
    uniqueIndex('invoices_external_id_uq').on(t.ExternalId),
    check('invoices_status', sql`${t.Status} in ('open', 'partly_paid', 'paid', 'void')`),
    check('invoices_sums', sql`${t.Total} = ${t.Subtotal} + ${t.Tax} and ${t.Total} >= 0`),
    check('invoices_paid', sql`${t.AmountPaid} >= 0 and ${t.AmountPaid} <= ${t.Total}`),
    index('invoices_customer_due_idx').on(t.CustomerId, t.DueDate, t.Id),
    index('invoices_customer_date_idx').on(t.CustomerId, t.InvoiceDate, t.Id),
  ],
);

/** A line of an invoice: what it bills, pointing at the order line and shipment when it can. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    Id: serial('id').primaryKey(),
    InvoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.Id, { onDelete: 'cascade' }),
    LineNumber: integer('line_number').notNull(),
    OrderId: integer('order_id').references(() => orders.Id),
    OrderLineId: integer('order_line_id').references(() => orderLines.Id),
    ShipmentId: integer('shipment_id').references(() => shipments.Id),
    Description: text('description').notNull(),
    Qty: integer('qty').notNull(),
    /** Minor units per unit. */
    UnitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    Amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('invoice_lines_line_uq').on(t.InvoiceId, t.LineNumber),
    index('invoice_lines_order_idx').on(t.OrderId),
  ],
);

/** A credit note against one invoice: takes `Amount` off what is owed on it. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    Id: serial('id').primaryKey(),
    CustomerId: integer('customer_id')
      .notNull()
      .references(() => customers.Id),
    ExternalId: text('external_id').notNull(),
    CreditNoteNumber: text('credit_note_number').notNull(),
    InvoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.Id),
    CreditDate: date('credit_date', { mode: 'string' }).notNull(),
    Currency: text('currency').notNull(),
    Amount: bigint('amount', { mode: 'number' }).notNull(),
    Reason: text('reason').notNull().default(''),
    ...rowDates,
  },
  (t) => [
    uniqueIndex('credit_notes_external_id_uq').on(t.ExternalId),
    check('credit_notes_amount', sql`${t.Amount} > 0`),
    index('credit_notes_customer_date_idx').on(t.CustomerId, t.CreditDate, t.Id),
    index('credit_notes_invoice_idx').on(t.InvoiceId),
  ],
);

/** A payment received from the customer, wholly applied to its invoices (decision 041). */
export const payments = pgTable(
  'payments',
  {
    Id: serial('id').primaryKey(),
    CustomerId: integer('customer_id')
      .notNull()
      .references(() => customers.Id),
    ExternalId: text('external_id').notNull(),
    PaymentDate: date('payment_date', { mode: 'string' }).notNull(),
    Currency: text('currency').notNull(),
    Amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The customer's cheque or transfer reference. */
    Reference: text('reference').notNull().default(''),
    ...rowDates,
  },
  (t) => [
    uniqueIndex('payments_external_id_uq').on(t.ExternalId),
    check('payments_amount', sql`${t.Amount} > 0`),
    index('payments_customer_date_idx').on(t.CustomerId, t.PaymentDate, t.Id),
  ],
);

/** How a payment was applied: so much of it to each invoice. */
export const paymentApplications = pgTable(
  'payment_applications',
  {
    PaymentId: integer('payment_id')
      .notNull()
      .references(() => payments.Id, { onDelete: 'cascade' }),
    InvoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.Id),
    Amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.PaymentId, t.InvoiceId] }),
    check('payment_applications_amount', sql`${t.Amount} > 0`),
    index('payment_applications_invoice_idx').on(t.InvoiceId),
  ],
);

/**
 * The credit the plant extends to a customer, in minor units of the customer's currency, as its
 * ERP sends it; no row when none is set (the order review then warns of nothing). Apart from
 * `customers` so the customer's row, its screens and its writes stay as they are.
 */
export const customerCredit = pgTable('customer_credit', {
  CustomerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.Id, { onDelete: 'cascade' }),
  CreditLimit: bigint('credit_limit', { mode: 'number' }).notNull(),
  LastUpdatedDate: timestamp('last_updated_date', { withTimezone: true }).notNull().defaultNow(),
});
