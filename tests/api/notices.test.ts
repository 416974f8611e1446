/**
 * The notices a buyer files against their order (docs/product/notifications.md), as they reach a
 * real SMTP server: the acknowledgement of the order they placed (PO, lines with quantities and
 * requested dates, ship-to) to them and the customer's notice addresses; the confirmation with each
 * line's promised date and which are late already; a changed promised date with its reason; a
 * release's date and quantity; a shipment's part of the order, tracking link and packing list.
 * "Late" is measured on the server's clock, which the confirmation here runs on, fixed a few days
 * after the lines' dates, so nothing depends on the real date.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { startSmtpCatcher, type SmtpCatcher } from '../../scripts/lib/smtp-catcher';
import { createApp } from '../../src/server/app';
import { customers, deliveries, notifications, users } from '../../src/server/db/schema';
import { startJobQueue } from '../../src/server/jobs/queue';
import { startDelivery, type DeliveryQueue } from '../../src/server/notifications/delivery';
import { fanOutPending, initDispatch } from '../../src/server/notifications/service';
import { addDays, localToday } from '../../src/shared/calendar-date';
import { formatDate, formatReleaseNumber, formatShipTo } from '../../src/shared/format';
import type { OrderDetail, ReleaseRow } from '../../src/shared/schemas/order';
import { confirmAndProduce, getOrder, placeOrder, release, schedule, ship } from './order-support';
import { call, json, setupFixture, type Caller, type TestApi } from './support';
import { API_WAIT_MS } from '../../scripts/lib/constants';

const PUBLIC_URL = 'https://portal.test';
const NOTICE = 'orders@acme-notices.test';

let api: TestApi;
let smtp: SmtpCatcher;
let queue: DeliveryQueue;
let stopJobs: () => Promise<void>;
let buyer: Caller;
let staff: Caller;
let buyerEmail: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  let acme: number;
  ({ api, acme, buyer, staff } = await setupFixture({ staff: 'admin' }));
  await initDispatch(api.db);
  await api.db
    .update(customers)
    .set({ EmailAddresses: [NOTICE] })
    .where(eq(customers.Id, acme));
  buyerEmail = api.accounts.buyerAcme.email.toLowerCase();
  const jobs = await startJobQueue(api);
  stopJobs = () => jobs.stop();
  queue = await startDelivery(jobs.boss, api.db, {
    smtpUrl: smtp.url,
    mailFrom: 'Example Plant <notifications@portal.test>',
    sender: { name: 'Example Plant', address: ['1 Mill Road', 'Springfield IL 62701'] },
    publicUrl: PUBLIC_URL,
    retryDelaySeconds: 1,
    pollingIntervalSeconds: 0.5,
  });
});

afterAll(async () => {
  await queue?.stop();
  await stopJobs?.();
  await api?.close();
  await smtp?.stop();
});

/** Tells everything pending and waits until every email is settled. */
async function deliverAll(): Promise<void> {
  while ((await fanOutPending(api.db, { delivery: queue })).events > 0);
  await vi.waitFor(
    async () => {
      const open = await api.db
        .select({ Id: deliveries.Id })
        .from(deliveries)
        .where(eq(deliveries.Status, 'queued'));
      expect(open).toEqual([]);
    },
    { timeout: API_WAIT_MS, interval: 200 },
  );
}

/** The one email with this subject to `to`. */
function mailTo(to: string, subject: string): ParsedMail {
  const found = smtp.mails.filter((m) => m.to.includes(to) && m.parsed.subject === subject);
  expect(
    found.map((m) => m.parsed.subject),
    `${subject} to ${to}`,
  ).toEqual([subject]);
  return found[0]!.parsed;
}

/** What a reader sees of the HTML part: its words, tags gone. */
const htmlWords = (mail: ParsedMail) =>
  String(mail.html)
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** Both parts of `mail` say every one of `words`. */
function saysInBoth(mail: ParsedMail, words: string[]): void {
  for (const word of words) {
    expect(mail.text, `text: ${word}`).toContain(word);
    expect(htmlWords(mail), `html: ${word}`).toContain(word);
  }
}

const today = localToday();
const requestedOrder = addDays(today, 10);
const requestedLine2 = addDays(today, 3);
let order: OrderDetail;

