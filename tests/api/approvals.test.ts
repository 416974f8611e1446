/**
 * Spending limits and approvals (docs/product/order-and-request-states.md): an order over its
 * buyer's limit per order, or over their monthly one, is placed as Awaiting approval; the
 * customer's approvers are told and one of them approves it (it reaches the plant as Submitted)
 * or rejects it with a reason; the buyer may withdraw it meanwhile. The server's clock is fixed
 * where a month matters, so no test depends on the real date.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../src/shared/schemas/events';
import type { NotificationRow } from '../../src/shared/schemas/notifications';
import type { OrderDetail } from '../../src/shared/schemas/order';
import { createApp } from '../../src/server/app';
import { orders, users } from '../../src/server/db/schema';
import { fanOutPending, initDispatch } from '../../src/server/notifications/service';
import { getOrder, placeOrder } from './order-support';
import {
  call,
  customerIdOf,
  json,
  onBehalf,
  setupApi,
  type AccountKey,
  type Caller,
  type ErrorBody,
  type TestApi,
} from './support';

let api: TestApi;
let acme: number;
let staff: Caller;
const buyer: Caller = { as: 'buyerAcme' };
const approver: Caller = { as: 'approverAcme' };
/** A buyer who also approves: the second approver of the race, and the self-approval case. */
const buyerApprover: Caller = { as: 'buyerApproverAcme' };

/** ACM-1001 costs $1.38: 100 of them are worth $138.00, 13,800 cents. */
const ITEM = 'ACM-1001';
const WORTH_100 = 13_800;

beforeAll(async () => {
  api = await setupApi();
  await initDispatch(api.db);
  acme = await customerIdOf(api, 'ACME');
  staff = { as: 'admin', headers: onBehalf(acme) };
});
afterAll(() => api?.close());

async function setLimits(
  who: AccountKey,
  limits: { OrderLimit: number | null; MonthlyLimit: number | null },
): Promise<void> {
  await api.db.update(users).set(limits).where(eq(users.Uid, api.accounts[who].uid));
}

const order100 = (who: Caller, extra: Record<string, unknown> = {}) =>
  placeOrder(api, who, [{ ItemNumber: ITEM, QtyOrdered: 100 }], extra);

function decide(
  who: Caller,
  order: Pick<OrderDetail, 'Id' | 'Version'>,
  Decision: 'approve' | 'reject',
  Reason = '',
) {
  return call(
    api,
    who,
    'POST',
    `/api/db/orders/${order.Id}/approval`,
    { Decision, Reason },
    { 'If-Match': String(order.Version) },
  );
}

async function notices(who: AccountKey): Promise<NotificationRow[]> {
  await fanOutPending(api.db);
  return (
    await json<{ data: NotificationRow[] }>(
      await call(api, { as: who }, 'GET', '/api/db/notifications?limit=200'),
      200,
    )
  ).data;
}

const about = (list: NotificationRow[], order: { Id: number }) =>
  list.filter((n) => n.Link === `/app/order/${order.Id}`).map((n) => n.Topic);

