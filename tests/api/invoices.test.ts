/**
 * Invoices, payments, credit notes and the statement of account (docs/product/invoices.md): sent
 * by the plant's ERP through the integration API, each row answered on its own and refused with its
 * reason; read by the customer's people and by staff for the customer they act for, never by
 * another customer (404); the statement reconciles line by line and its aging adds up to its
 * closing balance, on a fixed clock and on generated ledgers.
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import {
  events,
  notifications,
  orderLines,
  orders,
  shipments,
  users,
} from '../../src/server/db/schema';
import { recordInvoiceReminders } from '../../src/server/invoices/reminders';
import { fanOutPending, initDispatch } from '../../src/server/notifications/service';
import type {
  AccountSummary,
  InvoiceDetail,
  InvoiceList,
  InvoiceUpsertRow,
  Statement,
} from '../../src/shared/schemas/invoice';
import { makeClient, outcomes, upsert, type TestClient } from './integration-support';
import {
  call,
  customerIdOf,
  json,
  onBehalf,
  setupApi,
  type Caller,
  type ErrorBody,
  type TestApi,
} from './support';

let api: TestApi;
/** The app on a fixed clock: 31 March 2031, noon on the machine's clock. */
let fixed: TestApi;
let erp: TestClient;
let acme: number;
let globex: number;
const buyerAcme: Caller = { as: 'buyerAcme' };
const viewerAcme: Caller = { as: 'viewerAcme' };
const buyerGlobex: Caller = { as: 'buyerGlobex' };

const ASOF = '2031-03-31';

beforeAll(async () => {
  api = await setupApi();
  await initDispatch(api.db);
  fixed = api.withApp(createApp({ ...api.deps, clock: () => new Date(2031, 2, 31, 12) }));
  erp = await makeClient(api, 'ERP invoices');
  acme = await customerIdOf(api, 'ACME');
  globex = await customerIdOf(api, 'GLOBEX');
});
afterAll(() => api?.close());

const secret = () => erp.key.Secret;
let customerSeq = 0;

/** A customer of its own (USD), so a test's figures are its own; staff act for it. */
async function freshCustomer(): Promise<{ id: number; externalId: string; staff: Caller }> {
  customerSeq += 1;
  const externalId = `T-INV-${customerSeq}-${Date.now()}`;
  const code = `TI${customerSeq}${Math.floor(Math.random() * 1e6)}`;
  const [result] = await upsert(api, secret(), 'customers', [
    { ExternalId: externalId, CustomerCode: code, CustomerName: `Ledger ${code}` },
  ]);
  expect(result!.Outcome).toBe('created');
  return { id: result!.Id!, externalId, staff: { as: 'rep', headers: onBehalf(result!.Id!) } };
}

/** An invoice row of one line, `total` of which `tax` is tax. */
function invoiceRow(
  customerExternalId: string,
  externalId: string,
  { date, due, total, tax = 0 }: { date: string; due: string; total: number; tax?: number },
): InvoiceUpsertRow {
  return {
    ExternalId: externalId,
    InvoiceNumber: externalId,
    CustomerExternalId: customerExternalId,
    InvoiceDate: date,
    DueDate: due,
    PaymentTerms: 'Net 30',
    PoNumber: `PO-${externalId}`,
    Currency: 'USD',
    Lines: [{ Description: 'Boxes', Qty: 1, UnitPrice: total - tax, Amount: total - tax }],
    Subtotal: total - tax,
    Tax: tax,
    Total: total,
    Void: false,
  };
}

const get = async <T>(app: TestApi, who: Caller, path: string) =>
  (await json<{ data: [T] }>(await call(app, who, 'GET', path), 200)).data[0];

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

