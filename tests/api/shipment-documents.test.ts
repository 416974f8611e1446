/**
 * A shipment's documents (docs/product/ordering-tools.md): the packing list and the bill of lading
 * parse back with what a dock needs on them (the bill's barcode read back by a barcode reader), proofs of delivery are judged by their bytes and size, only staff attach
 * them, and another customer's buyer finds neither document. Runs on PGlite and on PostgreSQL.
 */
import { createCanvas } from '@napi-rs/canvas';
import {
  BinaryBitmap,
  Code128Reader,
  DecodeHintType,
  HybridBinarizer,
  RGBLuminanceSource,
} from '@zxing/library';
import { and, eq, inArray } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogItems, drawnDocuments, events, shipments } from '../../src/server/db/schema';
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

/** The shipping facts the catalog keeps of ACM-1001, so the papers have pieces, class and NMFC. */
const FACTS = { UnitsPerPiece: 3, WeightLbPerUnit: 12.5, FreightClass: '85', Nmfc: '156600' };

beforeAll(async () => {
  ({ api, buyer, staff } = await setupFixture());
  await api.db.update(catalogItems).set(FACTS).where(eq(catalogItems.ItemNumber, 'ACM-1001'));
  order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 6 }], {
    Notes: 'Call Dana before delivery',
  });
  const made = await confirmAndProduce(api, staff, order, [6]);
  for (const Qty of [4, 2]) {
    await json(await release(api, buyer, order.Id, [{ OrderLineId: made.Lines[0]!.Id, Qty }]), 201);
  }
  const releases = await releasesOf(api, buyer, order.Id);
  const four = releases.find((r) => r.Qty === 4)!;
  const two = releases.find((r) => r.Qty === 2)!;
  await schedule(api, staff, four);
  await schedule(api, staff, two);
  const shipped = await ship(api, staff, order.Id, [four.Id], {
    BolNumber: 'BOL-77123',
    Carrier: 'Old Dominion',
    Scac: 'odfl',
    TrailerNumber: 'TR-5521',
    SealNumber: 'SL-90817',
    Pieces: 2,
    PackageType: 'PLT',
    WeightLb: 50,
    FreightClass: '85',
    Nmfc: '156600-03',
  });
  shipment = (await json<{ data: [ShipmentRow] }>(shipped, 201)).data[0];
  const second = await ship(api, staff, order.Id, [two.Id], { BolNumber: 'BOL-77124' });
  otherShipment = (await json<{ data: [ShipmentRow] }>(second, 201)).data[0];
});
afterAll(() => api?.close());

type TextItem = { str: string; transform: number[] };

/** The text of every page of a PDF, as a reader would extract it, and its rows as printed. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfRows(bytes)).join(' ').replace(/\s+/g, ' ');
}

/**
 * Each page's text a row at a time: the pieces of text at one height, left to right, as a person
 * reads across a table's row.
 */
async function pdfRows(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const rows: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const byHeight = new Map<number, TextItem[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5]!);
      byHeight.set(y, [...(byHeight.get(y) ?? []), item]);
    }
    for (const [, items] of [...byHeight].sort(([a], [b]) => b - a)) {
      items.sort((a, b) => a.transform[4]! - b.transform[4]!);
      rows.push(items.map((i) => i.str.trim()).join(' '));
    }
  }
  return rows;
}

/** The value of the Code 128 barcode on the first page, read from the page drawn at 200 dpi. */
async function barcodeOnFirstPage(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale: 200 / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = 'white';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0; i < width * height; i++) {
    luminance[i] = (data[i * 4]! + data[i * 4 + 1]! * 2 + data[i * 4 + 2]!) >> 2;
  }
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)),
  );
  const hints = new Map([[DecodeHintType.TRY_HARDER, true]]);
  return new Code128Reader().decode(bitmap, hints).getText();
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

async function download(path: string) {
  const res = await api.request(path, { as: 'buyerAcme' });
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  return { res, bytes };
}

