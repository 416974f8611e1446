/**
 * Promised ship dates (docs/product/ordering-tools.md): staff promise each line a date when
 * confirming and move it later with a reason; buyers see what is late. "Late" is measured against
 * the server's today, which these tests fix through the app's clock, so none depends on the real
 * date.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { events } from '../../src/server/db/schema';
import type { Dashboard, OrderDetail, OrderRow } from '../../src/shared/schemas/order';
import {
  getOrder,
  placeOrder,
  produce,
  release,
  releasesOf,
  schedule,
  ship,
} from './order-support';
import {
  call,
  json,
  onBehalf,
  setupFixture,
  type Caller,
  type ErrorBody,
  type TestApi,
} from './support';

let api: TestApi;
let acme: number;
let buyer: Caller;
let staff: Caller;
/** The API with its clock stopped at noon on 2030-03-10. */
let fixed: TestApi;
const TODAY = '2030-03-10';

beforeAll(async () => {
  ({ api, acme, buyer, staff } = await setupFixture());
  fixed = api.withApp(createApp({ ...api.deps, clock: () => new Date(2030, 2, 10, 12) }));
});
afterAll(() => api?.close());

/** A GET on the app whose today is `TODAY`. */
async function getOnFixedDay<T>(who: Caller, path: string): Promise<T> {
  return json<T>(await call(fixed, who, 'GET', path), 200);
}

function confirm(
  who: Caller,
  order: OrderDetail,
  PromisedDates?: Array<{ OrderLineId: number; PromisedShipDate: string }>,
): Promise<Response> {
  return call(
    api,
    who,
    'POST',
    `/api/db/orders/${order.Id}/status`,
    { Status: 'Confirmed', ...(PromisedDates ? { PromisedDates } : {}) },
    { 'If-Match': String(order.Version) },
  );
}

function changePromise(
  who: Caller,
  order: OrderDetail,
  lineIndex: number,
  PromisedShipDate: string,
  Reason: string,
): Promise<Response> {
  const line = order.Lines[lineIndex]!;
  return call(
    api,
    who,
    'PUT',
    `/api/db/orders/${order.Id}/lines/${line.Id}/promised-date`,
    { PromisedShipDate, Reason },
    { 'If-Match': String(line.Version) },
  );
}

const detail = async (res: Response) => (await json<{ data: [OrderDetail] }>(res, 200)).data[0];

const twoLines = () => [
  { ItemNumber: 'ACM-1001', QtyOrdered: 10 },
  { ItemNumber: 'ACM-1002', QtyOrdered: 4 },
];

describe('promising at confirmation', () => {
  it('sets the dates given per line, and the requested date on lines left out', async () => {
    const order = await placeOrder(api, buyer, twoLines(), { RequestedShipDate: '2099-05-01' });
    const confirmed = await detail(
      await confirm(staff, order, [
        { OrderLineId: order.Lines[1]!.Id, PromisedShipDate: '2099-06-15' },
      ]),
    );
    expect(confirmed.Status).toBe('Confirmed');
    expect(confirmed.Lines.map((l) => l.PromisedShipDate)).toEqual(['2099-05-01', '2099-06-15']);
    // The order's own promised date is when all of it is promised.
    expect(confirmed.PromisedShipDate).toBe('2099-06-15');
    expect(confirmed.History.map((h) => [h.ToStatus, h.Note, h.OrderLineId])).toEqual([
      ['Submitted', '', null],
      ['Confirmed', '', null],
      ['Confirmed', 'Line 1 promised for 1 May 2099', order.Lines[0]!.Id],
      ['Confirmed', 'Line 2 promised for 15 Jun 2099', order.Lines[1]!.Id],
    ]);
    // The buyer reads the same promises.
    const seen = await getOrder(api, buyer, order.Id);
    expect(seen.Lines.map((l) => l.PromisedShipDate)).toEqual(['2099-05-01', '2099-06-15']);
  });

  it('leaves lines unpromised when the order has no requested date and none is given', async () => {
    const order = await placeOrder(api, buyer, twoLines());
    const confirmed = await detail(await confirm(staff, order));
    expect(confirmed.Lines.map((l) => l.PromisedShipDate)).toEqual([null, null]);
    expect(confirmed.History.filter((h) => h.OrderLineId !== null)).toEqual([]);
  });

  it('refuses a buyer (403) and a line of another order (400), changing nothing', async () => {
    const order = await placeOrder(api, buyer, twoLines());
    const other = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1003', QtyOrdered: 1 }]);
    const byBuyer = await confirm(buyer, order, [
      { OrderLineId: order.Lines[0]!.Id, PromisedShipDate: '2099-01-01' },
    ]);
    expect(byBuyer.status).toBe(403);
    const wrongLine = await confirm(staff, order, [
      { OrderLineId: other.Lines[0]!.Id, PromisedShipDate: '2099-01-01' },
    ]);
    const body = await json<ErrorBody>(wrongLine, 400);
    expect(body.error.fields).toEqual({
      'PromisedDates.0.OrderLineId': `Order ${order.OrderNumber} has no line ${other.Lines[0]!.Id}.`,
    });
    const after = await getOrder(api, buyer, order.Id);
    expect(after.Status).toBe('Submitted');
    expect(after.Lines.map((l) => l.PromisedShipDate)).toEqual([null, null]);
  });

  it('accepts promised dates only with a confirmation', async () => {
    const order = await placeOrder(api, buyer, twoLines());
    const res = await call(
      api,
      staff,
      'POST',
      `/api/db/orders/${order.Id}/status`,
      {
        Status: 'Cancelled',
        PromisedDates: [{ OrderLineId: order.Lines[0]!.Id, PromisedShipDate: '2099-01-01' }],
      },
      { 'If-Match': String(order.Version) },
    );
    expect((await json<ErrorBody>(res, 400)).error.fields).toEqual({
      PromisedDates: 'Promised dates are set when confirming an order.',
    });
  });
});