describe('invoice upserts', () => {
  it('creates an invoice, answers unchanged when sent again, and updated when corrected', async () => {
    const c = await freshCustomer();
    const row = invoiceRow(c.externalId, `${c.externalId}-A`, {
      date: '2031-03-01',
      due: '2031-03-31',
      total: 10_700,
      tax: 700,
    });
    expect(outcomes(await upsert(api, secret(), 'invoices', [row]))).toEqual(['created']);
    expect(outcomes(await upsert(api, secret(), 'invoices', [row]))).toEqual(['unchanged']);
    expect(
      outcomes(await upsert(api, secret(), 'invoices', [{ ...row, PaymentTerms: 'Net 45' }])),
    ).toEqual(['updated']);
  });

  it('refuses each bad row with its reason and applies the good ones beside it', async () => {
    const c = await freshCustomer();
    const good = invoiceRow(c.externalId, `${c.externalId}-G`, {
      date: '2031-03-01',
      due: '2031-03-31',
      total: 5_000,
    });
    const results = await upsert(api, secret(), 'invoices', [
      { ...good, ExternalId: `${c.externalId}-S`, Subtotal: 4_000, Total: 4_000 },
      { ...good, ExternalId: `${c.externalId}-T`, Total: 6_000 },
      { ...good, ExternalId: `${c.externalId}-C`, Currency: 'EUR' },
      { ...good, ExternalId: `${c.externalId}-U`, CustomerExternalId: 'NO-SUCH-CUSTOMER' },
      good,
    ]);
    expect(outcomes(results)).toEqual(['refused', 'refused', 'refused', 'refused', 'created']);
    expect(results[0]!.Error!.fields).toHaveProperty('Subtotal');
    expect(results[0]!.Error!.message).toMatch(/lines add up to \$50\.00/);
    expect(results[1]!.Error!.fields).toHaveProperty('Total');
    expect(results[2]!.Error!.fields).toEqual({ Currency: "Use the customer's currency, USD." });
    expect(results[3]!.Error!.fields).toHaveProperty('CustomerExternalId');
    const list = await get<InvoiceList>(fixed, c.staff, '/api/db/invoices?filter=all');
    expect(list.Rows.map((r) => r.InvoiceNumber)).toEqual([good.InvoiceNumber]);
  });

  it('refuses a payment beyond what is open, one not applied whole, and a credit note for an unknown invoice', async () => {
    const c = await freshCustomer();
    const inv = invoiceRow(c.externalId, `${c.externalId}-P`, {
      date: '2031-03-01',
      due: '2031-03-31',
      total: 10_000,
    });
    await upsert(api, secret(), 'invoices', [inv]);
    const payment = {
      ExternalId: `${c.externalId}-PAY1`,
      CustomerExternalId: c.externalId,
      PaymentDate: '2031-03-10',
      Currency: 'USD',
      Amount: 12_000,
      Reference: 'CHQ 1',
      Applications: [{ InvoiceExternalId: inv.ExternalId, Amount: 12_000 }],
    };
    const results = await upsert(api, secret(), 'payments', [
      payment,
      { ...payment, ExternalId: `${c.externalId}-PAY2`, Amount: 5_000 },
      {
        ...payment,
        ExternalId: `${c.externalId}-PAY3`,
        Applications: [{ InvoiceExternalId: 'NOPE', Amount: 12_000 }],
      },
      {
        ...payment,
        ExternalId: `${c.externalId}-PAY4`,
        PaymentDate: '2031-02-01',
        Amount: 100,
        Applications: [{ InvoiceExternalId: inv.ExternalId, Amount: 100 }],
      },
      {
        ...payment,
        ExternalId: `${c.externalId}-PAY5`,
        Amount: 4_000,
        Applications: [{ InvoiceExternalId: inv.ExternalId, Amount: 4_000 }],
      },
    ]);
    expect(outcomes(results)).toEqual(['refused', 'refused', 'refused', 'refused', 'created']);
    expect(results[0]!.Error!.message).toBe('Only $100.00 is open on ' + inv.InvoiceNumber + '.');
    expect(results[0]!.Error!.fields).toHaveProperty(['Applications.0.Amount']);
    expect(results[1]!.Error!.fields).toHaveProperty('Amount');
    expect(results[2]!.Error!.fields).toHaveProperty(['Applications.0.InvoiceExternalId']);
    expect(results[3]!.Error!.message).toMatch(/issued on 2031-03-01/);

    const credits = await upsert(api, secret(), 'credit-notes', [
      {
        ExternalId: `${c.externalId}-CN1`,
        CreditNoteNumber: 'CN-1',
        InvoiceExternalId: 'NO-SUCH-INVOICE',
        CreditDate: '2031-03-12',
        Currency: 'USD',
        Amount: 500,
      },
      {
        ExternalId: `${c.externalId}-CN2`,
        CreditNoteNumber: 'CN-2',
        InvoiceExternalId: inv.ExternalId,
        CreditDate: '2031-03-12',
        Currency: 'USD',
        Amount: 7_000,
      },
      {
        ExternalId: `${c.externalId}-CN3`,
        CreditNoteNumber: 'CN-3',
        InvoiceExternalId: inv.ExternalId,
        CreditDate: '2031-03-12',
        Currency: 'USD',
        Amount: 1_000,
        Reason: 'Damaged',
      },
    ]);
    expect(outcomes(credits)).toEqual(['refused', 'refused', 'created']);
    expect(credits[0]!.Error!.fields).toEqual({ InvoiceExternalId: 'No invoice has this number.' });
    expect(credits[1]!.Error!.message).toBe(`Only $60.00 is open on ${inv.InvoiceNumber}.`);

    const detail = await get<InvoiceDetail>(
      fixed,
      c.staff,
      `/api/db/invoices/${(await get<InvoiceList>(fixed, c.staff, '/api/db/invoices?filter=all')).Rows[0]!.Id}`,
    );
    expect(detail).toMatchObject({ AmountPaid: 5_000, Open: 5_000, Status: 'partly_paid' });
    expect(detail.Settlements.map((s) => [s.Kind, s.Amount])).toEqual([
      ['payment', 4_000],
      ['credit', 1_000],
    ]);
    // A recorded payment sent again is unchanged; changed, it is refused.
    const recorded = {
      ...payment,
      ExternalId: `${c.externalId}-PAY5`,
      Amount: 4_000,
      Applications: [{ InvoiceExternalId: inv.ExternalId, Amount: 4_000 }],
    };
    const again = await upsert(api, secret(), 'payments', [
      recorded,
      { ...recorded, Reference: 'CHQ 2' },
    ]);
    expect(outcomes(again)).toEqual(['unchanged', 'refused']);
  });
});

