/**
 * Ship-to address books (docs/product/ordering-tools.md): administrators manage a customer's book,
 * its buyers read it and order to it, nobody else reaches it, and an order keeps its own copy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressRow } from '../../src/shared/schemas/address';
import { auditOf, expectError, send } from './admin-support';
import { getOrder, placeOrder } from './order-support';
import { customerIdOf, setupFixture, type Caller, type TestApi } from './support';

let api: TestApi;
let acme: number;
let globex: number;
let buyer: Caller;

beforeAll(async () => {
  ({ api, acme, globex, buyer } = await setupFixture());
});
afterAll(() => api?.close());

const LINES = [{ ItemNumber: 'ACM-1001', QtyOrdered: 10 }];

let keys = 0;
const key = () => ({ 'Idempotency-Key': `address-test-${++keys}-${Date.now()}` });

async function book(as: 'buyerAcme' | 'buyerGlobex' | 'admin', customerId?: number) {
  const query = customerId === undefined ? '' : `?customerId=${customerId}`;
  return send<{ data: AddressRow[] }>(api, 'GET', `/api/db/addresses${query}`, { as });
}

async function addAddress(customerId: number, fields: Record<string, unknown> = {}) {
  const answer = await send<{ data: [AddressRow] }>(api, 'POST', '/api/db/addresses', {
    as: 'admin',
    headers: key(),
    body: {
      CustomerId: customerId,
      Name: 'Test dock',
      Lines: ['1 Test Street'],
      City: 'Testville',
      PostalCode: '12345',
      Country: 'United States',
      ...fields,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data[0];
}

const put = (row: AddressRow, changes: Record<string, unknown>) => {
  const { Name, Lines, City, Region, PostalCode, Country, DeliveryNotes, IsDefault } = row;
  return send<{ data: [AddressRow] }>(api, 'PUT', `/api/db/addresses/${row.Id}`, {
    as: 'admin',
    headers: { 'If-Match': `"${row.Version}"` },
    body: { Name, Lines, City, Region, PostalCode, Country, DeliveryNotes, IsDefault, ...changes },
  });
};

describe('reading a book', () => {
  it('gives a buyer its own seeded book, the usual address first as the default', async () => {
    const answer = await book('buyerAcme');
    expect(answer.status).toBe(200);
    const rows = answer.body.data;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.CustomerId === acme)).toBe(true);
    expect(rows.filter((r) => r.IsDefault).map((r) => r.Name)).toEqual(['Acme Packaging']);
    expect(rows[0]!.IsDefault).toBe(true);
  });

  it('never shows a buyer another customer’s book', async () => {
    expectError(await book('buyerAcme', globex), 404, 'not_found');
    // The customer header is ignored for buyers: its own book comes back.
    const viaHeader = await send<{ data: AddressRow[] }>(api, 'GET', '/api/db/addresses', {
      as: 'buyerAcme',
      headers: { 'X-Customer-Id': String(globex) },
    });
    expect(viaHeader.body.data.every((r) => r.CustomerId === acme)).toBe(true);
  });

  it('lets staff read the book of the customer they name', async () => {
    const answer = await book('admin', globex);
    expect(answer.status).toBe(200);
    expect(answer.body.data.every((r) => r.CustomerId === globex)).toBe(true);
  });

  it('refuses writes by buyers', async () => {
    const answer = await send(api, 'POST', '/api/db/addresses', {
      as: 'buyerAcme',
      headers: key(),
      body: {
        CustomerId: acme,
        Name: 'X',
        Lines: ['1'],
        City: 'C',
        PostalCode: '1',
        Country: 'US',
      },
    });
    expect(answer.status).toBe(403);
  });
});

describe('validation', () => {
  it('names each field that is wrong', async () => {
    const answer = await send(api, 'POST', '/api/db/addresses', {
      as: 'admin',
      headers: key(),
      body: { CustomerId: acme, Name: ' ', Lines: ['a', 'b', 'c', 'd'], City: '', Country: 'US' },
    });
    const fields = expectError(answer, 400, 'invalid_input');
    expect(fields).toEqual(expect.arrayContaining(['Name', 'Lines', 'City', 'PostalCode']));
  });

  it('refuses a book without a street line', async () => {
    const answer = await send(api, 'POST', '/api/db/addresses', {
      as: 'admin',
      headers: key(),
      body: {
        CustomerId: acme,
        Name: 'N',
        Lines: ['  '],
        City: 'C',
        PostalCode: '1',
        Country: 'US',
      },
    });
    expect(expectError(answer, 400, 'invalid_input')).toContain('Lines');
  });
});

describe('the default', () => {
  it('is one per customer: making another the default unsets the previous one, audited', async () => {
    const umbrella = await customerIdOf(api, 'UMBRELLA');
    const first = await addAddress(umbrella, { Name: 'First' });
    expect(first.IsDefault).toBe(true);
    const second = await addAddress(umbrella, { Name: 'Second' });
    expect(second.IsDefault).toBe(false);

    const promoted = await put(second, { IsDefault: true });
    expect(promoted.status).toBe(200);
    const rows = (await book('admin', umbrella)).body.data;
    expect(rows.filter((r) => r.IsDefault).map((r) => r.Id)).toEqual([second.Id]);
    expect((await auditOf(api, 'ship_to_addresses', second.Id)).map((e) => e.Action)).toEqual([
      'create',
      'update',
    ]);

    // A third created as the default takes over too.
    const third = await addAddress(umbrella, { Name: 'Third', IsDefault: true });
    const after = (await book('admin', umbrella)).body.data;
    expect(after.filter((r) => r.IsDefault).map((r) => r.Id)).toEqual([third.Id]);
  });

  it('cannot be unset or deleted while other addresses remain; another can', async () => {
    const rows = (await book('admin', globex)).body.data;
    const current = rows.find((r) => r.IsDefault)!;
    const other = rows.find((r) => !r.IsDefault)!;

    expect(expectError(await put(current, { IsDefault: false }), 409, 'conflict')).toContain(
      'IsDefault',
    );
    const refused = await send(api, 'DELETE', `/api/db/addresses/${current.Id}`, {
      as: 'admin',
      headers: { 'If-Match': `"${current.Version}"` },
    });
    expect(expectError(refused, 409, 'conflict')).toContain('IsDefault');

    const spare = await addAddress(globex, { Name: 'Spare' });
    const stale = await send(api, 'DELETE', `/api/db/addresses/${spare.Id}`, {
      as: 'admin',
      headers: { 'If-Match': `"${spare.Version + 1}"` },
    });
    expect(stale.status).toBe(412);
    const deleted = await send(api, 'DELETE', `/api/db/addresses/${spare.Id}`, {
      as: 'admin',
      headers: { 'If-Match': `"${spare.Version}"` },
    });
    expect(deleted.status).toBe(204);
    const left = (await book('admin', globex)).body.data.map((r) => r.Id);
    expect(left).toContain(other.Id);
    expect(left).not.toContain(spare.Id);
  });
});

describe('ordering to an address', () => {
  it('copies the default when none is named, and the chosen one when it is', async () => {
    const rows = (await book('buyerAcme')).body.data;
    const fallback = rows.find((r) => r.IsDefault)!;
    const second = rows.find((r) => !r.IsDefault)!;

    const plain = await placeOrder(api, buyer, LINES);
    expect(plain.ShipToAddress?.Id).toBe(fallback.Id);
    expect(plain.ShipToAddress?.Name).toBe(fallback.Name);

    const chosen = await placeOrder(api, buyer, LINES, { ShipToAddressId: second.Id });
    expect(chosen.ShipToAddress).toMatchObject({
      Id: second.Id,
      Name: second.Name,
      Lines: second.Lines,
      City: second.City,
    });
  });

  it('refuses another customer’s address with a field error', async () => {
    const theirs = (await book('buyerGlobex')).body.data[0]!;
    const answer = await send(api, 'POST', '/api/db/orders', {
      as: 'buyerAcme',
      headers: key(),
      body: { PoNumber: 'PO-NOT-YOURS', ShipToAddressId: theirs.Id, Lines: LINES },
    });
    expect(expectError(answer, 400, 'invalid_input')).toEqual(['ShipToAddressId']);
  });

  it('keeps a placed order’s copy when the book is edited or the address deleted', async () => {
    const address = await addAddress(acme, { Name: 'Old name', Lines: ['5 Old Road'] });
    const order = await placeOrder(api, buyer, LINES, { ShipToAddressId: address.Id });

    const edited = await put(address, { Name: 'New name', Lines: ['9 New Road'] });
    expect(edited.status).toBe(200);
    let copy = (await getOrder(api, buyer, order.Id)).ShipToAddress;
    expect(copy).toMatchObject({ Name: 'Old name', Lines: ['5 Old Road'] });

    const gone = await send(api, 'DELETE', `/api/db/addresses/${address.Id}`, {
      as: 'admin',
      headers: { 'If-Match': `"${edited.body.data[0].Version}"` },
    });
    expect(gone.status).toBe(204);
    copy = (await getOrder(api, buyer, order.Id)).ShipToAddress;
    expect(copy).toMatchObject({ Name: 'Old name', Lines: ['5 Old Road'] });
  });
});