describe('changing a promised date', () => {
  it('moves the date with a reason, audited and shown in the order history', async () => {
    const order = await placeOrder(api, buyer, twoLines(), { RequestedShipDate: '2099-05-01' });
    const confirmed = await detail(await confirm(staff, order));
    const changed = await detail(
      await changePromise(staff, confirmed, 1, '2099-12-04', 'Board shortage at the mill'),
    );
    const line = changed.Lines[1]!;
    expect(line.PromisedShipDate).toBe('2099-12-04');
    expect(line.Version).toBe(confirmed.Lines[1]!.Version + 1);
    expect(changed.History.at(-1)).toMatchObject({
      ToStatus: 'Confirmed',
      OrderLineId: line.Id,
      Note: 'Line 2 promised for 4 Dec 2099 (was 1 May 2099): Board shortage at the mill',
      ActorName: expect.any(String),
    });
    // The buyer sees the change in the history of the order.
    const seen = await getOrder(api, buyer, order.Id);
    expect(seen.History.at(-1)?.Note).toBe(
      'Line 2 promised for 4 Dec 2099 (was 1 May 2099): Board shortage at the mill',
    );
    const audits = await api.db
      .select()
      .from(events)
      .where(and(eq(events.Entity, 'order_lines'), eq(events.EntityId, String(line.Id))));
    expect(audits.at(-1)).toMatchObject({
      ActorUid: api.accounts.rep.uid,
      Action: 'update',
      Before: { PromisedShipDate: '2099-05-01' },
      After: { PromisedShipDate: '2099-12-04', Reason: 'Board shortage at the mill' },
    });
  });

  it('refuses a buyer with 403, a stale If-Match with 412 and a missing reason with 400', async () => {
    const order = await placeOrder(api, buyer, twoLines(), { RequestedShipDate: '2099-05-01' });
    const confirmed = await detail(await confirm(staff, order));
    expect((await changePromise(buyer, confirmed, 0, '2099-07-01', 'Sooner please')).status).toBe(
      403,
    );
    const noReason = await changePromise(staff, confirmed, 0, '2099-07-01', '  ');
    expect((await json<ErrorBody>(noReason, 400)).error.fields).toEqual({
      Reason: 'Say why the date changes.',
    });
    await detail(await changePromise(staff, confirmed, 0, '2099-07-01', 'Moved up'));
    // Still the version read before the change above.
    expect((await changePromise(staff, confirmed, 0, '2099-08-01', 'Again')).status).toBe(412);
    const after = await getOrder(api, buyer, order.Id);
    expect(after.Lines[0]!.PromisedShipDate).toBe('2099-07-01');
  });

  it('refuses a change before confirmation, on a cancelled order and on a shipped line', async () => {
    const submitted = await placeOrder(api, buyer, twoLines());
    const early = await changePromise(staff, submitted, 0, '2099-01-01', 'Too early');
    expect((await json<ErrorBody>(early, 409)).error.message).toBe(
      `Order ${submitted.OrderNumber} is not confirmed yet: promised dates are set when it is confirmed.`,
    );

    const toCancel = await detail(
      await confirm(staff, await placeOrder(api, buyer, twoLines()), []),
    );
    const cancelled = await detail(
      await call(
        api,
        staff,
        'POST',
        `/api/db/orders/${toCancel.Id}/status`,
        { Status: 'Cancelled' },
        { 'If-Match': String(toCancel.Version) },
      ),
    );
    const onCancelled = await changePromise(staff, cancelled, 0, '2099-01-01', 'Late anyway');
    expect((await json<ErrorBody>(onCancelled, 409)).error.message).toBe(
      `Order ${cancelled.OrderNumber} is Cancelled: its promised dates no longer change.`,
    );

    const shipped = await shipFirstLineInFull('2099-02-01');
    const onShipped = await changePromise(staff, shipped, 0, '2099-03-01', 'Too late');
    expect((await json<ErrorBody>(onShipped, 409)).error.message).toBe(
      'Line 1 has shipped in full: its promised date no longer changes.',
    );
    // The other line still waits, so its date may still move.
    expect((await changePromise(staff, shipped, 1, '2099-03-01', 'Slot moved')).status).toBe(200);
  });
});

