/**
 * The SQL of requests and their threads. Who may see what is decided by the caller's
 * `RequestVisibility`, applied in every query's WHERE, so a request out of reach is simply not
 * found.
 */
import { and, asc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  requestDetailSchema,
  requestMessageSchema,
  requestRowSchema,
  type RequestCountRow,
  type RequestDetail,
  type RequestListQuery,
  type RequestMessage,
  type RequestRow,
} from '../../shared/schemas/requests';
import { REQUEST_STATUSES, type RequestStatus, type RequestType } from '../../shared/status';
import type { Db } from '../db/database';
import { customers, requestMessages, requests, users } from '../db/schema';
import {
  keysetAfterCursor,
  keysetKey,
  keysetOrder,
  keysetPage,
  timeKey,
  type Keyset,
} from '../db/keyset';
import { containsPattern } from '../db/search';

/** A requests row; its CHECK constraints hold Type and Status to the shared vocabularies. */
export type RequestRecord = Omit<typeof requests.$inferSelect, 'Type' | 'Status'> & {
  Type: RequestType;
  Status: RequestStatus;
};
export type NewRequest = typeof requests.$inferInsert & { Type: RequestType };
export type RequestMessageRecord = typeof requestMessages.$inferSelect;

/**
 * What a caller may see: everything (administrators, who work the inbox), or what they asked
 * themselves plus the requests of one customer (a buyer's own; the one staff act for).
 */
export type RequestVisibility =
  | { readonly all: true }
  | { readonly all: false; readonly uid: string; readonly customerId: number | null };

function visibleTo(visibility: RequestVisibility): SQL | undefined {
  if (visibility.all) return undefined;
  const own = eq(requests.RequesterUid, visibility.uid);
  return visibility.customerId === null
    ? own
    : or(own, eq(requests.CustomerId, visibility.customerId));
}

const rowColumns = {
  ...getTableColumns(requests),
  CustomerCode: customers.CustomerCode,
  CustomerName: customers.CustomerName,
  UserFirstName: users.FirstName,
  UserLastName: users.LastName,
  MessageCount: sql<number>`(select count(*)::int from ${requestMessages} where ${requestMessages.RequestId} = ${requests.Id})`,
};

/** Requests with their customer, requester and message count; `extra` adds columns (a sort key). */
const selectRows = <Extra extends Record<string, SQL>>(db: Db, extra = {} as Extra) =>
  db
    .select({ ...rowColumns, ...extra })
    .from(requests)
    .leftJoin(customers, eq(customers.Id, requests.CustomerId))
    .leftJoin(users, eq(users.Id, requests.UserId))
    .$dynamic();
type SelectedRow = Awaited<ReturnType<typeof selectRows<Record<never, SQL>>>>[number];

/** The requester's name: the portal user's, else the name an access request gave, else the email. */
function requesterName(
  row: Pick<SelectedRow, 'UserFirstName' | 'UserLastName' | 'Type' | 'Payload' | 'RequesterEmail'>,
): string {
  if (row.UserFirstName !== null && row.UserLastName !== null) {
    return `${row.UserFirstName} ${row.UserLastName}`;
  }
  const payload = row.Payload as { FirstName?: unknown; LastName?: unknown };
  if (row.Type === 'access' && typeof payload.FirstName === 'string') {
    return `${payload.FirstName} ${String(payload.LastName ?? '')}`.trim();
  }
  return row.RequesterEmail;
}

/** The API's shape; parsing also narrows the jsonb columns to their type's schema. */
function toRequestRow({
  UserFirstName,
  UserLastName,
  CreatedDate,
  LastUpdatedDate,
  ...rest
}: SelectedRow): RequestRow {
  return requestRowSchema.parse({
    ...rest,
    RequesterName: requesterName({ ...rest, UserFirstName, UserLastName }),
    CreatedDate: CreatedDate.toISOString(),
    LastUpdatedDate: LastUpdatedDate.toISOString(),
  });
}

function toMessage({ Id, AuthorName, FromStaff, Body, At }: RequestMessageRecord): RequestMessage {
  return requestMessageSchema.parse({ Id, AuthorName, FromStaff, Body, At: At.toISOString() });
}

type Filters = Pick<RequestListQuery, 'type' | 'customer' | 'mine' | 'search'>;