describe('spending limits', () => {
  it('places an order worth exactly the limit as Submitted, and one a cent over as Awaiting approval', async () => {
    await setLimits('buyerAcme', { OrderLimit: WORTH_100, MonthlyLimit: null });
    const atLimit = await order100(buyer);
    expect(atLimit).toMatchObject({ Status: 'Submitted', OrderValue: WORTH_100, Currency: 'USD' });

    await setLimits('buyerAcme', { OrderLimit: WORTH_100 - 1, MonthlyLimit: null });
    const over = await order100(buyer);
    expect(over).toMatchObject({ Status: 'AwaitingApproval', OrderValue: WORTH_100 });
    expect(over.History.map((h) => h.ToStatus)).toEqual(['AwaitingApproval']);
    await setLimits('buyerAcme', { OrderLimit: null, MonthlyLimit: null });
  });

  it('works the value out from the catalog price, exactly, whatever the quantity', async () => {
    // 7 × $1.38 = $9.66: no floating-point 9.659999….
    const order = await placeOrder(api, buyer, [{ ItemNumber: ITEM, QtyOrdered: 7 }]);
    expect(order.OrderValue).toBe(966);
  });

  it('counts the month on the server’s clock: the second order of the month crosses the monthly limit', async () => {
    // Noon on 2031-03-12, then on the 31st; April starts afresh.
    const on = (day: Date) => {
      const app = createApp({ ...api.deps, clock: () => day });
      return async (QtyOrdered = 100) => {
        const res = await app.request('/api/db/orders', {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${await api.token('buyerApproverAcme')}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({
            PoNumber: `MONTH-${Math.random().toString(36).slice(2, 8)}`,
            Lines: [{ ItemNumber: ITEM, QtyOrdered }],
          }),
        });
        return (await json<{ data: [OrderDetail] }>(res, 201)).data[0];
      };
    };
    await setLimits('buyerApproverAcme', { OrderLimit: null, MonthlyLimit: WORTH_100 * 2 - 1 });
    const first = await on(new Date(2031, 2, 12, 12))();
    expect(first.Status).toBe('Submitted');
    const second = await on(new Date(2031, 2, 31, 12))();
    expect(second.Status).toBe('AwaitingApproval');
    const timeline = await json<{ data: ActivityRow[] }>(
      await call(api, buyerApprover, 'GET', `/api/db/orders/${second.Id}/activity`),
      200,
    );
    expect(timeline.data[0]!.Text).toBe(
      'Placed the order with 1 line, PO ' +
        second.PoNumber +
        ': worth $138.00, it is over the $275.99 monthly limit, so it waits for approval',
    );
    // A new month, a new allowance.
    expect((await on(new Date(2031, 3, 1, 12))()).Status).toBe('Submitted');
    // An order waiting for approval spends nothing until it is approved: $69.00 more fits.
    expect((await on(new Date(2031, 2, 20, 12))(50)).Status).toBe('Submitted');
    const approved = await decide(approver, second, 'approve');
    expect(approved.status).toBe(200);
    // Approved, it counts: March is now over, and even one more unit waits.
    expect((await on(new Date(2031, 2, 25, 12))(1)).Status).toBe('AwaitingApproval');
    await setLimits('buyerApproverAcme', { OrderLimit: null, MonthlyLimit: null });
  });

  it('stops no order staff place on the customer’s behalf', async () => {
    await setLimits('buyerAcme', { OrderLimit: 0, MonthlyLimit: 0 });
    expect((await order100(staff)).Status).toBe('Submitted');
    await setLimits('buyerAcme', { OrderLimit: null, MonthlyLimit: null });
  });

  it('lets plant administrators set a buyer’s limits, and refuses a negative or non-numeric one by name', async () => {
    const [row] = await api.db
      .select({ Id: users.Id })
      .from(users)
      .where(eq(users.Uid, api.accounts.buyerAcme.uid));
    const current = await json<{ data: [Record<string, unknown>] }>(
      await call(api, { as: 'admin' }, 'GET', `/api/db/users/${row!.Id}`),
      200,
    );
    const user = current.data[0];
    const body = (limits: Record<string, unknown>) => ({
      FirstName: user.FirstName,
      LastName: user.LastName,
      RoleId: user.RoleId,
      CustomerId: user.CustomerId,
      Active: true,
      ...limits,
    });
    const put = (limits: Record<string, unknown>, version: unknown) =>
      call(api, { as: 'admin' }, 'PUT', `/api/db/users/${row!.Id}`, body(limits), {
        'If-Match': String(version),
      });
    const negative = await json<ErrorBody>(await put({ OrderLimit: -1 }, user.Version), 400);
    expect(negative.error.fields).toEqual({ OrderLimit: 'A limit cannot be negative.' });
    const text = await json<ErrorBody>(await put({ MonthlyLimit: 'lots' }, user.Version), 400);
    expect(Object.keys(text.error.fields ?? {})).toEqual(['MonthlyLimit']);
    const saved = await json<{ data: [Record<string, unknown>] }>(
      await put({ OrderLimit: 500_000, MonthlyLimit: 2_000_000 }, user.Version),
      200,
    );
    expect(saved.data[0]).toMatchObject({ OrderLimit: 500_000, MonthlyLimit: 2_000_000 });
    await setLimits('buyerAcme', { OrderLimit: null, MonthlyLimit: null });
  });
});