describe('the acknowledgement of an order', () => {
  it('reaches the buyer who placed it and the notice addresses: PO, lines, dates and ship-to', async () => {
    const lines = [
      { ItemNumber: 'ACM-1001', QtyOrdered: 280 },
      { ItemNumber: 'ACM-1002', QtyOrdered: 40, RequestedShipDate: requestedLine2 },
    ];
    order = await placeOrder(api, buyer, lines, {
      PoNumber: 'PO-ACK-1',
      RequestedShipDate: requestedOrder,
    });
    expect(order.Status).toBe('Submitted');
    await deliverAll();

    const subject = `Order ${order.OrderNumber} received`;
    for (const to of [buyerEmail, NOTICE]) {
      const mail = mailTo(to, subject);
      saysInBoth(mail, [
        'PO-ACK-1',
        // The copy of the address the order goes to, as its page shows it.
        formatShipTo(order.ShipTo, order.ShipToAddress),
        'ACM-1001',
        '280',
        `Requested ${formatDate(requestedOrder)}`,
        'ACM-1002',
        '40',
        `Requested ${formatDate(requestedLine2)}`,
        'Example Plant',
        '1 Mill Road',
      ]);
      expect(mail.html).toContain(`${PUBLIC_URL}/app/order/${order.Id}`);
    }
    // In the app too, as the buyer's own receipt; staff hear of it as a new order.
    const [me] = await api.db
      .select({ Id: users.Id })
      .from(users)
      .where(eq(users.Email, buyerEmail));
    const told = await api.db
      .select({ Topic: notifications.Topic })
      .from(notifications)
      .where(eq(notifications.UserId, me!.Id));
    expect(told.map((n) => n.Topic)).toContain('order_received');
    mailTo(api.accounts.admin.email.toLowerCase(), `New order ${order.OrderNumber}`);
  });
});

describe('the confirmation', () => {
  it('lists each line’s promised date and says which are late already', async () => {
    // Confirmed on a day after line 2's date and before the order's.
    const onDay = addDays(today, 5);
    const [y, m, d] = onDay.split('-').map(Number) as [number, number, number];
    const later = api.withApp(createApp({ ...api.deps, clock: () => new Date(y, m - 1, d, 12) }));
    const res = await call(
      later,
      staff,
      'POST',
      `/api/db/orders/${order.Id}/status`,
      { Status: 'Confirmed' },
      { 'If-Match': String(order.Version) },
    );
    expect(res.status).toBe(200);
    await deliverAll();
    const mail = mailTo(buyerEmail, `Order ${order.OrderNumber} confirmed`);
    saysInBoth(mail, [
      `Promised ${formatDate(requestedOrder)}`,
      `Promised ${formatDate(requestedLine2)}`,
      'Line 2 is already late.',
      'Late: the promised date has already passed',
    ]);
    expect(mail.text!.match(/Late: the promised date/g)).toHaveLength(1);
    // The promises the confirmation made are not told again one by one.
    expect(
      smtp.mails.filter(
        (m) => m.parsed.subject === `New promised date on order ${order.OrderNumber}`,
      ),
    ).toEqual([]);
  });
});

describe('a changed promised date', () => {
  it('is a notice of its own with the reason, to the buyer and the notice addresses', async () => {
    const current = await getOrder(api, staff, order.Id);
    const line = current.Lines[0]!;
    const newDate = addDays(today, 20);
    const res = await call(
      api,
      staff,
      'PUT',
      `/api/db/orders/${order.Id}/lines/${line.Id}/promised-date`,
      { PromisedShipDate: newDate, Reason: 'Board arrives late' },
      { 'If-Match': String(line.Version) },
    );
    expect(res.status).toBe(200);
    await deliverAll();
    for (const to of [buyerEmail, NOTICE]) {
      const mail = mailTo(to, `New promised date on order ${order.OrderNumber}`);
      saysInBoth(mail, [
        `Line 1 (ACM-1001) now ships by ${formatDate(newDate)}, was ${formatDate(requestedOrder)}.`,
        'Board arrives late',
      ]);
    }
  });
});

describe('a release and a shipment', () => {
  it('tell the release’s date and quantity, and what the shipment holds with its papers', async () => {
    const produced = await confirmAndProduceIfNeeded();
    const released = await json<{ data: ReleaseRow[] }>(
      await release(api, buyer, order.Id, [{ OrderLineId: produced.Lines[0]!.Id, Qty: 60 }]),
      201,
    );
    const scheduled = await schedule(api, staff, released.data[0]!);
    await deliverAll();
    const releaseMail = mailTo(
      buyerEmail,
      `Release ${formatReleaseNumber(order.OrderNumber, scheduled.Sequence)} scheduled`,
    );
    saysInBoth(releaseMail, [
      `60 units of line 1 (ACM-1001) to ship ${formatDate(scheduled.RequestedShipDate)}.`,
    ]);

    await json(await ship(api, staff, order.Id, [scheduled.Id]), 201);
    await deliverAll();
    const shipped = mailTo(buyerEmail, `Order ${order.OrderNumber} shipped`);
    saysInBoth(shipped, ['60 of 280 — 220 to follow', 'BOL-1']);
    expect(shipped.html).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(shipped.attachments.map((a) => [a.contentType, a.filename])).toEqual([
      ['application/pdf', expect.stringMatching(/^packing-list-.*\.pdf$/)],
    ]);
    expect(shipped.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

/** Records production of line 1 (the order is confirmed already). */
async function confirmAndProduceIfNeeded(): Promise<OrderDetail> {
  const current = await getOrder(api, staff, order.Id);
  if (current.Status === 'Submitted') return confirmAndProduce(api, staff, current, [280]);
  const line = current.Lines[0]!;
  const res = await call(
    api,
    staff,
    'PUT',
    `/api/db/orders/${order.Id}/lines/${line.Id}/production`,
    { QtyProduced: 280 },
    { 'If-Match': String(line.Version) },
  );
  expect(res.status).toBe(200);
  return getOrder(api, staff, order.Id);
}