function filtersOf(visibility: RequestVisibility, uid: string, filters: Filters): SQL[] {
  const where: SQL[] = [];
  const visible = visibleTo(visibility);
  if (visible) where.push(visible);
  if (filters.type) where.push(eq(requests.Type, filters.type));
  if (filters.customer !== undefined) where.push(eq(requests.CustomerId, filters.customer));
  if (filters.mine === 'true') where.push(eq(requests.RequesterUid, uid));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    const matches = [
      ilike(requests.Subject, pattern),
      ilike(requests.RequesterEmail, pattern),
      ilike(customers.CustomerCode, pattern),
      ilike(customers.CustomerName, pattern),
      ilike(sql`${users.FirstName} || ' ' || ${users.LastName}`, pattern),
    ];
    // "#42" or "42" finds request 42 too.
    const id = /^#?(\d{1,9})$/.exec(filters.search)?.[1];
    if (id !== undefined) matches.push(eq(requests.Id, Number(id)));
    where.push(or(...matches)!);
  }
  return where;
}

/**
 * The two orders of the inbox, by when requests arrived: newest or oldest first (the id breaks
 * ties). Not by id alone: a request's number says nothing of its date once requests are loaded
 * from elsewhere or seeded with their own dates.
 */
const arrived = timeKey(requests.CreatedDate);
const REQUEST_SORTS = {
  newest: { columns: [arrived, requests.Id], descending: true },
  oldest: { columns: [arrived, requests.Id], descending: false },
} satisfies Record<RequestListQuery['sort'], Keyset>;

export async function listRequests(
  db: Db,
  {
    visibility,
    uid,
    query,
  }: {
    visibility: RequestVisibility;
    uid: string;
    query: RequestListQuery;
  },
): Promise<{ rows: RequestRow[]; nextCursor: string | null }> {
  const keyset = REQUEST_SORTS[query.sort];
  const where = filtersOf(visibility, uid, query);
  if (query.status) where.push(eq(requests.Status, query.status));
  if (query.unread) where.push(eq(requests.UnreadByStaff, query.unread === 'true'));
  const after = keysetAfterCursor(query.cursor, query.sort, keyset);
  if (after) where.push(after);
  const found = await selectRows(db, { key: keysetKey(keyset) })
    .where(and(...where))
    .orderBy(...keysetOrder(keyset))
    // One more than asked tells whether another page follows.
    .limit(query.limit + 1);
  const page = keysetPage(found, query.limit, query.sort, (row) => row.key);
  return {
    rows: page.rows.map(({ key: _key, ...row }) => toRequestRow(row)),
    nextCursor: page.nextCursor,
  };
}

/** How many requests there are in each status (all four, zeros included) under the filters. */
export async function countRequests(
  db: Db,
  { visibility, uid, filters }: { visibility: RequestVisibility; uid: string; filters: Filters },
): Promise<RequestCountRow[]> {
  const counted = await db
    .select({
      Status: requests.Status,
      Count: sql<number>`count(*)::int`,
      Unread: sql<number>`(count(*) filter (where ${requests.UnreadByStaff}))::int`,
    })
    .from(requests)
    .leftJoin(customers, eq(customers.Id, requests.CustomerId))
    .leftJoin(users, eq(users.Id, requests.UserId))
    .where(and(...filtersOf(visibility, uid, filters)))
    .groupBy(requests.Status);
  return REQUEST_STATUSES.map((status) => {
    const row = counted.find((r) => r.Status === status);
    return { Status: status, Count: row?.Count ?? 0, Unread: row?.Unread ?? 0 };
  });
}

export async function findRequestRow(db: Db, id: number): Promise<RequestRow | null> {
  const [found] = await selectRows(db).where(eq(requests.Id, id)).limit(1);
  return found ? toRequestRow(found) : null;
}

/** Whether request `id` exists and the caller may read it (as `findRequestDetail` would find it). */
export async function isRequestVisible(
  db: Db,
  id: number,
  visibility: RequestVisibility,
): Promise<boolean> {
  const [found] = await db
    .select({ Id: requests.Id })
    .from(requests)
    .where(and(eq(requests.Id, id), visibleTo(visibility)))
    .limit(1);
  return found !== undefined;
}