describe('approving', () => {
  it('tells the customer’s approvers, never the buyer or the plant, while it waits', async () => {
    await setLimits('buyerAcme', { OrderLimit: 0, MonthlyLimit: null });
    const order = await order100(buyer);
    expect(order.Status).toBe('AwaitingApproval');
    expect(about(await notices('approverAcme'), order)).toEqual(['approval_requested']);
    expect(about(await notices('buyerApproverAcme'), order)).toEqual(['approval_requested']);
    expect(about(await notices('buyerAcme'), order)).toEqual([]);
    expect(about(await notices('viewerAcme'), order)).toEqual([]);
    expect(about(await notices('admin'), order)).toEqual([]);
    const [notice] = (await notices('approverAcme')).filter((n) =>
      n.Link?.endsWith(`/${order.Id}`),
    );
    expect(notice).toMatchObject({
      Title: `Order ${order.OrderNumber} waits for your approval`,
      Body: `PO ${order.PoNumber}, $138.00`,
    });
    await setLimits('buyerAcme', { OrderLimit: null, MonthlyLimit: null });
  });

  it('keeps the plant from confirming, cancelling or approving it: read-only for staff', async () => {
    await setLimits('buyerAcme', { OrderLimit: 0, MonthlyLimit: null });
    const order = await order100(buyer);
    const seen = await getOrder(api, staff, order.Id);
    expect(seen.Status).toBe('AwaitingApproval');
    const confirm = await call(
      api,
      staff,
      'POST',
      `/api/db/orders/${order.Id}/status`,
      { Status: 'Confirmed' },
      { 'If-Match': String(order.Version) },
    );
    expect((await json<ErrorBody>(confirm, 409)).error.message).toBe(
      'An order that is Awaiting approval cannot become Confirmed.',
    );
    const cancel = await call(
      api,
      staff,
      'POST',
      `/api/db/orders/${order.Id}/status`,
      { Status: 'Cancelled' },
      { 'If-Match': String(order.Version) },
    );
    expect(cancel.status).toBe(403);
    expect((await decide(staff, order, 'approve')).status).toBe(403);
    expect((await getOrder(api, staff, order.Id)).Version).toBe(order.Version);
    await setLimits('buyerAcme', { OrderLimit: null, MonthlyLimit: null });
  });

  it('approves: Submitted, the buyer told, the plant told of a new order, the timeline naming who', async () => {
    await setLimits('buyerAcme', { OrderLimit: 0, MonthlyLimit: null });
    const order = await order100(buyer);
    await notices('admin');
    const res = await decide(approver, order, 'approve', 'Budget agreed for Q2.');
    const approved = (await json<{ data: [OrderDetail] }>(res, 200)).data[0];
    expect(approved.Status).toBe('Submitted');
    expect(approved.History.map((h) => h.ToStatus)).toEqual(['AwaitingApproval', 'Submitted']);

    const told = (await notices('buyerAcme')).filter((n) => n.Link === `/app/order/${order.Id}`);
    // The decision, and the acknowledgement of the order as the plant receives it now.
    expect(told.map((n) => [n.Topic, n.Title, n.Body])).toEqual([
      ['order_received', `Order ${order.OrderNumber} received`, expect.stringContaining('PO ')],
      ['approval_decided', `Order ${order.OrderNumber} approved`, 'Budget agreed for Q2.'],
    ]);
    expect(about(await notices('admin'), order)).toEqual(['new_order']);
    // The approver is not told of their own decision.
    expect(about(await notices('approverAcme'), order)).toEqual(['approval_requested']);

    const timeline = await json<{ data: ActivityRow[] }>(
      await call(api, buyer, 'GET', `/api/db/orders/${order.Id}/activity`),
      200,
    );
    expect(timeline.data.map((e) => [e.Kind, e.Text, e.ActorCompany])).toEqual([
      [
        'order.awaiting_approval',
        `Placed the order with 1 line, PO ${order.PoNumber}: worth $138.00, it is over the $0.00 limit per order, so it waits for approval`,
        'Acme Packaging',
      ],
      ['order.approved', 'Approved the order: Budget agreed for Q2.', 'Acme Packaging'],
      ['order.placed', 'Sent the approved order to the plant', 'Acme Packaging'],
    ]);
    expect(timeline.data[1]).toMatchObject({
      ActorName: 'approver-acme ' + api.accounts.approverAcme.lastName,
      ByStaff: false,
    });

    // Now the plant works it as any other order.
    const confirmed = await call(
      api,
      staff,
      'POST',
      `/api/db/orders/${order.Id}/status`,
      { Status: 'Confirmed' },
      { 'If-Match': String(approved.Version) },
    );
    expect(confirmed.status).toBe(200);
    await setLimits('buyerAcme', { OrderLimit: null, MonthlyLimit: null });
  });

  it('rejects with a reason the buyer reads; without a reason, a 400 naming it', async () => {
    await setLimits('buyerAcme', { OrderLimit: 0, MonthlyLimit: null });
    const order = await order100(buyer);
    const bare = await json<ErrorBody>(await decide(approver, order, 'reject'), 400);
    expect(bare.error.fields).toEqual({
      Reason: 'Say why the order is rejected: the buyer reads it.',
    });
    const res = await decide(approver, order, 'reject', 'Order from the framework contract.');
    expect((await json<{ data: [OrderDetail] }>(res, 200)).data[0].Status).toBe('Cancelled');
    const told = (await notices('buyerAcme')).find((n) => n.Link === `/app/order/${order.Id}`);
    expect(told).toMatchObject({
      Topic: 'approval_decided',
      Title: `Order ${order.OrderNumber} rejected`,
      Body: 'Order from the framework contract.',
    });
    expect(about(await notices('admin'), order)).toEqual([]);
    await setLimits('buyerAcme', { OrderLimit: null, MonthlyLimit: null });
  });

  it('lets one of two approvers deciding at once win; the other is told it was already decided', async () => {
    await setLimits('buyerAcme', { OrderLimit: 0, MonthlyLimit: null });
    const order = await order100(buyer);
    const answers = await Promise.all([
      decide(approver, order, 'approve'),
      decide(buyerApprover, order, 'reject', 'Too much this month.'),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    const now = await getOrder(api, buyer, order.Id);
    expect((await json<ErrorBody>(lost, 409)).error.message).toBe(
      `Order ${order.OrderNumber} was already decided: it is ${now.Status === 'Submitted' ? 'Submitted' : 'Cancelled'} now.`,
    );
    // One decision, one move.
    expect(now.History.map((h) => h.ToStatus)).toHaveLength(2);
    // A late decision on a version loaded before it is the same 409, not a silent overwrite.
    expect((await decide(approver, order, 'approve')).status).toBe(409);
    await setLimits('buyerAcme', { OrderLimit: null, MonthlyLimit: null });
  });

  it('refuses an approver their own order', async () => {
    await setLimits('buyerApproverAcme', { OrderLimit: 0, MonthlyLimit: null });
    const own = await order100(buyerApprover);
    expect(own.Status).toBe('AwaitingApproval');
    const res = await decide(buyerApprover, own, 'approve');
    expect((await json<ErrorBody>(res, 403)).error.message).toBe(
      'Nobody approves their own order: another approver of your company does.',
    );
    // Nor is the one who placed it told to approve it.
    expect(about(await notices('buyerApproverAcme'), own)).toEqual([]);
    expect(about(await notices('approverAcme'), own)).toEqual(['approval_requested']);
    await setLimits('buyerApproverAcme', { OrderLimit: null, MonthlyLimit: null });
  });

  it('answers an approver of another customer as if the order did not exist', async () => {
    const globex = await customerIdOf(api, 'GLOBEX');
    const [theirs] = await api.db
      .select({ Id: orders.Id, Version: orders.Version })
      .from(orders)
      .where(eq(orders.CustomerId, globex))
      .limit(1);
    // Whatever customer the header names: an approver's customer is their own.
    const res = await decide({ ...approver, headers: onBehalf(globex) }, theirs!, 'approve');
    expect(res.status).toBe(404);
  });

  it('refuses the decision to those who are no approvers', async () => {
    await setLimits('buyerAcme', { OrderLimit: 0, MonthlyLimit: null });
    const order = await order100(buyer);
    for (const who of ['buyerAcme', 'viewerAcme', 'companyAdminAcme', 'rep'] as const) {
      const res = await decide({ as: who, headers: onBehalf(acme) }, order, 'approve');
      expect(res.status, who).toBe(403);
    }
    await setLimits('buyerAcme', { OrderLimit: null, MonthlyLimit: null });
  });
});

describe('withdrawing', () => {
  it('lets the buyer who placed it withdraw it while it waits, and nobody else', async () => {
    await setLimits('buyerAcme', { OrderLimit: 0, MonthlyLimit: null });
    const order = await order100(buyer);
    const cancel = (who: Caller) =>
      call(
        api,
        who,
        'POST',
        `/api/db/orders/${order.Id}/status`,
        { Status: 'Cancelled', Note: 'Ordered twice.' },
        { 'If-Match': String(order.Version) },
      );
    expect((await cancel(buyerApprover)).status).toBe(403);
    expect((await cancel({ as: 'viewerAcme' })).status).toBe(403);
    const withdrawn = (await json<{ data: [OrderDetail] }>(await cancel(buyer), 200)).data[0];
    expect(withdrawn.Status).toBe('Cancelled');
    const timeline = await json<{ data: ActivityRow[] }>(
      await call(api, buyer, 'GET', `/api/db/orders/${order.Id}/activity`),
      200,
    );
    expect(timeline.data.at(-1)).toMatchObject({
      Kind: 'order.withdrawn',
      Text: 'Withdrew the order while it waited for approval: Ordered twice.',
    });
    // Nothing is left to decide.
    expect((await decide(approver, withdrawn, 'approve')).status).toBe(409);
    await setLimits('buyerAcme', { OrderLimit: null, MonthlyLimit: null });
  });
});

describe('what a Viewer may not do', () => {
  it('refuses a Viewer placing an order or releasing inventory, and changes nothing', async () => {
    const viewer: Caller = { as: 'viewerAcme' };
    const before = await api.db.select({ Id: orders.Id }).from(orders);
    const placed = await call(api, viewer, 'POST', '/api/db/orders', {
      PoNumber: 'VIEWER-1',
      Lines: [{ ItemNumber: ITEM, QtyOrdered: 1 }],
    });
    expect(placed.status).toBe(403);
    const [inWork] = await api.db
      .select({ Id: orders.Id })
      .from(orders)
      .where(eq(orders.Status, 'InProduction'))
      .limit(1);
    const released = await call(api, viewer, 'POST', `/api/db/orders/${inWork!.Id}/releases`, {
      RequestedShipDate: '2099-01-04',
      Lines: [{ OrderLineId: 1, Qty: 1 }],
    });
    expect(released.status).toBe(403);
    expect(await api.db.select({ Id: orders.Id }).from(orders)).toHaveLength(before.length);
  });
});

describe('from an outbox', () => {
  it('places an order sent again with its Idempotency-Key once, Awaiting approval both times', async () => {
    await setLimits('buyerAcme', { OrderLimit: 0, MonthlyLimit: null });
    const body = { PoNumber: 'OUTBOX-1', Lines: [{ ItemNumber: ITEM, QtyOrdered: 3 }] };
    const send = () =>
      call(api, buyer, 'POST', '/api/db/orders', body, { 'Idempotency-Key': 'outbox-key-0001' });
    const first = (await json<{ data: [OrderDetail] }>(await send(), 201)).data[0];
    const again = (await json<{ data: [OrderDetail] }>(await send(), 201)).data[0];
    expect(first.Status).toBe('AwaitingApproval');
    expect(again).toMatchObject({ Id: first.Id, Status: 'AwaitingApproval' });
    await setLimits('buyerAcme', { OrderLimit: null, MonthlyLimit: null });
  });
});
