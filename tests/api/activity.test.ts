/**
 * Reading the event stream (docs/product/notifications.md): an order's and a request's activity
 * timeline, readable by exactly whoever may read the order or request, with staff's actions marked
 * as done on the customer's behalf; and the administrators' audit list (`/api/db/events`) with its
 * filters, keyset pages and CSV. Runs on PGlite and on PostgreSQL.
 */
import Papa from 'papaparse';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, requests } from '../../src/server/db/schema';
import { auditCsv } from '../../src/client/features/audit/audit-csv';
import { addDays } from '../../src/shared/calendar-date';
import { actorLine } from '../../src/shared/activity';
import type { ActivityRow, EventRow } from '../../src/shared/schemas/events';
import { placeOrder, ship, shipWholeOrder } from './order-support';
import { call, json, onBehalf, setupFixture, type Caller, type TestApi } from './support';

let api: TestApi;
let acme: number;
let globex: number;
let buyer: Caller;
let staff: Caller;

beforeAll(async () => {
  ({ api, acme, globex, buyer, staff } = await setupFixture());
});
afterAll(() => api?.close());

interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

const timeline = async (who: Caller, path: string) =>
  json<Page<ActivityRow>>(await call(api, who, 'GET', path), 200);

const eventsPage = async (query: string) =>
  json<Page<EventRow>>(await call(api, { as: 'admin' }, 'GET', `/api/db/events?${query}`), 200);

/** Every event the query matches, following the pages' cursors. */
async function allEvents(query: string): Promise<{ rows: EventRow[]; pages: number }> {
  const rows: EventRow[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Page<EventRow> = await eventsPage(
      cursor ? `${query}&cursor=${encodeURIComponent(cursor)}` : query,
    );
    rows.push(...page.data);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null);
  return { rows, pages };
}

const staffName = () => `${api.accounts.rep.firstName} ${api.accounts.rep.lastName}`;
const buyerName = () => `${api.accounts.buyerAcme.firstName} ${api.accounts.buyerAcme.lastName}`;

/** Places an ACME order, and has staff confirm, produce, schedule and ship all of it. */
async function shippedOrder() {
  const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 6 }]);
  await shipWholeOrder(api, buyer, staff, order.Id);
  return order;
}