/** An order of two lines promised for `promised`, its first line produced and shipped in full. */
async function shipFirstLineInFull(promised: string): Promise<OrderDetail> {
  const order = await placeOrder(api, buyer, twoLines(), { RequestedShipDate: '2099-01-01' });
  await detail(
    await confirm(
      staff,
      order,
      order.Lines.map((l) => ({ OrderLineId: l.Id, PromisedShipDate: promised })),
    ),
  );
  expect((await produce(api, staff, order.Id, 0, 10)).status).toBe(200);
  const produced = await getOrder(api, staff, order.Id);
  expect(
    (await release(api, buyer, order.Id, [{ OrderLineId: produced.Lines[0]!.Id, Qty: 10 }])).status,
  ).toBe(201);
  const [requested] = await releasesOf(api, staff, order.Id);
  const scheduled = await schedule(api, staff, requested!);
  expect((await ship(api, staff, order.Id, [scheduled.Id])).status).toBe(201);
  return getOrder(api, staff, order.Id);
}

describe('late lines', () => {
  const lateOf = (who: Caller) =>
    getOnFixedDay<{ data: OrderRow[] }>(who, '/api/db/orders?late=true&limit=200');
  const lateTile = async (who: Caller) =>
    (await getOnFixedDay<{ data: [Dashboard] }>(who, '/api/db/dashboard')).data[0].LateLineCount;

  it('finds orders with a line promised before today and still pending, and counts them', async () => {
    const lateBefore = await lateTile(buyer);
    // Line 1 promised yesterday (late), line 2 promised today (not late yet).
    const late = await placeOrder(api, buyer, twoLines());
    await detail(
      await confirm(staff, late, [
        { OrderLineId: late.Lines[0]!.Id, PromisedShipDate: '2030-03-09' },
        { OrderLineId: late.Lines[1]!.Id, PromisedShipDate: TODAY },
      ]),
    );
    // Promised tomorrow: on time.
    const onTime = await placeOrder(api, buyer, twoLines(), { RequestedShipDate: '2099-01-01' });
    await detail(
      await confirm(
        staff,
        onTime,
        onTime.Lines.map((l) => ({ OrderLineId: l.Id, PromisedShipDate: '2030-03-11' })),
      ),
    );
    // Promised long ago but cancelled: waits for nothing.
    const cancelledOrder = await placeOrder(api, buyer, twoLines());
    const confirmedToCancel = await detail(
      await confirm(
        staff,
        cancelledOrder,
        cancelledOrder.Lines.map((l) => ({ OrderLineId: l.Id, PromisedShipDate: '2030-01-01' })),
      ),
    );
    await detail(
      await call(
        api,
        staff,
        'POST',
        `/api/db/orders/${cancelledOrder.Id}/status`,
        { Status: 'Cancelled' },
        { 'If-Match': String(confirmedToCancel.Version) },
      ),
    );
    // Promised long ago: line 1 shipped in full (not late), line 2 still pending (late).
    const partlyShipped = await shipFirstLineInFull('2030-02-01');

    const list = await lateOf(buyer);
    const ids = list.data.map((o) => o.Id);
    expect(ids).toContain(late.Id);
    expect(ids).toContain(partlyShipped.Id);
    expect(ids).not.toContain(onTime.Id);
    expect(ids).not.toContain(cancelledOrder.Id);
    expect(list.data.find((o) => o.Id === late.Id)?.LateLineCount).toBe(1);
    expect(list.data.find((o) => o.Id === partlyShipped.Id)?.LateLineCount).toBe(1);

    const lateDetail = (
      await getOnFixedDay<{ data: [OrderDetail] }>(buyer, `/api/db/orders/${late.Id}`)
    ).data[0];
    expect(lateDetail.Lines.map((l) => l.Late)).toEqual([true, false]);
    const shippedDetail = (
      await getOnFixedDay<{ data: [OrderDetail] }>(buyer, `/api/db/orders/${partlyShipped.Id}`)
    ).data[0];
    expect(shippedDetail.Lines.map((l) => l.Late)).toEqual([false, true]);

    // Two late lines more than before on the dashboard.
    expect(await lateTile(buyer)).toBe(lateBefore + 2);
  });

  it("never shows a buyer another customer's late lines", async () => {
    const globex: Caller = { as: 'buyerGlobex' };
    const acmeLate = await lateOf(buyer);
    expect(acmeLate.data.length).toBeGreaterThan(0);
    const globexLate = await lateOf(globex);
    expect(globexLate.data.every((o) => o.CustomerId !== acme)).toBe(true);
    // Naming ACME in the header changes nothing for a buyer: their own customer wins.
    const spoofed = await lateOf({ as: 'buyerGlobex', headers: onBehalf(acme) });
    expect(spoofed.data.map((o) => o.Id)).toEqual(globexLate.data.map((o) => o.Id));
  });
});
