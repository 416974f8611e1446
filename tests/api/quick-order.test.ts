/**
 * Quick order from a spreadsheet (docs/product/ordering-tools.md): a sheet of 500 rows read and
 * checked as the order form's preview does — with the same parser and the same shared rules,
 * against the catalog the buyer reads from the API — and the API refusing, line by line, what the
 * preview refuses.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSheet } from '../../src/client/features/orders/sheet';
import { catalogItems, orders } from '../../src/server/db/schema';
import { itemRefusal, type OfferedItem } from '../../src/shared/offered-items';
import { checkSheetRows, refusal } from '../../src/shared/quick-order';
import type { OrderDetail } from '../../src/shared/schemas/order';
import { call, json, setupFixture, type Caller, type ErrorBody, type TestApi } from './support';

let api: TestApi;
let acme: number;
let buyerAcme: Caller;
const item = (n: number) => `QO-${String(n).padStart(4, '0')}`;
/** Every 100th of the 500 items made for this test has been withdrawn. */
const withdrawn = (n: number) => n % 100 === 0;

beforeAll(async () => {
  ({ api, acme, buyer: buyerAcme } = await setupFixture());
  await api.db.insert(catalogItems).values(
    Array.from({ length: 510 }, (_, i) => ({
      ItemNumber: item(i + 1),
      Description: `Quick order item ${i + 1}`,
      CustomerId: acme,
      Length: 0,
      Width: 0,
      Height: 0,
      UnitPrice: 1,
      Active: !withdrawn(i + 1),
    })),
  );
});
afterAll(() => api?.close());

/** The catalog the order form's preview reads: every offered item, withdrawn ones too. */
async function offeredCatalog(): Promise<OfferedItem[]> {
  const items: OfferedItem[] = [];
  let cursor = '';
  do {
    const page = await json<{ data: OfferedItem[]; nextCursor?: string | null }>(
      await call(api, buyerAcme, 'GET', `/api/db/catalog?active=all&limit=200${cursor}`),
      200,
    );
    items.push(...page.data);
    cursor = page.nextCursor ? `&cursor=${encodeURIComponent(page.nextCursor)}` : '';
  } while (cursor);
  return items;
}

async function ordersOfAcme(): Promise<number> {
  const [row] = await api.db.select({ n: count() }).from(orders).where(eq(orders.CustomerId, acme));
  return row?.n ?? 0;
}

const postOrder = (PoNumber: string, Lines: unknown[]) =>
  call(api, buyerAcme, 'POST', '/api/db/orders', { PoNumber, Lines });

