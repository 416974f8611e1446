/**
 * Every CSV the portal writes (the orders list, the refused rows of a quick order, the audit
 * screen) opened as a spreadsheet would open it: with a comma as the list separator, and with a
 * semicolon, as Excel does where the decimal mark is a comma. Under either reading, no cell may
 * start with what makes a spreadsheet run it as a formula, wherever people's text put it.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { EventRow } from '../shared/schemas/events';
import type { OrderRow } from '../shared/schemas/order';
import { auditCsv } from './features/audit/audit-csv';
import { ordersCsv } from './features/orders/orders-csv';
import { refusedRowsCsv } from './features/orders/sheet';

/** Text a person could type into a PO number, a note, an item number, a name. */
const HOSTILE = [
  'a;=HYPERLINK("http://evil.test","Click")',
  'b,=1+2',
  'c;+cmd|"/c calc"!A0',
  'd; @SUM(A1:A2)',
  'e;-2+3',
  'f\n=1+2',
  'g\r\n+1',
  'h\t=1',
  'i;"=1+2',
  '=HYPERLINK("http://evil.test")',
  ' @now',
];

const READINGS = [',', ';'] as const;

/** The cells of `csv`, read with `delimiter`, that a spreadsheet would start as a formula. */
function formulaCells(csv: string, delimiter: string): string[] {
  const { data } = Papa.parse<string[]>(csv, { delimiter, newline: '\r\n' });
  return data.flat().filter((cell) => /^[\s"]*[=+\-@]/.test(cell));
}

function expectNoFormula(csv: string) {
  for (const delimiter of READINGS) {
    expect(formulaCells(csv, delimiter), `read with "${delimiter}"`).toEqual([]);
  }
}

const order = (text: string, n: number): OrderRow => ({
  Id: n,
  OrderNumber: 100_000 + n,
  CustomerId: 1,
  PoNumber: text,
  RequestedShipDate: null,
  ShipTo: text,
  ShipToAddress: null,
  Notes: text,
  Status: 'Submitted',
  CreatedDate: '2030-06-01T10:00:00.000Z',
  LastUpdatedDate: '2030-06-01T10:00:00.000Z',
  Version: 1,
  LineCount: 1,
  QtyOrdered: 10,
  QtyProduced: 0,
  QtyShipped: 0,
  QtyPending: 10,
  PromisedShipDate: null,
  LateLineCount: 0,
  OrderValue: 1000,
  ExternalId: null,
  Currency: 'USD',
});

const event = (text: string, n: number): EventRow => ({
  Id: n,
  At: '2030-06-01T10:00:00.000000Z',
  Kind: 'order.placed',
  Text: `Placed order ${text}`,
  ActorCompany: null,
  ActorName: text,
  ByStaff: false,
  OnBehalf: false,
  ByClient: false,
  ActorUid: text,
  CustomerId: 1,
  CustomerCode: 'ACME',
  CustomerName: text,
  Entity: 'orders',
  EntityId: String(n),
  SubjectEntity: 'orders',
  SubjectId: n,
  Action: 'insert',
  Data: { PoNumber: text },
  Before: null,
  After: { PoNumber: text, Notes: text },
});

describe('CSV exports under a comma and a semicolon reading', () => {
  it('the orders list: no PO number, ship-to or note becomes a formula', () => {
    expectNoFormula(ordersCsv(HOSTILE.map(order)));
  });

  it('the refused rows of a quick order: no item, quantity, date or reason becomes a formula', () => {
    expectNoFormula(
      refusedRowsCsv(
        HOSTILE.map((text, n) => ({
          row: { Row: n + 2, ItemNumber: text, Qty: text, ShipDate: text },
          reasons: [`No item ${text} is offered to this customer.`],
        })),
      ),
    );
  });

  it('the audit list: no name, text or row snapshot becomes a formula', () => {
    expectNoFormula(auditCsv(HOSTILE.map(event)));
  });

  it('keeps the text itself, behind the apostrophe that defuses it', () => {
    const [, line] = ordersCsv([order('a;=1+2', 1)]).split('\r\n');
    const cells = Papa.parse<string[]>(line!, { delimiter: ',' }).data[0]!;
    expect(cells[1]).toBe("a;'=1+2");
  });
});