describe('packing list', () => {
  it('is a PDF download with shipper, consignee, notes, PO, BOL and tracking numbers', async () => {
    const { res, bytes } = await download(`${base()}/packing-list`);
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="packing-list-order-${order.OrderNumber}-shipment-${shipment.Id}.pdf"`,
    );
    const content = await pdfText(bytes);
    const rows = await pdfRows(bytes);
    expect(content).toContain('PACKING LIST');
    // Each label with its value under it.
    const under = (labels: string) => rows[rows.indexOf(labels) + 1];
    expect(under('ORDER NUMBER CUSTOMER PO SHIP DATE BOL NUMBER')).toContain(
      `${order.OrderNumber} ${order.PoNumber}`,
    );
    expect(under('ORDER NUMBER CUSTOMER PO SHIP DATE BOL NUMBER')).toContain('BOL-77123');
    expect(under('CARRIER SCAC TRACKING / PRO NUMBER TRAILER / SEAL')).toBe(
      'Old Dominion ODFL 1Z999AA10123456784 TR-5521 / SL-90817',
    );
    expect(under('SHIP FROM (SHIPPER) SHIP TO (CONSIGNEE)')).toMatch(
      /^Acme Manufacturing, Plant 1 /,
    );
    expect(content).toContain('100 Mill Road');
    // Where it goes is the copy the order keeps of its address, a line at a time.
    const address = order.ShipToAddress!;
    expect(address).not.toBeNull();
    for (const line of [address.Name, ...address.Lines, address.City]) {
      expect(content).toContain(line);
    }
    expect(content).toContain('Order note: Call Dana before delivery');
    if (address.DeliveryNotes.trim()) expect(content).toContain(address.DeliveryNotes.trim());
    expect(content).toContain('Page 1 of 1');
  });

  it('says per line what was ordered, shipped now, shipped before and is still to come', async () => {
    const first = await pdfRows((await download(`${base()}/packing-list`)).bytes);
    expect(first).toContain(
      'Line Item / description Unit Ordered Shipped Shipped Still to come Pieces',
    );
    expect(first).toContain('now before');
    // 6 ordered, 4 now, none before, 2 to come; 4 units at 3 a piece are 2 pieces.
    expect(first).toContain('1 ACM-1001 EA 6 4 0 2 2');
    expect(first).toContain('Totals 6 4 0 2 2');
    expect(first.join(' ')).toContain('Handling units: 2 pallets Gross weight: 50 lb');

    const second = await pdfRows(
      (await download(`/api/db/shipments/${otherShipment.Id}/packing-list`)).bytes,
    );
    // The later shipment: 2 now, 4 before, nothing still to come; 2 units are 1 piece.
    expect(second).toContain('1 ACM-1001 EA 6 2 4 0 1');
  });

  it("is not found for another customer's buyer", async () => {
    const res = await api.request(`${base()}/packing-list`, { as: 'buyerGlobex' });
    expect(res.status).toBe(404);
  });
});

describe('bill of lading', () => {
  it('is a straight bill of lading with the VICS fields and its own file name', async () => {
    const { res, bytes } = await download(`${base()}/bill-of-lading`);
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="bill-of-lading-order-${order.OrderNumber}-shipment-${shipment.Id}.pdf"`,
    );
    const content = await pdfText(bytes);
    const rows = await pdfRows(bytes);
    const under = (labels: string) => rows[rows.indexOf(labels) + 1];
    expect(under('TRAILER NUMBER SEAL NUMBER(S)')).toBe('TR-5521 SL-90817');
    expect(rows).toContain(`${order.PoNumber} ${order.OrderNumber}`);
    for (const expected of [
      'STRAIGHT BILL OF LADING',
      'Bill of lading number: BOL-77123',
      'SHIP FROM',
      'Acme Manufacturing, Plant 1',
      'SHIP TO',
      order.ShipToAddress!.Lines[0]!,
      'THIRD PARTY FREIGHT CHARGES BILL TO',
      'CARRIER NAME',
      'Old Dominion',
      'SCAC',
      'ODFL',
      'SPECIAL INSTRUCTIONS',
      'Order note: Call Dana before delivery',
      'CUSTOMER ORDER INFORMATION',
      'CARRIER INFORMATION',
      'SHIPPER SIGNATURE / DATE',
      'CARRIER SIGNATURE / PICKUP DATE',
      'CONSIGNEE SIGNATURE / DATE',
      'Page 1 of 1',
    ]) {
      expect(content).toContain(expected);
    }
    // Per commodity: handling units and type, package quantity, weight, description, and the
    // item's NMFC number and class from the catalog; then the load's grand total as declared.
    expect(rows.some((r) => r.startsWith('2 PLT 4 EA 50 lb ACM-1001 '))).toBe(true);
    expect(rows.some((r) => r.endsWith(' 156600 85'))).toBe(true);
    expect(rows).toContain('2 PLT 4 50 lb Grand total 156600-03 85');
    expect(rows).toContain(
      `${order.PoNumber} 2 50 lb Y Order ${order.OrderNumber}, shipment #${shipment.Id}`,
    );
  });

  it('carries its number as a Code 128 barcode a scanner reads', async () => {
    const { bytes } = await download(`${base()}/bill-of-lading`);
    expect(await barcodeOnFirstPage(bytes)).toBe('BOL-77123');
  });

  it('is kept once drawn, apart from the packing list of the same shipment', async () => {
    await download(`${base()}/bill-of-lading`);
    await download(`${base()}/packing-list`);
    const kinds = await api.db
      .select({ Kind: drawnDocuments.Kind })
      .from(drawnDocuments)
      .where(inArray(drawnDocuments.Kind, ['packing-list', 'bill-of-lading']));
    expect(new Set(kinds.map((k) => k.Kind))).toEqual(new Set(['packing-list', 'bill-of-lading']));
  });

  it("is not found for another customer's buyer", async () => {
    const res = await api.request(`${base()}/bill-of-lading`, { as: 'buyerGlobex' });
    expect(res.status).toBe(404);
  });
});

describe('shipment freight details', () => {
  it('refuses a freight class off the list, naming the field, and records nothing', async () => {
    const before = await api.db.select({ Id: shipments.Id }).from(shipments);
    const res = await ship(api, staff, order.Id, [1], { FreightClass: '90', Scac: 'U2' });
    const error = (await json<ErrorBody>(res, 400)).error;
    expect(error.fields?.FreightClass).toBe('Choose a freight class from the list (50 to 500).');
    expect((await api.db.select({ Id: shipments.Id }).from(shipments)).length).toBe(before.length);
  });

  it('keeps what staff entered and answers it on the shipment', () => {
    expect(shipment).toMatchObject({
      Scac: 'ODFL',
      TrailerNumber: 'TR-5521',
      SealNumber: 'SL-90817',
      PackageType: 'PLT',
      FreightClass: '85',
      Nmfc: '156600-03',
    });
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