describe('a sheet of 500 rows, 37 of them bad', () => {
  // Row kinds by position in the sheet (1-based data rows); all the others are good.
  const bad = new Map<
    number,
    { cells: string; reason: RegExp; zod?: 'QtyOrdered' | 'RequestedShipDate' }
  >();
  const kinds = [
    (n: number) => ({ cells: `NOPE-${n},5,`, reason: /^No item NOPE-\d+ is offered/ }),
    // Globex's own item: it exists, but is not offered to ACME.
    () => ({ cells: 'GLX-2001,5,', reason: /^No item GLX-2001 is offered/ }),
    () => ({ cells: `${item(1)},5,`, reason: /is already on row 2\.$/ }),
    (n: number) => ({
      cells: `${item(n)},0,`,
      reason: /whole quantity/,
      zod: 'QtyOrdered' as const,
    }),
    (n: number) => ({
      cells: `${item(n)},2.5,`,
      reason: /whole quantity/,
      zod: 'QtyOrdered' as const,
    }),
    (n: number) => ({
      cells: `${item(n)},1,2099-02-30`,
      reason: /not a real date/,
      zod: 'RequestedShipDate' as const,
    }),
    (n: number) => ({
      cells: `${item(n)},1,2000-01-03`,
      reason: /Choose today or a later date\./,
      zod: 'RequestedShipDate' as const,
    }),
  ];
  for (let k = 0; k < 32; k++) bad.set(3 + k * 15, kinds[k % kinds.length]!(3 + k * 15));
  // And five rows naming a withdrawn item.
  for (const n of [100, 200, 300, 400, 500]) {
    bad.set(n, { cells: `${item(n)},1,`, reason: /is no longer available\.$/ });
  }
  const sheet = [
    'Item,Quantity,Requested ship date',
    ...Array.from({ length: 500 }, (_, i) =>
      bad.has(i + 1)
        ? bad.get(i + 1)!.cells
        : `${item(i + 1)},"1,${String(i).padStart(3, '0')}",${i % 2 ? '2099-03-01' : ''}`,
    ),
  ].join('\r\n');

  it('gives 463 accepted rows and 37 refusals with reasons, and creates nothing', async () => {
    const before = await ordersOfAcme();
    const parsed = parseSheet(sheet);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.rows).toHaveLength(500);
    const verdicts = checkSheetRows(parsed.rows, await offeredCatalog(), new Date());
    expect(verdicts.filter((v) => v.accepted)).toHaveLength(463);
    const refused = verdicts.flatMap((v, i) =>
      v.accepted ? [] : [[i + 1, v.reasons.join(' ')] as const],
    );
    expect(refused).toHaveLength(37);
    for (const [n, reasons] of refused) expect(reasons, `row ${n}`).toMatch(bad.get(n)!.reason);
    // A preview is only read: no order, until the buyer places one.
    expect(await ordersOfAcme()).toBe(before);
  });

  it('is refused by the API line by line as it stands, and placed once only good lines are left', async () => {
    const before = await ordersOfAcme();
    const parsed = parseSheet(sheet);
    if ('error' in parsed) throw new Error(parsed.error);
    const lines = parsed.rows.map((r) => ({
      ItemNumber: r.ItemNumber,
      QtyOrdered: Number(r.Qty.replace(/,/g, '')),
      ...(r.ShipDate ? { RequestedShipDate: r.ShipDate } : {}),
    }));

    // Quantities and dates first: the schema refuses each bad one, naming its line.
    const shape = await json<ErrorBody>(await postOrder('PO-QUICK-RAW', lines), 400);
    const expected = [...bad].filter(([, b]) => b.zod).map(([n, b]) => `Lines.${n - 1}.${b.zod}`);
    expect(Object.keys(shape.error.fields ?? {}).sort()).toEqual(expected.sort());

    // Then the items: unknown, not offered, withdrawn or repeated, each with the preview's words.
    const wellFormed = lines.filter((_, i) => !bad.get(i + 1)?.zod);
    const items = await json<ErrorBody>(await postOrder('PO-QUICK-ITEMS', wellFormed), 400);
    const fields = items.error.fields ?? {};
    expect(Object.keys(fields)).toHaveLength(37 - expected.length);
    const firstDuplicate = wellFormed.findIndex((l, i) => i > 0 && l.ItemNumber === item(1));
    expect(fields[`Lines.${firstDuplicate}.ItemNumber`]).toBe(refusal.duplicateLine(item(1), 1));
    expect(
      fields[`Lines.${wellFormed.findIndex((l) => l.ItemNumber === item(100))}.ItemNumber`],
    ).toBe(itemRefusal.withdrawn(item(100)));
    expect(
      fields[`Lines.${wellFormed.findIndex((l) => l.ItemNumber === 'GLX-2001')}.ItemNumber`],
    ).toBe(itemRefusal.unknown('GLX-2001'));
    expect(await ordersOfAcme()).toBe(before);

    // The accepted rows, as the preview hands them to the form, are placed.
    const verdicts = checkSheetRows(parsed.rows, await offeredCatalog(), new Date());
    const accepted = verdicts.flatMap((v) => (v.accepted ? [v.line] : []));
    const placed = await json<{ data: [OrderDetail] }>(
      await postOrder('PO-QUICK-OK', accepted),
      201,
    );
    const order = placed.data[0];
    expect(order.LineCount).toBe(463);
    expect(order.RequestedShipDate).toBeNull();
    expect(order.Lines[0]).toMatchObject({ LineNumber: 1, ItemNumber: item(1), QtyOrdered: 1000 });
    expect(order.Lines[0]!.RequestedShipDate).toBeNull();
    expect(order.Lines[1]).toMatchObject({ ItemNumber: item(2), RequestedShipDate: '2099-03-01' });
    expect(await ordersOfAcme()).toBe(before + 1);
  });
});

describe('the size of an order', () => {
  const good = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      ItemNumber: item(i + 1 + Math.floor(i / 99)),
      QtyOrdered: 2,
    }));

  it('takes 500 lines, each with its own date if it has one, and refuses 501', async () => {
    const lines = good(500);
    expect(lines.some((l) => withdrawn(Number(l.ItemNumber.slice(3))))).toBe(false);
    const placed = await json<{ data: [OrderDetail] }>(
      await postOrder(
        'PO-QUICK-500',
        lines.map((l, i) => (i === 499 ? { ...l, RequestedShipDate: '2099-12-31' } : l)),
      ),
      201,
    );
    expect(placed.data[0].LineCount).toBe(500);
    expect(placed.data[0].Lines[499]).toMatchObject({
      LineNumber: 500,
      RequestedShipDate: '2099-12-31',
    });

    const tooMany = await json<ErrorBody>(
      await postOrder('PO-QUICK-501', [...lines, { ItemNumber: 'ACM-1001', QtyOrdered: 1 }]),
      400,
    );
    expect(tooMany.error.fields).toEqual({ Lines: 'An order has at most 500 lines.' });
    const [none] = await api.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.CustomerId, acme), inArray(orders.PoNumber, ['PO-QUICK-501'])));
    expect(none?.n).toBe(0);
  });
});