describe('reading invoices', () => {
  let c: Awaited<ReturnType<typeof freshCustomer>>;

  beforeAll(async () => {
    c = await freshCustomer();
    await upsert(api, secret(), 'invoices', [
      invoiceRow(c.externalId, `${c.externalId}-OPEN`, {
        date: '2031-03-20',
        due: '2031-04-19',
        total: 1_000,
      }),
      invoiceRow(c.externalId, `${c.externalId}-LATE`, {
        date: '2031-01-10',
        due: '2031-02-09',
        total: 2_000,
      }),
      invoiceRow(c.externalId, `${c.externalId}-PAID`, {
        date: '2031-01-05',
        due: '2031-02-04',
        total: 4_000,
      }),
    ]);
    await upsert(api, secret(), 'payments', [
      {
        ExternalId: `${c.externalId}-PAY`,
        CustomerExternalId: c.externalId,
        PaymentDate: '2031-02-01',
        Currency: 'USD',
        Amount: 4_000,
        Reference: 'ACH 77',
        Applications: [{ InvoiceExternalId: `${c.externalId}-PAID`, Amount: 4_000 }],
      },
    ]);
    await upsert(api, secret(), 'credit-limits', [
      { CustomerExternalId: c.externalId, Currency: 'USD', CreditLimit: 2_500 },
    ]);
  });

  const numbers = (list: InvoiceList) => list.Rows.map((r) => r.InvoiceNumber.split('-').at(-1));

  it('lists open, overdue and paid invoices by due date, with the totals of what is shown', async () => {
    const open = await get<InvoiceList>(fixed, c.staff, '/api/db/invoices');
    expect(numbers(open)).toEqual(['LATE', 'OPEN']);
    expect(open.Totals).toEqual({ Count: 2, Total: 3_000, Open: 3_000 });
    const overdue = await get<InvoiceList>(fixed, c.staff, '/api/db/invoices?filter=overdue');
    expect(numbers(overdue)).toEqual(['LATE']);
    expect(overdue.Rows[0]!.Overdue).toBe(true);
    expect(numbers(await get<InvoiceList>(fixed, c.staff, '/api/db/invoices?filter=paid'))).toEqual(
      ['PAID'],
    );
    const newest = await get<InvoiceList>(
      fixed,
      c.staff,
      '/api/db/invoices?filter=all&sort=-dueDate',
    );
    expect(numbers(newest)).toEqual(['OPEN', 'LATE', 'PAID']);
  });

  it('finds an invoice by its number or its PO', async () => {
    const byPo = await get<InvoiceList>(
      fixed,
      c.staff,
      `/api/db/invoices?filter=all&q=PO-${c.externalId}-LATE`,
    );
    expect(numbers(byPo)).toEqual(['LATE']);
    const byNumber = await get<InvoiceList>(
      fixed,
      c.staff,
      `/api/db/invoices?filter=all&q=${c.externalId}-OPEN`,
    );
    expect(numbers(byNumber)).toEqual(['OPEN']);
  });

  it('sums the open balance, what is overdue and the credit left', async () => {
    const account = await get<AccountSummary>(fixed, c.staff, '/api/db/invoices/account');
    expect(account).toEqual({
      Currency: 'USD',
      OpenBalance: 3_000,
      Overdue: 2_000,
      OverdueCount: 1,
      CreditLimit: 2_500,
      AvailableCredit: -500,
    });
  });

  it('ages what is open as at the statement date, and the aging adds up to the closing balance', async () => {
    const statement = await get<Statement>(
      fixed,
      c.staff,
      `/api/db/statement?asOf=${ASOF}&from=2031-01-01`,
    );
    expect(statement.OpeningBalance).toBe(0);
    expect(statement.Lines.map((l) => [l.Kind, l.Amount, l.Balance])).toEqual([
      ['invoice', 4_000, 4_000],
      ['invoice', 2_000, 6_000],
      ['payment', -4_000, 2_000],
      ['invoice', 1_000, 3_000],
    ]);
    expect(statement.ClosingBalance).toBe(3_000);
    // LATE was due 9 Feb: 50 days past due on 31 March; OPEN is not yet due.
    expect(statement.Aging).toEqual({
      current: 1_000,
      days1to30: 0,
      days31to60: 2_000,
      days61to90: 0,
      over90: 0,
      Total: 3_000,
    });
    // As at an earlier date the payment had not come: PAID was open then, and 10 days late.
    const earlier = await get<Statement>(
      fixed,
      c.staff,
      '/api/db/statement?asOf=2031-01-31&from=2031-01-01',
    );
    expect(earlier.ClosingBalance).toBe(6_000);
    expect(earlier.Aging).toMatchObject({ current: 6_000, Total: 6_000 });
    const feb = await get<Statement>(fixed, c.staff, '/api/db/statement?asOf=2031-02-14');
    expect(feb).toMatchObject({ From: '2031-02-01', OpeningBalance: 6_000, ClosingBalance: 2_000 });
    expect(feb.Aging).toMatchObject({ days1to30: 2_000, Total: 2_000 });
  });

  it("serves the ERP's own PDF of an invoice when it sent one", async () => {
    const erpPdf = Buffer.from('%PDF-1.4\n% the ERP drew this\n%%EOF\n');
    const own = await freshCustomer();
    const [sent] = await upsert(api, secret(), 'invoices', [
      {
        ...invoiceRow(own.externalId, `${own.externalId}-ERPPDF`, {
          date: '2031-03-25',
          due: '2031-04-24',
          total: 100,
        }),
        PdfBase64: erpPdf.toString('base64'),
      },
    ]);
    const detail = await get<InvoiceDetail>(fixed, own.staff, `/api/db/invoices/${sent!.Id}`);
    expect(detail.HasErpPdf).toBe(true);
    const res = await call(fixed, own.staff, 'GET', `/api/db/invoices/${sent!.Id}/pdf`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(erpPdf)).toBe(true);
  });

  it('draws the invoice and the statement as PDFs that read back', async () => {
    const list = await get<InvoiceList>(fixed, c.staff, '/api/db/invoices?filter=all');
    const late = list.Rows.find((r) => r.InvoiceNumber.endsWith('LATE'))!;
    const res = await call(fixed, c.staff, 'GET', `/api/db/invoices/${late.Id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain(`Invoice ${late.InvoiceNumber}`);
    expect(text).toContain('$20.00');
    const sres = await call(
      fixed,
      c.staff,
      'GET',
      `/api/db/statement/pdf?asOf=${ASOF}&from=2031-01-01`,
    );
    expect(sres.status).toBe(200);
    const stext = await pdfText(new Uint8Array(await sres.arrayBuffer()));
    expect(stext).toContain('Statement of account');
    expect(stext).toContain('Closing balance');
    expect(stext).toContain('$30.00');
    expect(stext).toContain('ACH 77');
  });
});

describe("the customer's people, and no one else", () => {
  let acmeInvoiceId: number;
  let orderId: number;

  beforeAll(async () => {
    const [shipment] = await api.db
      .select({ Id: shipments.Id, OrderId: shipments.OrderId, OrderNumber: orders.OrderNumber })
      .from(shipments)
      .innerJoin(orders, eq(orders.Id, shipments.OrderId))
      .where(eq(shipments.CustomerId, acme))
      .limit(1);
    const [line] = await api.db
      .select({ LineNumber: orderLines.LineNumber })
      .from(orderLines)
      .where(and(eq(orderLines.OrderId, shipment!.OrderId)))
      .limit(1);
    orderId = shipment!.OrderId;
    const [result] = await upsert(api, secret(), 'invoices', [
      {
        ...invoiceRow('unused', 'T-ACME-INV-1', {
          date: '2031-03-01',
          due: '2031-03-10',
          total: 2_500,
        }),
        CustomerExternalId: undefined,
        CustomerId: acme,
        PoNumber: '',
        Lines: [
          {
            OrderNumber: shipment!.OrderNumber,
            LineNumber: line!.LineNumber,
            ShipmentId: shipment!.Id,
            Description: 'Shipped boxes',
            Qty: 5,
            UnitPrice: 500,
            Amount: 2_500,
          },
        ],
      },
    ]);
    expect(result!.Outcome).toBe('created');
    acmeInvoiceId = result!.Id!;
  });

  it("shows a customer's invoice, linked to its order and shipment, to its buyer and viewer", async () => {
    for (const who of [buyerAcme, viewerAcme, { as: 'rep' as const, headers: onBehalf(acme) }]) {
      const detail = await get<InvoiceDetail>(fixed, who, `/api/db/invoices/${acmeInvoiceId}`);
      expect(detail.Lines[0]).toMatchObject({ OrderId: orderId, Amount: 2_500 });
      expect(detail.Lines[0]!.ShipmentId).not.toBeNull();
      expect(detail.Overdue).toBe(true);
    }
    // The PO is the billed order's when the ERP sends none; the order's page finds it.
    const ofOrder = await get<InvoiceList>(
      fixed,
      buyerAcme,
      `/api/db/invoices?filter=all&orderId=${orderId}`,
    );
    expect(ofOrder.Rows.map((r) => r.Id)).toContain(acmeInvoiceId);
    expect(ofOrder.Rows.find((r) => r.Id === acmeInvoiceId)!.PoNumber).not.toBe('');
  });

  it("answers 404 for another customer's invoice and its PDF, whatever customer the caller names", async () => {
    for (const path of [
      `/api/db/invoices/${acmeInvoiceId}`,
      `/api/db/invoices/${acmeInvoiceId}/pdf`,
    ]) {
      const res = await call(fixed, buyerGlobex, 'GET', path);
      expect((await json<ErrorBody>(res, 404)).error.code).toBe('not_found');
      const named = await call(fixed, { as: 'buyerGlobex', headers: onBehalf(acme) }, 'GET', path);
      expect(named.status).toBe(404);
      const staffElsewhere = await call(
        fixed,
        { as: 'rep', headers: onBehalf(globex) },
        'GET',
        path,
      );
      expect(staffElsewhere.status).toBe(404);
    }
  });

  it("never lists, totals or states another customer's invoices", async () => {
    const list = await get<InvoiceList>(
      fixed,
      { as: 'buyerGlobex', headers: onBehalf(acme) },
      '/api/db/invoices?filter=all',
    );
    expect(list.Rows.map((r) => r.Id)).not.toContain(acmeInvoiceId);
    const statement = await get<Statement>(
      fixed,
      { as: 'buyerGlobex', headers: onBehalf(acme) },
      `/api/db/statement?asOf=${ASOF}&from=2031-03-01`,
    );
    expect(statement.Lines.map((l) => l.Document)).not.toContain('T-ACME-INV-1');
    const mine = await get<Statement>(
      fixed,
      buyerAcme,
      `/api/db/statement?asOf=${ASOF}&from=2031-03-01`,
    );
    expect(mine.Lines.map((l) => l.Document)).toContain('T-ACME-INV-1');
  });

  it('refuses a statement whose start is after its date, naming the field', async () => {
    const res = await call(
      fixed,
      buyerAcme,
      'GET',
      '/api/db/statement?asOf=2031-03-01&from=2031-03-02',
    );
    expect((await json<ErrorBody>(res, 400)).error.fields).toHaveProperty('from');
  });
});

describe('statements of generated ledgers', () => {
  /** A ledger: invoices on days of 2031, each maybe paid and credited in part on later days. */
  const ledger = fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 120 }),
      terms: fc.integer({ min: 0, max: 60 }),
      total: fc.integer({ min: 1, max: 1_000_000 }),
      paidShare: fc.constantFrom(0, 0.25, 0.5, 1),
      payAfter: fc.integer({ min: 0, max: 90 }),
      creditShare: fc.constantFrom(0, 0, 0.1),
      creditAfter: fc.integer({ min: 0, max: 90 }),
    }),
    { minLength: 1, maxLength: 8 },
  );
  const dayOf = (n: number) =>
    new Date(Date.UTC(2031, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

  it('reconciles: opening balance plus every movement is the closing balance, which the aging adds up to', async () => {
    await fc.assert(
      fc.asyncProperty(
        ledger,
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 100 }),
        async (invoicesOf, asOfDay, span) => {
          const c = await freshCustomer();
          const rows = invoicesOf.map((inv, i) =>
            invoiceRow(c.externalId, `${c.externalId}-${i}`, {
              date: dayOf(inv.day),
              due: dayOf(inv.day + inv.terms),
              total: inv.total,
            }),
          );
          await upsert(api, secret(), 'invoices', rows);
          const payments = invoicesOf.flatMap((inv, i) => {
            const amount = Math.floor(inv.total * inv.paidShare);
            return amount === 0
              ? []
              : [
                  {
                    ExternalId: `${c.externalId}-P${i}`,
                    CustomerExternalId: c.externalId,
                    PaymentDate: dayOf(inv.day + inv.payAfter),
                    Currency: 'USD',
                    Amount: amount,
                    Applications: [{ InvoiceExternalId: `${c.externalId}-${i}`, Amount: amount }],
                  },
                ];
          });
          if (payments.length)
            expect(new Set(outcomes(await upsert(api, secret(), 'payments', payments)))).toEqual(
              new Set(['created']),
            );
          const credits = invoicesOf.flatMap((inv, i) => {
            const paid = Math.floor(inv.total * inv.paidShare);
            const amount = Math.min(Math.floor(inv.total * inv.creditShare), inv.total - paid);
            return amount === 0
              ? []
              : [
                  {
                    ExternalId: `${c.externalId}-C${i}`,
                    CreditNoteNumber: `CN${i}`,
                    InvoiceExternalId: `${c.externalId}-${i}`,
                    CreditDate: dayOf(inv.day + inv.creditAfter),
                    Currency: 'USD',
                    Amount: amount,
                  },
                ];
          });
          if (credits.length) await upsert(api, secret(), 'credit-notes', credits);

          const asOf = dayOf(asOfDay);
          const from = dayOf(Math.max(0, asOfDay - span));
          const s = await get<Statement>(
            fixed,
            c.staff,
            `/api/db/statement?asOf=${asOf}&from=${from}`,
          );
          let balance = s.OpeningBalance;
          for (const line of s.Lines) {
            expect(line.Date >= from && line.Date <= asOf).toBe(true);
            balance += line.Amount;
            expect(line.Balance).toBe(balance);
          }
          expect(s.ClosingBalance).toBe(balance);
          expect(s.Aging.Total).toBe(s.ClosingBalance);
          // And both agree with the ledger itself: everything dated up to asOf.
          const owed =
            invoicesOf.reduce((sum, inv) => sum + (dayOf(inv.day) <= asOf ? inv.total : 0), 0) -
            payments.reduce((sum, p) => sum + (p.PaymentDate <= asOf ? p.Amount : 0), 0) -
            credits.reduce((sum, cn) => sum + (cn.CreditDate <= asOf ? cn.Amount : 0), 0);
          expect(s.ClosingBalance).toBe(owed);
        },
      ),
      { numRuns: 12 },
    );
  });
});

/** Dispatches every pending event (the earlier tests of the file left many). */
async function dispatchAll() {
  while ((await fanOutPending(api.db)).events > 0);
}

describe('notices', () => {
  /** The topics each of ACME's people was told of about `invoiceId`. */
  async function toldOf(invoiceId: number) {
    const rows = await api.db
      .select({ Topic: notifications.Topic, Uid: users.Uid })
      .from(notifications)
      .innerJoin(events, eq(events.Id, notifications.EventId))
      .innerJoin(users, eq(users.Id, notifications.UserId))
      .where(and(eq(events.Entity, 'invoices'), eq(events.EntityId, String(invoiceId))));
    return rows.map((r) => `${r.Uid} ${r.Topic}`).sort();
  }

  it("tells every one of the customer's people of a new invoice, one due in a few days and one overdue, once each", async () => {
    const row = (id: string, due: string) => ({
      ...invoiceRow('unused', id, { date: '2031-03-01', due, total: 1_000 }),
      CustomerExternalId: undefined,
      CustomerId: acme,
    });
    const [soon, late, later] = await upsert(api, secret(), 'invoices', [
      row('T-ACME-SOON', '2031-04-02'),
      row('T-ACME-LATE', '2031-03-30'),
      row('T-ACME-LATER', '2031-04-30'),
    ]);
    await dispatchAll();
    const viewer = api.accounts.viewerAcme.uid;
    const buyer = api.accounts.buyerAcme.uid;
    expect(await toldOf(soon!.Id!)).toEqual(
      expect.arrayContaining([`${buyer} invoice_issued`, `${viewer} invoice_issued`]),
    );
    // GLOBEX's people hear nothing of ACME's account.
    expect((await toldOf(soon!.Id!)).some((t) => t.startsWith(api.accounts.buyerGlobex.uid))).toBe(
      false,
    );

    await recordInvoiceReminders(api.db, ASOF, 3);
    await dispatchAll();
    expect(await toldOf(soon!.Id!)).toContain(`${viewer} invoice_due_soon`);
    expect(await toldOf(late!.Id!)).toContain(`${viewer} invoice_overdue`);
    expect(await toldOf(late!.Id!)).not.toContain(`${viewer} invoice_due_soon`);
    expect((await toldOf(later!.Id!)).filter((t) => !t.endsWith('invoice_issued'))).toEqual([]);

    // A second run the same day, or the next, tells nobody again.
    const before = [...(await toldOf(soon!.Id!)), ...(await toldOf(late!.Id!))];
    expect(await recordInvoiceReminders(api.db, ASOF, 3)).toEqual({ dueSoon: 0, overdue: 0 });
    await recordInvoiceReminders(api.db, '2031-04-01', 3);
    await dispatchAll();
    expect([...(await toldOf(soon!.Id!)), ...(await toldOf(late!.Id!))]).toEqual(before);
  });
});
