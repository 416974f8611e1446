/**
 * The integration API's bulk upserts (docs/product/integration.md): every row answered in order
 * (created, updated, unchanged or refused with its reason), each applied in a savepoint through
 * the same services and machines as the screens, so a refused row changes nothing and a batch sent
 * twice answers unchanged; written as the plant's system, and told to buyers like staff's work.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogItems,
  customers,
  events,
  notifications,
  orderLines,
  shipments,
  users,
} from '../../src/server/db/schema';
import { fanOutPending, initDispatch } from '../../src/server/notifications/service';
import { actorLine } from '../../src/shared/activity';
import type { ActivityRow } from '../../src/shared/schemas/events';
import type {
  OrderDetail,
  OrderRow,
  ReleaseRow,
  ShipmentRow,
} from '../../src/shared/schemas/order';
import { getOrder, inDays, placeOrder } from './order-support';
import {
  catalogItemRow as item,
  makeClient,
  outcomes,
  upsert,
  type TestClient,
} from './integration-support';
import { call, customerIdOf, json, onBehalf, setupApi, type Caller, type TestApi } from './support';

let api: TestApi;
let erp: TestClient;
let acme: number;
let staff: Caller;
let changes = 0;
const buyer: Caller = { as: 'buyerAcme' };

beforeAll(async () => {
  api = await setupApi({ onChange: () => (changes += 1) });
  await initDispatch(api.db);
  erp = await makeClient(api, 'ERP test');
  acme = await customerIdOf(api, 'ACME');
  staff = { as: 'admin', headers: onBehalf(acme) };
});
afterAll(() => api?.close());

const secret = () => erp.key.Secret;

async function count(table: typeof catalogItems | typeof customers | typeof events) {
  const [row] = await api.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

async function eventsBy(clientId: number, kind: string) {
  return api.db
    .select()
    .from(events)
    .where(and(eq(events.ActorClientId, clientId), eq(events.Kind, kind)));
}

describe('customers', () => {
  it('are created, linked, refused and left alone, row by row', async () => {
    const rows = [
      { ExternalId: 'C-9001', CustomerCode: 'hooli', CustomerName: 'Hooli' },
      { ExternalId: 'C-1000', Id: acme, CustomerCode: 'ACME', CustomerName: 'Acme Packaging' },
      { ExternalId: 'C-9002', CustomerCode: 'bad code!', CustomerName: 'Bad' },
      { ExternalId: 'C-9003', CustomerCode: 'GLOBEX', CustomerName: 'Globex again' },
    ];
    const before = await count(customers);
    const first = await upsert(api, secret(), 'customers', rows);
    expect(outcomes(first)).toEqual(['created', 'updated', 'refused', 'refused']);
    expect(first[1]).toMatchObject({ Id: acme, ExternalId: 'C-1000' });
    expect(first[2]!.Error).toMatchObject({
      code: 'invalid_input',
      fields: { CustomerCode: 'Use letters, digits, - and _ only.' },
    });
    expect(first[3]!.Error).toMatchObject({
      code: 'conflict',
      fields: { CustomerCode: 'Another customer already uses this code.' },
    });
    expect(await count(customers)).toBe(before + 1);
    const [hooli] = await api.db.select().from(customers).where(eq(customers.ExternalId, 'C-9001'));
    expect(hooli).toMatchObject({
      CustomerCode: 'HOOLI',
      CustomerName: 'Hooli',
      Active: true,
    });

    const again = await upsert(api, secret(), 'customers', rows);
    expect(outcomes(again)).toEqual(['unchanged', 'unchanged', 'refused', 'refused']);

    const renamed = await upsert(api, secret(), 'customers', [
      { ...rows[0], CustomerName: 'Hooli Corporation' },
    ]);
    expect(outcomes(renamed)).toEqual(['updated']);
    const created = await eventsBy(erp.client.Id, 'customer.created');
    expect(created.map((e) => e.ActorUid)).toEqual([`client:${erp.client.Id}`]);
  });

  it('refuse linking a customer already linked to another number', async () => {
    const [result] = await upsert(api, secret(), 'customers', [
      { ExternalId: 'C-OTHER', Id: acme, CustomerCode: 'ACME', CustomerName: 'Acme Packaging' },
    ]);
    expect(result).toMatchObject({ Outcome: 'refused', Error: { code: 'conflict' } });
  });
});

describe('catalog items', () => {
  it('are upserted with their prices; a repeat is unchanged; an unknown customer refuses its row only', async () => {
    const rows = [
      item(1),
      item(2, { CustomerExternalId: 'C-1000', UnitOfMeasure: 'cs' }),
      item(3, { CustomerExternalId: 'C-NOBODY' }),
      item(4, { Length: -1 }),
    ];
    const before = await count(catalogItems);
    const first = await upsert(api, secret(), 'catalog-items', rows);
    expect(outcomes(first)).toEqual(['created', 'created', 'refused', 'refused']);
    expect(first[2]!.Error?.fields).toEqual({
      CustomerExternalId: "No customer has this number in the plant's system.",
    });
    expect(first[3]!.Error?.fields).toEqual({ Length: 'The length cannot be negative.' });
    expect(await count(catalogItems)).toBe(before + 2);
    const [second] = await api.db
      .select()
      .from(catalogItems)
      .where(eq(catalogItems.ExternalId, 'MAT-2'));
    expect(second).toMatchObject({ CustomerId: acme, UnitOfMeasure: 'CS', UnitPrice: 1.25 });

    expect(outcomes(await upsert(api, secret(), 'catalog-items', rows))).toEqual([
      'unchanged',
      'unchanged',
      'refused',
      'refused',
    ]);
    const repriced = await upsert(api, secret(), 'catalog-items', [item(1, { UnitPrice: 1.3 })]);
    expect(outcomes(repriced)).toEqual(['updated']);
    const [one] = await api.db
      .select()
      .from(catalogItems)
      .where(eq(catalogItems.ExternalId, 'MAT-1'));
    expect(one!.UnitPrice).toBe(1.3);
  });

  it('answer a malformed row refused, with the others applied', async () => {
    const results = await upsert(api, secret(), 'catalog-items', [
      'not an object',
      { ...item(5), Surprise: true },
      item(6),
    ]);
    expect(outcomes(results)).toEqual(['refused', 'refused', 'created']);
    expect(results[1]!.Error?.fields).toEqual({ Surprise: 'Unknown field' });
    expect(results.map((r) => r.Index)).toEqual([0, 1, 2]);
  });
});

describe('an order acknowledged, produced, released and shipped by the plant’s system', () => {
  let order: OrderDetail;

  beforeAll(async () => {
    order = await placeOrder(
      api,
      buyer,
      [
        { ItemNumber: 'ACM-1001', QtyOrdered: 10 },
        { ItemNumber: 'ACM-1002', QtyOrdered: 6 },
      ],
      { RequestedShipDate: inDays(20) },
    );
  });

  it('is confirmed by the acknowledgement, with its ERP numbers and promised dates', async () => {
    const before = changes;
    const ack = {
      OrderNumber: order.OrderNumber,
      ExternalId: '4500123',
      Lines: [
        { LineNumber: 1, ExternalId: '4500123-10', PromisedShipDate: '2031-03-02' },
        { LineNumber: 2, ExternalId: '4500123-20' },
      ],
    };
    expect(outcomes(await upsert(api, secret(), 'order-acknowledgements', [ack]))).toEqual([
      'updated',
    ]);
    expect(changes).toBeGreaterThan(before);
    const confirmed = await getOrder(api, buyer, order.Id);
    expect(confirmed).toMatchObject({ Status: 'Confirmed', ExternalId: '4500123' });
    expect(confirmed.Lines.map((l) => [l.ExternalId, l.PromisedShipDate])).toEqual([
      ['4500123-10', '2031-03-02'],
      ['4500123-20', inDays(20)],
    ]);
    expect(confirmed.History.at(-1)?.ActorName).toBe('ERP test');

    expect(outcomes(await upsert(api, secret(), 'order-acknowledgements', [ack]))).toEqual([
      'unchanged',
    ]);
    // Addressed by its ERP number alone from now on; a changed date moves as staff would move it.
    const moved = await upsert(api, secret(), 'order-acknowledgements', [
      { ExternalId: '4500123', Lines: [{ LineNumber: 1, PromisedShipDate: '2031-03-09' }] },
    ]);
    expect(outcomes(moved)).toEqual(['updated']);
    expect((await getOrder(api, buyer, order.Id)).Lines[0]!.PromisedShipDate).toBe('2031-03-09');
  });

  it('refuses an ERP number already given to another order', async () => {
    const other = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1003', QtyOrdered: 1 }]);
    const [result] = await upsert(api, secret(), 'order-acknowledgements', [
      { OrderNumber: other.OrderNumber, ExternalId: '4500123' },
    ]);
    expect(result).toMatchObject({ Outcome: 'refused', Error: { code: 'conflict' } });
    expect((await getOrder(api, buyer, other.Id)).Status).toBe('Submitted');
  });

  it('shows the buyer the ERP number and who acted: the plant’s system', async () => {
    const list = await json<{ data: OrderRow[] }>(
      await call(api, buyer, 'GET', '/api/db/orders?limit=200'),
      200,
    );
    expect(list.data.find((o) => o.Id === order.Id)?.ExternalId).toBe('4500123');
    const activity = await json<{ data: ActivityRow[] }>(
      await call(api, buyer, 'GET', `/api/db/orders/${order.Id}/activity?limit=200`),
      200,
    );
    const confirmed = activity.data.find((a) => a.Kind === 'order.confirmed')!;
    expect(confirmed).toMatchObject({ ActorName: 'ERP test', ByClient: true, OnBehalf: false });
    expect(actorLine(confirmed, 'buyer')).toBe("by the plant's system (ERP test)");
    expect(activity.data.find((a) => a.Kind === 'order.erp_linked')?.Text).toBe(
      'Numbered the order ERP 4500123',
    );
  });

  it('tells the buyer of the confirmation, as when staff confirm', async () => {
    // Every pending event, the thousand catalog items' included.
    while ((await fanOutPending(api.db, { batch: 500 })).events > 0);
    const [buyerRow] = await api.db
      .select({ Id: users.Id })
      .from(users)
      .where(eq(users.Uid, api.accounts.buyerAcme.uid));
    const [confirmedEvent] = await api.db
      .select({ Id: events.Id })
      .from(events)
      .where(and(eq(events.Kind, 'order.confirmed'), eq(events.SubjectId, order.Id)));
    const told = await api.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.UserId, buyerRow!.Id), eq(notifications.EventId, confirmedEvent!.Id)),
      );
    expect(told).toHaveLength(1);
  });

  it('records production as absolute figures, each row in its own savepoint', async () => {
    const rows = [
      { LineExternalId: '4500123-10', QtyProduced: 10 },
      { OrderExternalId: '4500123', LineNumber: 2, QtyProduced: 7 },
      { OrderNumber: order.OrderNumber, LineNumber: 9, QtyProduced: 1 },
    ];
    const results = await upsert(api, secret(), 'production', rows);
    expect(outcomes(results)).toEqual(['updated', 'refused', 'refused']);
    expect(results[1]!.Error).toMatchObject({
      code: 'invalid_input',
      fields: { QtyProduced: 'At most the 6 ordered.' },
    });
    expect(results[2]!.Error).toMatchObject({
      code: 'not_found',
      fields: { LineNumber: expect.any(String) },
    });
    const after = await getOrder(api, buyer, order.Id);
    expect(after.Lines.map((l) => l.QtyProduced)).toEqual([10, 0]);
    expect(after.Status).toBe('InProduction');
    const recorded = await eventsBy(erp.client.Id, 'order_line.production_recorded');
    expect(recorded).toHaveLength(1);

    expect(outcomes(await upsert(api, secret(), 'production', [rows[0]]))).toEqual(['unchanged']);
    const full = await upsert(api, secret(), 'production', [
      { OrderExternalId: '4500123', LineNumber: 2, QtyProduced: 6 },
    ]);
    expect(outcomes(full)).toEqual(['updated']);
    expect((await getOrder(api, buyer, order.Id)).Status).toBe('Ready');
  });

  it('releases and schedules by the plant’s numbers; a repeat is unchanged', async () => {
    const rows = [
      { ExternalId: 'R-1', LineExternalId: '4500123-10', Qty: 6, RequestedShipDate: '2031-03-01' },
      { ExternalId: 'R-2', LineExternalId: '4500123-10', Qty: 4, RequestedShipDate: '2031-03-01' },
      { ExternalId: 'R-3', LineExternalId: '4500123-20', Qty: 7, RequestedShipDate: '2031-03-01' },
    ];
    const results = await upsert(api, secret(), 'releases', rows);
    expect(outcomes(results)).toEqual(['created', 'created', 'refused']);
    expect(results[2]!.Error?.code).toBe('conflict');
    expect(outcomes(await upsert(api, secret(), 'releases', rows.slice(0, 2)))).toEqual([
      'unchanged',
      'unchanged',
    ]);
    const releases = await json<{ data: ReleaseRow[] }>(
      await call(api, buyer, 'GET', `/api/db/orders/${order.Id}/releases`),
      200,
    );
    expect(releases.data.map((r) => [r.ExternalId, r.Status, r.Qty])).toEqual([
      ['R-1', 'scheduled', 6],
      ['R-2', 'scheduled', 4],
    ]);
    const changed = await upsert(api, secret(), 'releases', [{ ...rows[1], Qty: 5 }]);
    expect(changed[0]).toMatchObject({
      Outcome: 'refused',
      Error: { fields: { Qty: expect.any(String) } },
    });
  });

  it('ships whole releases with pieces and weight; more than released refuses the row', async () => {
    const shipment = {
      ExternalId: 'D-77',
      OrderExternalId: '4500123',
      ShipDate: '2031-03-01',
      Carrier: 'UPS',
      TrackingNumber: '1Z999AA10123456784',
      BolNumber: 'BOL-77',
      Pieces: 3,
      WeightLb: 412.5,
      Lines: [{ LineExternalId: '4500123-10', Qty: 6 }],
    };
    const tooMuch = { ...shipment, ExternalId: 'D-78', Lines: [{ LineNumber: 2, Qty: 6 }] };
    const notWhole = { ...shipment, ExternalId: 'D-79', Lines: [{ LineNumber: 1, Qty: 3 }] };
    const results = await upsert(api, secret(), 'shipments', [shipment, tooMuch, notWhole]);
    expect(outcomes(results)).toEqual(['created', 'refused', 'refused']);
    expect(results[1]!.Error?.message).toMatch(/0 released and not shipped, fewer than the 6/);
    expect(results[2]!.Error?.message).toMatch(/whole releases/);
    const rows = await json<{ data: ShipmentRow[] }>(
      await call(api, buyer, 'GET', `/api/db/orders/${order.Id}/shipments`),
      200,
    );
    expect(rows.data).toHaveLength(1);
    expect(rows.data[0]).toMatchObject({
      ExternalId: 'D-77',
      Pieces: 3,
      WeightLb: 412.5,
      BolNumber: 'BOL-77',
    });
    expect(rows.data[0]!.Lines.map((l) => l.Qty)).toEqual([6]);

    expect(outcomes(await upsert(api, secret(), 'shipments', [shipment]))).toEqual(['unchanged']);
    const corrected = await upsert(api, secret(), 'shipments', [
      { ...shipment, TrackingNumber: '1Z999AA10123456785' },
    ]);
    expect(outcomes(corrected)).toEqual(['updated']);
    const [stored] = await api.db.select().from(shipments).where(eq(shipments.ExternalId, 'D-77'));
    expect(stored!.TrackingNumber).toBe('1Z999AA10123456785');
    expect(await eventsBy(erp.client.Id, 'shipment.updated')).toHaveLength(1);
    const otherLines = await upsert(api, secret(), 'shipments', [
      { ...shipment, Lines: [{ LineNumber: 1, Qty: 4 }] },
    ]);
    expect(otherLines[0]).toMatchObject({ Outcome: 'refused', Error: { code: 'conflict' } });
  });

  it('moves the status through the order machine, which still refuses what it refuses', async () => {
    const rest = await upsert(api, secret(), 'releases', [
      { ExternalId: 'R-4', LineExternalId: '4500123-20', Qty: 6, RequestedShipDate: '2031-03-01' },
    ]);
    expect(outcomes(rest)).toEqual(['created']);
    const shipped = await upsert(api, secret(), 'shipments', [
      {
        ExternalId: 'D-80',
        OrderNumber: order.OrderNumber,
        ShipDate: '2031-03-02',
        Carrier: 'Own truck',
        Lines: [
          { LineNumber: 1, Qty: 4 },
          { LineNumber: 2, Qty: 6 },
        ],
      },
    ]);
    expect(outcomes(shipped)).toEqual(['created']);
    expect((await getOrder(api, buyer, order.Id)).Status).toBe('Shipped');

    const rows = [
      { OrderExternalId: '4500123', Status: 'Closed', Note: 'Invoiced' },
      { OrderExternalId: '4500123', Status: 'Cancelled' },
      { OrderExternalId: 'NOPE', Status: 'Closed' },
    ];
    const results = await upsert(api, secret(), 'order-statuses', rows);
    expect(outcomes(results)).toEqual(['updated', 'refused', 'refused']);
    expect(results[1]!.Error).toMatchObject({
      code: 'conflict',
      message: 'An order that is Closed cannot become Cancelled.',
    });
    expect(results[2]!.Error).toMatchObject({
      code: 'not_found',
      fields: { OrderExternalId: 'No such order.' },
    });
    expect(outcomes(await upsert(api, secret(), 'order-statuses', rows.slice(0, 1)))).toEqual([
      'unchanged',
    ]);
  });

  it('never lets a refused row leave a trace', async () => {
    const lineBefore = await api.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.ExternalId, '4500123-10'));
    const eventsBefore = await count(events);
    // Closed: production is refused by the machine, after the row's first checks passed.
    const results = await upsert(api, secret(), 'production', [
      { LineExternalId: '4500123-10', QtyProduced: 9 },
    ]);
    expect(results[0]).toMatchObject({ Outcome: 'refused', Error: { code: 'conflict' } });
    expect(await count(events)).toBe(eventsBefore);
    expect(
      await api.db.select().from(orderLines).where(eq(orderLines.ExternalId, '4500123-10')),
    ).toEqual(lineBefore);
  });
});

describe('tenancy', () => {
  it('keeps another customer’s order, and its ERP number, from a buyer', async () => {
    const order = await placeOrder(api, staff, [{ ItemNumber: 'ACM-1004', QtyOrdered: 2 }]);
    await upsert(api, secret(), 'order-acknowledgements', [
      { OrderNumber: order.OrderNumber, ExternalId: 'ACME-ONLY-1' },
    ]);
    const globex: Caller = { as: 'buyerGlobex' };
    expect((await call(api, globex, 'GET', `/api/db/orders/${order.Id}`)).status).toBe(404);
    const theirs = await json<{ data: OrderRow[] }>(
      await call(api, globex, 'GET', '/api/db/orders?limit=200'),
      200,
    );
    expect(theirs.data.some((o) => o.ExternalId === 'ACME-ONLY-1')).toBe(false);
    expect(JSON.stringify(theirs)).not.toContain('ACME-ONLY-1');
    // The buyer of Acme sees its own.
    expect((await getOrder(api, buyer, order.Id)).ExternalId).toBe('ACME-ONLY-1');
  });
});
