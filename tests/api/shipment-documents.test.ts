/**
 * A shipment's documents (docs/product/ordering-tools.md): the packing list / BOL PDF parses back
 * with the numbers on it, proofs of delivery are judged by their bytes and size, only staff attach
 * them, and another customer's buyer finds neither document. Runs on PGlite and on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema';
import { formatAddress } from '../../src/shared/format';
import type { OrderDetail, ShipmentRow } from '../../src/shared/schemas/order';
import {
  confirmAndProduce,
  placeOrder,
  release,
  releasesOf,
  schedule,
  ship,
} from './order-support';
import { json, setupFixture, type Caller, type ErrorBody, type TestApi } from './support';

let api: TestApi;
let staff: Caller;
let buyer: Caller;
let order: OrderDetail;
let shipment: ShipmentRow;
/** A second shipment of the same order and customer. */
let otherShipment: ShipmentRow;

beforeAll(async () => {
  ({ api, buyer, staff } = await setupFixture());
  order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 6 }]);
  const made = await confirmAndProduce(api, staff, order, [6]);
  for (const Qty of [4, 2]) {
    await json(await release(api, buyer, order.Id, [{ OrderLineId: made.Lines[0]!.Id, Qty }]), 201);
  }
  const releases = await releasesOf(api, buyer, order.Id);
  const four = releases.find((r) => r.Qty === 4)!;
  const two = releases.find((r) => r.Qty === 2)!;
  await schedule(api, staff, four);
  await schedule(api, staff, two);
  const shipped = await ship(api, staff, order.Id, [four.Id], { BolNumber: 'BOL-77123' });
  shipment = (await json<{ data: [ShipmentRow] }>(shipped, 201)).data[0];
  const second = await ship(api, staff, order.Id, [two.Id], { BolNumber: 'BOL-77124' });
  otherShipment = (await json<{ data: [ShipmentRow] }>(second, 201)).data[0];
});
afterAll(() => api?.close());

/** The text of every page of a PDF, as a reader would extract it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

const base = () => `/api/db/shipments/${shipment.Id}`;

function upload(who: Caller, bytes: Uint8Array<ArrayBuffer>, type = 'application/pdf') {
  return api.request(`${base()}/proofs`, {
    as: who.as,
    method: 'POST',
    headers: { ...who.headers, 'Content-Type': type },
    body: bytes,
  });
}

const text = (s: string) => new TextEncoder().encode(s);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('packing list', () => {
  it('is a PDF download with the PO, BOL and tracking numbers and the shipped quantity', async () => {
    const res = await api.request(`${base()}/packing-list`, { as: 'buyerAcme' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="packing-list-order-${order.OrderNumber}-shipment-${shipment.Id}.pdf"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const content = await pdfText(bytes);
    expect(content).toContain(order.PoNumber);
    expect(content).toContain('BOL-77123');
    expect(content).toContain('1Z999AA10123456784');
    expect(content).toContain('ACM-1001');
    // Where it goes is the copy the order keeps of its address, as the order page spells it.
    expect(order.ShipToAddress).not.toBeNull();
    expect(content).toContain(formatAddress(order.ShipToAddress!));
  });

  it("is not found for another customer's buyer", async () => {
    const res = await api.request(`${base()}/packing-list`, { as: 'buyerGlobex' });
    expect(res.status).toBe(404);
  });
});

describe('proof of delivery', () => {
  it('refuses the buyer with 403', async () => {
    const res = await upload(buyer, PNG, 'image/png');
    expect((await json<ErrorBody>(res, 403)).error.message).toBe(
      'Only staff attach proofs of delivery.',
    );
  });

  it('refuses HTML or SVG sent as a PDF, by its content', async () => {
    for (const body of ['<html><script>alert(1)</script></html>', '<svg xmlns="x"></svg>']) {
      const res = await upload(staff, text(body), 'application/pdf');
      const error = (await json<ErrorBody>(res, 422)).error;
      expect(error.message).toBe('A proof of delivery must be a PDF, JPEG or PNG file.');
      expect(error.fields).toEqual({ File: 'Choose a PDF, JPEG or PNG file.' });
    }
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(text('%PDF-1.4'));
    const res = await upload(staff, big);
    expect((await json<ErrorBody>(res, 413)).error.fields).toEqual({ File: 'At most 5 MB.' });
  });

  it('keeps a PNG, serves it back as a PNG download, and only to its customer', async () => {
    const res = await upload(staff, PNG, 'application/pdf');
    const stored = (
      await json<{ data: [{ Id: number; ContentType: string; Size: number }] }>(res, 201)
    ).data;
    expect(stored[0]).toMatchObject({ ContentType: 'image/png', Size: PNG.byteLength });
    // Recorded on the order's stream as staff's, without the bytes.
    const [event] = await api.db
      .select()
      .from(events)
      .where(and(eq(events.Entity, 'shipment_proofs'), eq(events.EntityId, String(stored[0].Id))));
    expect(event).toMatchObject({
      Kind: 'shipment.proof_attached',
      ByStaff: true,
      OnBehalf: false,
      SubjectEntity: 'orders',
      SubjectId: order.Id,
      Data: { ShipmentId: shipment.Id, OrderNumber: order.OrderNumber },
    });
    expect(event!.After).not.toHaveProperty('Content');

    const listed = await api.request(`${base()}/proofs`, { as: 'buyerAcme' });
    expect((await json<{ data: unknown[] }>(listed, 200)).data).toHaveLength(1);

    const file = await api.request(`${base()}/proof`, { as: 'buyerAcme' });
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/png');
    expect(file.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(file.headers.get('Content-Disposition')).toBe(
      `attachment; filename="proof-of-delivery-shipment-${shipment.Id}.png"`,
    );
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);

    for (const path of ['/proof', '/proofs', `/proofs/${stored[0].Id}`]) {
      const other = await api.request(`${base()}${path}`, { as: 'buyerGlobex' });
      expect(other.status).toBe(404);
    }
  });

  it('keeps an older version downloadable by its id after a new upload', async () => {
    const pdf = text('%PDF-1.4\n% a signed delivery note\n');
    const res = await upload(staff, pdf);
    const newest = (await json<{ data: [{ Id: number }] }>(res, 201)).data[0];
    const listed = await api.request(`${base()}/proofs`, { as: 'buyerAcme' });
    const rows = (await json<{ data: Array<{ Id: number; ContentType: string }> }>(listed, 200))
      .data;
    expect(rows.map((r) => r.ContentType)).toEqual(['application/pdf', 'image/png']);
    expect(rows[0]!.Id).toBe(newest.Id);

    const older = await api.request(`${base()}/proofs/${rows[1]!.Id}`, { as: 'buyerAcme' });
    expect(older.status).toBe(200);
    expect(older.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await older.arrayBuffer())).toEqual(PNG);
    const current = await api.request(`${base()}/proof`, { as: 'buyerAcme' });
    expect(new Uint8Array(await current.arrayBuffer())).toEqual(pdf);

    // A proof id is only found under its own shipment, even one of the same order.
    const elsewhere = await api.request(
      `/api/db/shipments/${otherShipment.Id}/proofs/${newest.Id}`,
      {
        as: 'buyerAcme',
      },
    );
    expect(elsewhere.status).toBe(404);
  });
});