/** A visible request with its thread, oldest message first. */
export async function findRequestDetail(
  db: Db,
  id: number,
  visibility: RequestVisibility,
): Promise<RequestDetail | null> {
  const [found] = await selectRows(db)
    .where(and(eq(requests.Id, id), visibleTo(visibility)))
    .limit(1);
  if (!found) return null;
  const thread = await db
    .select()
    .from(requestMessages)
    .where(eq(requestMessages.RequestId, id))
    .orderBy(asc(requestMessages.Id));
  return requestDetailSchema.parse({ ...toRequestRow(found), Messages: thread.map(toMessage) });
}

/**
 * A visible request, locked until the transaction ends, so that a decision is taken on the state
 * it reads: two staff answering at once, or a buyer accepting while staff revise, queue up here.
 */
export async function lockRequest(
  tx: Db,
  id: number,
  visibility: RequestVisibility,
): Promise<RequestRecord | null> {
  const [found] = await tx
    .select()
    .from(requests)
    .where(and(eq(requests.Id, id), visibleTo(visibility)))
    .for('update');
  return (found as RequestRecord | undefined) ?? null;
}

export type RequestChanges = Partial<
  Pick<
    RequestRecord,
    | 'Status'
    | 'Quote'
    | 'Decision'
    | 'DecisionReason'
    | 'UnreadByStaff'
    | 'UserId'
    | 'CustomerId'
    | 'RequesterEmailVerified'
  >
>;

/** Applies a change to a locked request at `version`, bumping Version and LastUpdatedDate. */
export async function updateRequest(
  tx: Db,
  record: RequestRecord,
  changes: RequestChanges,
): Promise<RequestRecord> {
  const [updated] = await tx
    .update(requests)
    .set({ ...changes, Version: sql`${requests.Version} + 1`, LastUpdatedDate: sql`now()` })
    .where(and(eq(requests.Id, record.Id), eq(requests.Version, record.Version)))
    .returning();
  // The row is locked by `lockRequest`: its version cannot have moved meanwhile.
  if (!updated) throw new Error(`Request ${record.Id} changed under its lock`);
  return updated as RequestRecord;
}

/**
 * Clears the unread mark without bumping Version: opening a request changes nothing anyone could
 * overwrite, and a bump would turn every open into a 412 for whoever loaded it before.
 */
export async function markRead(tx: Db, id: number): Promise<void> {
  await tx.update(requests).set({ UnreadByStaff: false }).where(eq(requests.Id, id));
}

/**
 * Records that the requester has proven the address since asking (decision 016). Like a read
 * mark it does not bump Version: it is a fact Firebase states, not a change anyone could overwrite.
 */
export async function markRequesterEmailVerified(db: Db, id: number): Promise<void> {
  await db.update(requests).set({ RequesterEmailVerified: true }).where(eq(requests.Id, id));
}

export async function insertRequest(tx: Db, values: NewRequest): Promise<RequestRecord> {
  const [created] = await tx.insert(requests).values(values).returning();
  if (!created) throw new Error('Inserting a request returned no row');
  return created as RequestRecord;
}

export async function insertMessage(
  tx: Db,
  values: typeof requestMessages.$inferInsert,
): Promise<{ record: RequestMessageRecord; row: RequestMessage }> {
  const [created] = await tx.insert(requestMessages).values(values).returning();
  if (!created) throw new Error('Inserting a message returned no row');
  return { record: created, row: toMessage(created) };
}

/**
 * Serialises access requests of one account for the rest of the transaction, so "one open
 * request per account" holds when two arrive at once (on any replica).
 */
export async function lockAccessRequestsOf(tx: Db, uid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`access-request:${uid}`}))`);
}

export async function accessRequestsOf(
  tx: Db,
  uid: string,
): Promise<{ open: number; total: number }> {
  const [counted] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${inArray(requests.Status, ['new', 'in_review'] satisfies RequestStatus[])}))::int`,
    })
    .from(requests)
    .where(and(eq(requests.RequesterUid, uid), eq(requests.Type, 'access')));
  return { open: counted?.open ?? 0, total: counted?.total ?? 0 };
}

export async function findCustomer(
  tx: Db,
  id: number,
): Promise<{ Id: number; Active: boolean; CustomerName: string; CustomerCode: string } | null> {
  const [found] = await tx
    .select({
      Id: customers.Id,
      Active: customers.Active,
      CustomerName: customers.CustomerName,
      CustomerCode: customers.CustomerCode,
    })
    .from(customers)
    .where(eq(customers.Id, id));
  return found ?? null;
}
