/**
 * A shipment's documents (issue 14): the packing list / BOL PDF parses back with the numbers on
 * it, proofs of delivery are judged by their bytes and size, only staff attach them, and another
 * customer's buyer finds neither document. Runs on PGlite and on PostgreSQL.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, ShipmentRow } from '../../src/shared/schemas/order';
import {
  confirmAndProduce,
  customerIdOf,
  json,
  onBehalf,
  placeOrder,
  release,
  releasesOf,
  schedule,
  ship,
  type Caller,
  type ErrorBody,
} from './order-support';
import { setupApi, type TestApi } from './support';

let api: TestApi;
let staff: Caller;
const buyer: Caller = { as: 'buyerAcme' };
let order: OrderDetail;
let shipment: ShipmentRow;

beforeAll(async () => {
  api = await setupApi();
  staff = { as: 'rep', headers: onBehalf(await customerIdOf(api, 'ACME')) };
  order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 6 }]);
  const made = await confirmAndProduce(api, staff, order, [6]);
  await json(
    await release(api, buyer, order.Id, [{ OrderLineId: made.Lines[0]!.Id, Qty: 4 }]),
    201,
  );
  const [r] = await releasesOf(api, buyer, order.Id);
  await schedule(api, staff, r!);
  const shipped = await ship(api, staff, order.Id, [r!.Id], { BolNumber: 'BOL-77123' });
  shipment = (await json<{ data: [ShipmentRow] }>(shipped, 201)).data[0];
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
  return parts.join(' ');
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
    const stored = (await json<{ data: [{ ContentType: string; Size: number }] }>(res, 201)).data;
    expect(stored[0]).toMatchObject({ ContentType: 'image/png', Size: PNG.byteLength });

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

    for (const path of ['/proof', '/proofs']) {
      const other = await api.request(`${base()}${path}`, { as: 'buyerGlobex' });
      expect(other.status).toBe(404);
    }
  });
});
