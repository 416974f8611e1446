/** Helpers of the order API tests: placing orders and moving them along. */
import { expect } from 'vitest';
import { addDays, localToday } from '../../src/shared/calendar-date';
import type { OrderDetail, ReleaseRow, ShipmentRow } from '../../src/shared/schemas/order';
import { call, json, type Caller, type TestApi } from './support';

export async function placeOrder(
  api: TestApi,
  who: Caller,
  lines: Array<{ ItemNumber: string; QtyOrdered: number }>,
  extra: Record<string, unknown> = {},
): Promise<OrderDetail> {
  const res = await call(api, who, 'POST', '/api/db/orders', {
    PoNumber: `PO-${Math.random().toString(36).slice(2, 10)}`,
    Lines: lines,
    ...extra,
  });
  return (await json<{ data: [OrderDetail] }>(res, 201)).data[0];
}

export async function getOrder(api: TestApi, who: Caller, id: number): Promise<OrderDetail> {
  return (
    await json<{ data: [OrderDetail] }>(await call(api, who, 'GET', `/api/db/orders/${id}`), 200)
  ).data[0];
}

export async function setStatus(
  api: TestApi,
  who: Caller,
  order: OrderDetail,
  Status: string,
): Promise<Response> {
  return call(
    api,
    who,
    'POST',
    `/api/db/orders/${order.Id}/status`,
    { Status },
    {
      'If-Match': String(order.Version),
    },
  );
}

export async function produce(
  api: TestApi,
  staff: Caller,
  orderId: number,
  lineIndex: number,
  QtyProduced: number,
): Promise<Response> {
  const order = await getOrder(api, staff, orderId);
  const line = order.Lines[lineIndex]!;
  return call(
    api,
    staff,
    'PUT',
    `/api/db/orders/${orderId}/lines/${line.Id}/production`,
    { QtyProduced },
    { 'If-Match': String(line.Version) },
  );
}

/** Confirms an order and records `produced[i]` on line i; answers the order afterwards. */
export async function confirmAndProduce(
  api: TestApi,
  staff: Caller,
  order: OrderDetail,
  produced: number[],
): Promise<OrderDetail> {
  expect((await setStatus(api, staff, order, 'Confirmed')).status).toBe(200);
  for (const [index, qty] of produced.entries()) {
    const res = await produce(api, staff, order.Id, index, qty);
    if (res.status !== 200) throw new Error(`production failed: ${await res.text()}`);
  }
  return getOrder(api, staff, order.Id);
}

export const inDays = (days: number): string => addDays(localToday(), days);

export async function release(
  api: TestApi,
  who: Caller,
  orderId: number,
  lines: Array<{ OrderLineId: number; Qty: number }>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return call(
    api,
    who,
    'POST',
    `/api/db/orders/${orderId}/releases`,
    { RequestedShipDate: inDays(3), Lines: lines },
    headers,
  );
}

export async function releasesOf(
  api: TestApi,
  who: Caller,
  orderId: number,
): Promise<ReleaseRow[]> {
  const res = await call(api, who, 'GET', `/api/db/orders/${orderId}/releases?limit=200`);
  return (await json<{ data: ReleaseRow[] }>(res, 200)).data;
}

export async function schedule(api: TestApi, staff: Caller, r: ReleaseRow): Promise<ReleaseRow> {
  const res = await call(
    api,
    staff,
    'POST',
    `/api/db/orders/${r.OrderId}/releases/${r.Id}/status`,
    { Status: 'scheduled' },
    { 'If-Match': String(r.Version) },
  );
  return (await json<{ data: [ReleaseRow] }>(res, 200)).data[0];
}

export async function ship(
  api: TestApi,
  staff: Caller,
  orderId: number,
  releaseIds: number[],
  extra: Record<string, unknown> = {},
): Promise<Response> {
  return call(api, staff, 'POST', `/api/db/orders/${orderId}/shipments`, {
    ShipDate: inDays(0),
    Carrier: 'UPS',
    TrackingNumber: '1Z999AA10123456784',
    BolNumber: 'BOL-1',
    ReleaseIds: releaseIds,
    ...extra,
  });
}

export type { ShipmentRow };

/**
 * An order's whole life to Shipped, each step by whom it falls to: staff confirm it and produce
 * its one line in full, the buyer releases it all, staff schedule the release and ship it.
 */
export async function shipWholeOrder(
  api: TestApi,
  buyer: Caller,
  staff: Caller,
  orderId: number,
): Promise<void> {
  const placed = await getOrder(api, staff, orderId);
  const qty = placed.Lines[0]!.QtyOrdered;
  const produced = await confirmAndProduce(api, staff, placed, [qty]);
  const released = await json<{ data: ReleaseRow[] }>(
    await release(api, buyer, orderId, [{ OrderLineId: produced.Lines[0]!.Id, Qty: qty }]),
    201,
  );
  const scheduled = await schedule(api, staff, released.data[0]!);
  await json(await ship(api, staff, orderId, [scheduled.Id]), 201);
}