describe("an order's activity timeline", () => {
  it("shows the buyer every step in order, staff's by name and as the plant's own work", async () => {
    const order = await shippedOrder();
    const { data, nextCursor } = await timeline(buyer, `/api/db/orders/${order.Id}/activity`);
    expect(nextCursor).toBeNull();
    // The lines' quantity bookkeeping and each release's "shipped" are folded into the release
    // and the shipment that caused them.
    expect(data.map((e) => e.Kind)).toEqual([
      'order.placed',
      'order.confirmed',
      'order_line.production_recorded',
      'order.ready',
      'release.requested',
      'release.scheduled',
      'shipment.recorded',
      'order.shipped',
    ]);
    const [placed, confirmed] = data;
    expect(placed).toMatchObject({ ActorName: buyerName(), ByStaff: false, OnBehalf: false });
    // Confirming and shipping are the plant's work, not something staff did in the buyer's place.
    expect(confirmed).toMatchObject({
      ActorName: staffName(),
      ByStaff: true,
      OnBehalf: false,
      Text: 'Confirmed the order',
    });
    expect(actorLine(confirmed!, 'buyer')).toBe(`by ${staffName()}, plant staff`);
    const shipment = data.find((e) => e.Kind === 'shipment.recorded')!;
    expect(shipment).toMatchObject({ ActorName: staffName(), OnBehalf: false });
    expect(shipment.Text).toBe('Shipped 6 by UPS, tracking number 1Z999AA10123456784');
    expect(data.find((e) => e.Kind === 'release.requested')!.Text).toMatch(
      /^Released 6 of line 1 \(ACM-1001\) for shipment on /,
    );
    // A timeline never carries the rows before and after, nor the raw facts.
    for (const entry of data) {
      expect(Object.keys(entry).sort()).toEqual(
        [
          'ActorCompany',
          'ActorName',
          'At',
          'ByClient',
          'ByStaff',
          'Id',
          'Kind',
          'OnBehalf',
          'Text',
        ].sort(),
      );
    }
    // Staff acting for ACME read the same timeline.
    const asStaff = await timeline(staff, `/api/db/orders/${order.Id}/activity`);
    expect(asStaff.data.map((e) => e.Id)).toEqual(data.map((e) => e.Id));
  });

  it('pages oldest first with a cursor, without gaps or repeats', async () => {
    const order = await shippedOrder();
    const path = `/api/db/orders/${order.Id}/activity`;
    const whole = (await timeline(buyer, path)).data.map((e) => e.Id);
    const first = await timeline(buyer, `${path}?limit=3`);
    expect(first.data).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const rest = await timeline(
      buyer,
      `${path}?limit=200&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect([...first.data, ...rest.data].map((e) => e.Id)).toEqual(whole);
  });

  it("is a 404 for another customer's buyer, and for staff acting for another customer", async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1002', QtyOrdered: 1 }]);
    const path = `/api/db/orders/${order.Id}/activity`;
    expect((await call(api, { as: 'buyerGlobex' }, 'GET', path)).status).toBe(404);
    // A buyer's X-Customer-Id is ignored: their own customer always wins.
    const posing = await call(api, { as: 'buyerGlobex', headers: onBehalf(acme) }, 'GET', path);
    expect(posing.status).toBe(404);
    const otherCustomer = await call(api, { as: 'rep', headers: onBehalf(globex) }, 'GET', path);
    expect(otherCustomer.status).toBe(404);
  });
});

describe("a request's activity timeline", () => {
  it('shows the requester and staff the request, its thread and its moves', async () => {
    const created = await json<{ data: [{ Id: number; Version: number }] }>(
      await call(api, buyer, 'POST', '/api/db/requests', {
        Type: 'contact',
        Subject: 'Pallet labels',
        Payload: { Message: 'Can you print our label on the pallets?' },
      }),
      201,
    );
    const id = created.data[0].Id;
    await json(
      await call(api, { as: 'admin' }, 'POST', `/api/db/requests/${id}/messages`, {
        Body: 'Yes, send us the artwork.',
      }),
      201,
    );
    const { data } = await timeline(buyer, `/api/db/requests/${id}/activity`);
    // The status the reply moved is folded into the reply.
    expect(data.map((e) => [e.Kind, e.Text])).toEqual([
      ['request.created', 'Sent the request “Pallet labels”'],
      ['request.message', 'Replied on the thread'],
    ]);
    // A reply is the plant's own word, not the buyer's said for them.
    expect(data[1]).toMatchObject({ ByStaff: true, OnBehalf: false });
    // Another customer's buyer does not learn that it exists.
    const foreign = await call(
      api,
      { as: 'buyerGlobex' },
      'GET',
      `/api/db/requests/${id}/activity`,
    );
    expect(foreign.status).toBe(404);
  });

  it("shows an access request's events to its requester and administrators only", async () => {
    const asked = await json<{ data: [{ Id: number }] }>(
      await call(api, { as: 'pending' }, 'POST', '/api/db/requests', {
        Type: 'access',
        Payload: {
          FirstName: 'Pat',
          LastName: 'Pending',
          Company: 'Newco',
          Phone: '+1 555 0100',
          Details: 'We buy boxes.',
        },
      }),
      201,
    );
    const path = `/api/db/requests/${asked.data[0].Id}/activity`;
    const own = await timeline({ as: 'pending' }, path);
    // No portal user yet: the requester is named by the address they asked from.
    expect(own.data).toEqual([
      expect.objectContaining({
        Kind: 'request.created',
        ActorName: api.accounts.pending.email,
        ByStaff: false,
      }),
    ]);
    expect((await timeline({ as: 'admin' }, path)).data).toHaveLength(1);
    expect((await call(api, buyer, 'GET', path)).status).toBe(404);
    expect((await call(api, { as: 'rep' }, 'GET', path)).status).toBe(404);
    // The seeded sign-up's request is someone else's.
    const [seeded] = await api.db
      .select({ Id: requests.Id })
      .from(requests)
      .where(eq(requests.RequesterUid, 'demo-pending'));
    const foreign = await call(
      api,
      { as: 'pending' },
      'GET',
      `/api/db/requests/${seeded!.Id}/activity`,
    );
    expect(foreign.status).toBe(404);
  });
});

describe('the audit list, /api/db/events', () => {
  it('is for administrators only', async () => {
    expect((await call(api, buyer, 'GET', '/api/db/events')).status).toBe(403);
    expect((await call(api, { as: 'rep' }, 'GET', '/api/db/events')).status).toBe(403);
    expect((await call(api, { as: 'webAdmin' }, 'GET', '/api/db/events?limit=1')).status).toBe(200);
  });

  it('filters by customer, kind, actor, entity and day, newest first, a keyset page at a time', async () => {
    const order = await shippedOrder();
    const confirmed = await allEvents(`customerId=${acme}&kind=order.confirmed&limit=1`);
    expect(confirmed.rows.length).toBeGreaterThan(1);
    // One event a page: as many pages as events, the last without a cursor.
    expect(confirmed.pages).toBe(confirmed.rows.length);
    for (const row of confirmed.rows) {
      expect(row).toMatchObject({
        CustomerId: acme,
        CustomerCode: 'ACME',
        Kind: 'order.confirmed',
      });
    }
    // Newest first, no repeats across pages.
    const keys = confirmed.rows.map((r) => `${r.At}|${String(r.Id).padStart(12, '0')}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(new Set(confirmed.rows.map((r) => r.Id)).size).toBe(confirmed.rows.length);
    // This order's confirmation is the newest, and the audit list shows its rows before and after.
    expect(confirmed.rows[0]).toMatchObject({
      EntityId: String(order.Id),
      ActorUid: api.accounts.rep.uid,
      ActorName: staffName(),
      // Confirming is the plant's own work: not done on the customer's behalf.
      OnBehalf: false,
      Before: expect.objectContaining({ Status: 'Submitted' }),
      After: expect.objectContaining({ Status: 'Confirmed' }),
    });

    // Another customer's filter holds none of ACME's.
    const globexRows = (await allEvents(`customerId=${globex}&limit=200`)).rows;
    expect(globexRows.every((r) => r.CustomerId === globex)).toBe(true);
    expect(globexRows.some((r) => r.SubjectId === order.Id && r.SubjectEntity === 'orders')).toBe(
      false,
    );

    const byActor = (await allEvents(`actor=${api.accounts.rep.uid}&entity=shipments&limit=200`))
      .rows;
    expect(byActor.length).toBeGreaterThan(0);
    expect(
      byActor.every((r) => r.ActorUid === api.accounts.rep.uid && r.Entity === 'shipments'),
    ).toBe(true);

    // A range of days: the day of the newest event holds it; the day before it does not.
    const newest = (await eventsPage('limit=1')).data[0]!;
    const day = newest.At.slice(0, 10);
    const dayBefore = addDays(day, -1);
    const sameDay = await eventsPage(`from=${day}&to=${day}&limit=200`);
    expect(sameDay.data.map((r) => r.Id)).toContain(newest.Id);
    const earlier = (await allEvents(`to=${dayBefore}&limit=200`)).rows;
    expect(earlier.map((r) => r.Id)).not.toContain(newest.Id);
    expect(earlier.every((r) => r.At < `${day}T00:00:00`)).toBe(true);
  });

  it('refuses bad filters with field errors', async () => {
    const res = await call(api, { as: 'admin' }, 'GET', '/api/db/events?limit=0&kind=order.eaten');
    const body = await json<{ error: { fields: Record<string, string> } }>(res, 400);
    expect(Object.keys(body.error.fields).length).toBeGreaterThan(0);
    const range = await call(
      api,
      { as: 'admin' },
      'GET',
      '/api/db/events?from=2026-05-02&to=2026-05-01',
    );
    expect(
      (await json<{ error: { fields: Record<string, string> } }>(range, 400)).error.fields,
    ).toHaveProperty('to');
    const big = await call(api, { as: 'admin' }, 'GET', '/api/db/events?limit=201');
    expect(big.status).toBe(400);
  });

  it("exports the filtered rows as CSV, one line each, with the change's facts", async () => {
    await shippedOrder();
    const { rows } = await allEvents(`customerId=${acme}&kind=shipment.recorded&limit=2`);
    const parsed = Papa.parse<Record<string, string>>(auditCsv(rows), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(rows.length);
    expect(parsed.data.map((r) => r['Event'])).toEqual(rows.map((r) => String(r.Id)));
    for (const line of parsed.data) {
      expect(line).toMatchObject({ Kind: 'shipment.recorded', Customer: 'ACME' });
      // Named as buyers name it, beside the table and row id the record keeps.
      expect(line['Record']).toMatch(/^shipment \d+-\d+$/);
    }
    expect(parsed.data[0]!['What']).toMatch(/^Shipped \d+ by UPS/);
  });
});

describe('events and their changes commit together', () => {
  it('leaves no event, on any timeline or in the audit list, for a refused change', async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 3 }]);
    const [newest] = (await eventsPage('limit=1')).data;
    // A shipment of a release that does not exist is refused inside its transaction.
    expect((await ship(api, staff, order.Id, [987654])).status).toBeGreaterThanOrEqual(400);
    // A stale version: refused after the order was read.
    const stale = await call(
      api,
      staff,
      'POST',
      `/api/db/orders/${order.Id}/status`,
      { Status: 'Confirmed' },
      { 'If-Match': String(order.Version + 5) },
    );
    expect(stale.status).toBe(412);
    expect((await eventsPage('limit=1')).data[0]!.Id).toBe(newest!.Id);
    const written = await api.db
      .select({ Id: events.Id })
      .from(events)
      .where(and(gt(events.Id, newest!.Id), inArray(events.SubjectId, [order.Id])));
    expect(written).toEqual([]);
    const { data } = await timeline(buyer, `/api/db/orders/${order.Id}/activity`);
    expect(data.map((e) => e.Kind)).toEqual(['order.placed']);
  });
});
