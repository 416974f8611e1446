import { describe, expect, it } from 'vitest';
import { describeNotification, noticeDetails } from '../../shared/notifications';
import { composeEmail, type EmailInput } from './email';

const base = {
  publicUrl: 'https://portal.test',
  messageId: '<delivery-1@portal.test>',
  unsubscribeUrl: 'https://portal.test/api/unsubscribe?token=abc.def',
  sender: { name: 'Example Plant', address: ['1 Mill Road', 'Springfield IL 62701'] },
};

/** The HTML's visible words, tags and entities gone, for checks of what a reader sees. */
const visible = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

/** The email of `topic` for these event facts, as the worker composes it. */
function noticeEmail(
  topic: Parameters<typeof describeNotification>[0],
  data: Record<string, unknown>,
  over: Partial<EmailInput> = {},
) {
  return composeEmail({
    ...base,
    text: describeNotification(topic, data, { entity: 'orders', id: 7 }),
    details: noticeDetails(topic, data),
    data,
    recipient: { kind: 'person' },
    ...over,
  });
}

describe('composeEmail', () => {
  it('says the same in text and HTML, with the page, tracking and settings links', async () => {
    const email = await composeEmail({
      ...base,
      text: {
        title: 'Order 100 shipped',
        body: 'UPS, tracking 1Z9',
        link: '/app/order/7/shipment',
      },
      data: { Carrier: 'UPS', TrackingNumber: '1Z9' },
      recipient: { kind: 'person' },
    });
    expect(email.subject).toBe('Order 100 shipped');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Order 100 shipped');
      expect(part).toContain('UPS, tracking 1Z9');
      expect(part).toContain('https://portal.test/app/order/7/shipment');
      expect(part).toContain('https://www.ups.com/track?tracknum=1Z9');
      expect(part).toContain('https://portal.test/app/account/notifications');
      expect(part).toContain('https://portal.test/api/unsubscribe?token=abc.def');
    }
    expect(email.headers).toEqual({
      'List-Unsubscribe': '<https://portal.test/api/unsubscribe?token=abc.def>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(email.messageId).toBe('<delivery-1@portal.test>');
  });

  it('is a page a phone and a dark mail program read: charset, viewport, colour, dark palette', async () => {
    const email = await noticeEmail('order_ready', { OrderNumber: 100 });
    expect(email.html).toMatch(/<meta[^>]*charset="?utf-8"?/i);
    expect(email.html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(email.html).toContain('name="color-scheme" content="light dark"');
    expect(email.html).toContain('@media (prefers-color-scheme: dark)');
    expect(email.html).toContain('#bf0d31');
    // A sender block with the plant's name and address, in both parts.
    for (const part of [email.text, visible(email.html)]) {
      expect(part).toContain('Example Plant');
      expect(part).toContain('1 Mill Road');
      expect(part).toContain('Springfield IL 62701');
    }
    // No fixed width wider than a phone.
    expect(email.html).not.toMatch(/width:\s*(6[1-9]\d|[7-9]\d\d|\d{4,})px/);
  });

  it('shows the customer’s logo when it has one, the plant’s name otherwise', async () => {
    const withLogo = await noticeEmail(
      'order_ready',
      { OrderNumber: 100 },
      {
        logo: {
          url: 'https://portal.test/api/db/customers/3/logo?v=2',
          customerName: 'Acme Packaging',
        },
      },
    );
    expect(withLogo.html).toMatch(
      /<img[^>]*alt="Acme Packaging"[^>]*src="https:\/\/portal.test\/api\/db\/customers\/3\/logo\?v=2"/,
    );
    expect((await noticeEmail('order_ready', { OrderNumber: 100 })).html).not.toContain('<img');
  });

  it('escapes what people typed in the HTML part', async () => {
    const email = await composeEmail({
      ...base,
      text: { title: 'Quote answered', body: '<script>alert(1)</script> & "more"', link: null },
      data: {},
      recipient: { kind: 'person' },
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.text).toContain('<script>alert(1)</script>');
    // No page of its own: the email opens the portal.
    expect(email.text).toContain('Open in the portal: https://portal.test/app\n');
  });

  it('tells a notice address why it hears of this, and no tracking link for an unknown carrier', async () => {
    const email = await composeEmail({
      ...base,
      text: { title: 'Order 5 shipped', body: 'Own truck', link: '/app/order/5/shipment' },
      data: { Carrier: 'Own truck', TrackingNumber: '42' },
      recipient: { kind: 'address', customerName: 'Acme Packaging' },
    });
    expect(email.text).toContain("on Acme Packaging's list of addresses for order notices");
    expect(email.text).not.toContain('Track the shipment');
    // It has no settings of its own: the one-click link is its way out.
    expect(email.text).not.toContain('Notification settings');
    expect(email.html).toContain('href="https://portal.test/api/unsubscribe?token=abc.def"');
  });
});

describe('the notices’ emails', () => {
  it('acknowledge an order with its PO, lines, quantities, requested dates and ship-to', async () => {
    const email = await noticeEmail('order_received', {
      OrderNumber: 100200,
      PoNumber: 'PO-77',
      ShipTo: 'Acme East Warehouse, 45 Commerce Park Drive, Shelbyville IL 62565',
      RequestedShipDate: '2030-03-20',
      Lines: [
        { LineNumber: 1, ItemNumber: 'ACM-1001', Description: 'RSC box', QtyOrdered: 280 },
        {
          LineNumber: 2,
          ItemNumber: 'ACM-1002',
          Description: 'Tray',
          QtyOrdered: 1500,
          RequestedShipDate: '2030-03-10',
        },
      ],
    });
    expect(email.subject).toBe('Order 100200 received');
    for (const part of [email.text, visible(email.html)]) {
      expect(part).toContain('PO-77');
      expect(part).toContain('Acme East Warehouse, 45 Commerce Park Drive, Shelbyville IL 62565');
      expect(part).toContain('ACM-1001');
      expect(part).toContain('RSC box');
      expect(part).toContain('280');
      expect(part).toContain('Requested 20 Mar 2030');
      expect(part).toContain('1,500');
      expect(part).toContain('Requested 10 Mar 2030');
      expect(part).toContain('Open order 100200 in the portal');
    }
  });

  it('confirm each line’s promised date and say which are late', async () => {
    const email = await noticeEmail('order_confirmed', {
      OrderNumber: 100200,
      PromisedShipDate: '2030-03-25',
      Lines: [
        {
          LineNumber: 1,
          ItemNumber: 'ACM-1001',
          QtyOrdered: 280,
          RequestedShipDate: '2030-03-25',
          PromisedShipDate: '2030-03-25',
          Late: false,
        },
        {
          LineNumber: 2,
          ItemNumber: 'ACM-1002',
          QtyOrdered: 1500,
          RequestedShipDate: '2030-03-01',
          PromisedShipDate: '2030-03-01',
          Late: true,
        },
      ],
    });
    for (const part of [email.text, visible(email.html)]) {
      expect(part).toContain('Promised 25 Mar 2030');
      expect(part).toContain('Promised 1 Mar 2030');
      expect(part).toContain('Line 2 is already late.');
      expect(part).toContain('Late: the promised date has already passed');
    }
    expect(email.text.match(/Late: the promised date/g)).toHaveLength(1);
  });

  it('tell a new promised date with the old one and the reason', async () => {
    const email = await noticeEmail('promised_date_changed', {
      OrderNumber: 100200,
      LineNumber: 2,
      ItemNumber: 'ACM-1002',
      PromisedShipDate: '2030-04-04',
      Was: '2030-03-25',
      Reason: 'Board arrives late',
    });
    expect(email.subject).toBe('New promised date on order 100200');
    for (const part of [email.text, visible(email.html)]) {
      expect(part).toMatch(/New promised date:? 4 Apr 2030/);
      expect(part).toMatch(/Was:? 25 Mar 2030/);
      expect(part).toContain('Board arrives late');
    }
  });

  it('give a release’s date and quantity, and a shipment’s part of the order and its papers', async () => {
    const release = await noticeEmail('release_scheduled', {
      OrderNumber: 100200,
      ReleaseNumber: '100200-R2',
      Qty: 60,
      LineNumber: 1,
      ItemNumber: 'ACM-1001',
      RequestedShipDate: '2030-03-22',
    });
    expect(release.text).toContain('60 units of line 1 (ACM-1001) to ship 22 Mar 2030.');
    expect(visible(release.html)).toContain('Ship date 22 Mar 2030');
    expect(release.subject).toBe('Release 100200-R2 scheduled');
    expect(visible(release.html)).toContain('Release 100200-R2');
    const shipment = await noticeEmail(
      'shipment_recorded',
      {
        OrderNumber: 100200,
        Carrier: 'UPS',
        TrackingNumber: '1Z999',
        BolNumber: 'BOL-5',
        ShipDate: '2030-03-22',
        Lines: [
          { LineNumber: 1, ItemNumber: 'ACM-1001', QtyOrdered: 280, Qty: 60, QtyShipped: 60 },
        ],
      },
      { attachmentName: 'packing-list-100200-4.pdf' },
    );
    for (const part of [shipment.text, visible(shipment.html)]) {
      expect(part).toContain('60 of 280 — 220 to follow');
      expect(part).toContain('BOL-5');
      expect(part).toContain('The packing list is attached: packing-list-100200-4.pdf');
    }
    expect(shipment.html).toContain('href="https://www.ups.com/track?tracknum=1Z999"');
  });
});
