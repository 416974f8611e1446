import { describe, expect, it } from 'vitest';
import {
  channelOn,
  describeNotification,
  noticeDetails,
  shippedOf,
  topicOf,
  topicsFor,
  topicsOf,
} from './notifications';

describe('describeNotification', () => {
  const order = { entity: 'orders', id: 12 };

  it("tells an invoice's news with what is to pay and opens the invoice", () => {
    const facts = {
      InvoiceId: 9,
      InvoiceNumber: 'INV-9',
      Open: 12_345,
      Currency: 'USD',
      DueDate: '2031-04-02',
    };
    expect(describeNotification('invoice_overdue', facts, order)).toEqual({
      title: 'Invoice INV-9 is overdue',
      body: '$123.45 to pay, due 2 Apr 2031',
      link: '/app/invoices/9',
    });
    expect(describeNotification('invoice_due_soon', facts, order).title).toBe(
      'Invoice INV-9 is due 2 Apr 2031',
    );
    expect(
      describeNotification('invoice_issued', { ...facts, Open: undefined, Total: 500 }, order),
    ).toMatchObject({ title: 'New invoice INV-9', body: '$5.00 to pay, due 2 Apr 2031' });
  });

  it('tells a shipment with its carrier and tracking number and opens its tracking page', () => {
    expect(
      describeNotification(
        'shipment_recorded',
        { OrderNumber: 100123, Carrier: 'UPS', TrackingNumber: '1Z9' },
        order,
      ),
    ).toEqual({
      title: 'Order 100123 shipped',
      body: 'UPS, tracking 1Z9',
      link: '/app/order/12/shipment',
    });
  });

  it('says the promised date of a confirmation when there is one', () => {
    const words = describeNotification(
      'order_confirmed',
      { OrderNumber: 7, PromisedShipDate: '2030-01-02' },
      order,
    );
    expect(words.body).toBe('Promised to ship by 2 Jan 2030.');
    expect(describeNotification('order_confirmed', { OrderNumber: 7 }, order).body).not.toContain(
      'Promised',
    );
  });

  it('opens a request in the inbox for staff and in the buyer’s own requests for buyers', () => {
    const request = { entity: 'requests', id: 5 };
    expect(describeNotification('new_request', { RequestType: 'quote' }, request).link).toBe(
      '/app/requests/5',
    );
    expect(describeNotification('quote_answered', {}, request).link).toBe('/app/quote-request');
  });
});

describe('channelOn', () => {
  it('takes the person’s choice over the topic’s default', () => {
    expect(channelOn({}, 'production_recorded', 'email')).toBe(false);
    expect(
      channelOn({ production_recorded: { email: true } }, 'production_recorded', 'email'),
    ).toBe(true);
    expect(channelOn({ shipment_recorded: { push: false } }, 'shipment_recorded', 'email')).toBe(
      true,
    );
  });
});

describe('approval notices', () => {
  const order = { entity: 'orders', id: 12 };

  it('tell the approvers of an order over a limit, and the buyer of the decision', () => {
    const event = (Kind: string) => ({ Kind, ByStaff: false, Data: {} });
    expect(topicOf(event('order.awaiting_approval'))).toBe('approval_requested');
    expect(topicOf(event('order.approved'))).toBe('approval_decided');
    expect(topicOf(event('order.rejected'))).toBe('approval_decided');
    expect(topicOf(event('order.withdrawn'))).toBeNull();
    expect(
      describeNotification(
        'approval_requested',
        { OrderNumber: 100012, PoNumber: 'PO-9', OrderValue: 660_000, Currency: 'USD' },
        order,
      ),
    ).toEqual({
      title: 'Order 100012 waits for your approval',
      body: 'PO PO-9, $6,600.00',
      link: '/app/order/12',
    });
    expect(
      describeNotification(
        'approval_decided',
        { OrderNumber: 100012, Decision: 'rejected' },
        order,
      ),
    ).toEqual({
      title: 'Order 100012 rejected',
      body: 'It was cancelled and will not be made.',
      link: '/app/order/12',
    });
  });

  it('are chosen about by those who hear of them: approval requests by approvers only', () => {
    expect(topicsFor('Approver', [6])).toContain('approval_requested');
    expect(topicsFor('Customer', [3])).not.toContain('approval_requested');
    expect(topicsFor('Customer', [3])).toContain('approval_decided');
    expect(topicsFor('Customer', [3, 6])).toContain('approval_requested');
    expect(topicsFor('System Administrator', [1])).not.toContain('approval_decided');
    expect(topicsFor('System Administrator', [1])).toContain('new_order');
    // Every one of the customer's people may choose about its invoices, a viewer too.
    expect(topicsFor('Viewer', [7])).toEqual(
      expect.arrayContaining(['invoice_issued', 'invoice_due_soon', 'invoice_overdue']),
    );
    expect(topicsFor('System Administrator', [1])).not.toContain('invoice_overdue');
  });
});

describe('the notices a buyer files against their order', () => {
  const order = { entity: 'orders', id: 12 };
  const placed = {
    OrderNumber: 100200,
    PoNumber: 'PO-77',
    ShipTo: 'Acme East Warehouse, Shelbyville IL 62565',
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
  };

  it('acknowledges an order the plant receives to the buyer, beside the staff’s new order', () => {
    const event = { Kind: 'order.placed', ByStaff: false, Data: {} };
    expect(topicsOf(event)).toEqual(['new_order', 'order_received']);
    expect(topicsOf({ ...event, Kind: 'order.confirmed' })).toEqual(['order_confirmed']);
    expect(topicsOf({ ...event, Kind: 'address.created' })).toEqual([]);
    expect(describeNotification('order_received', placed, order)).toEqual({
      title: 'Order 100200 received',
      body: 'PO PO-77, 2 lines, to Acme East Warehouse, Shelbyville IL 62565',
      link: '/app/order/12',
    });
    const details = noticeDetails('order_received', placed);
    expect(details.facts).toEqual([
      { label: 'Order', value: '100200' },
      { label: 'PO', value: 'PO-77' },
      { label: 'Ship to', value: 'Acme East Warehouse, Shelbyville IL 62565' },
      { label: 'Requested ship date', value: '20 Mar 2030' },
    ]);
    expect(details.lines.map((l) => [l.line, l.item, l.qty, l.date])).toEqual([
      [1, 'ACM-1001', '280', 'Requested 20 Mar 2030'],
      [2, 'ACM-1002', '1,500', 'Requested 10 Mar 2030'],
    ]);
  });

  it('lists each promised date of a confirmation and says plainly which are late', () => {
    const confirmed = {
      OrderNumber: 100200,
      PromisedShipDate: '2030-03-25',
      Lines: [
        {
          LineNumber: 1,
          ItemNumber: 'ACM-1001',
          QtyOrdered: 280,
          RequestedShipDate: '2030-03-20',
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
    };
    expect(describeNotification('order_confirmed', confirmed, order).body).toBe(
      'Promised to ship by 25 Mar 2030. Line 2 is already late.',
    );
    const lines = noticeDetails('order_confirmed', confirmed).lines;
    expect(lines.map((l) => [l.date, l.flag])).toEqual([
      ['Promised 25 Mar 2030', 'Later than you asked (20 Mar 2030)'],
      ['Promised 1 Mar 2030', 'Late: the promised date has already passed'],
    ]);
  });

  it('tells a changed promised date with its reason, under its own topic', () => {
    const data = {
      OrderNumber: 100200,
      LineNumber: 2,
      ItemNumber: 'ACM-1002',
      PromisedShipDate: '2030-04-04',
      Was: '2030-03-25',
      Reason: 'Board arrives late',
    };
    const event = { Kind: 'order_line.promised_date_changed', ByStaff: true, Data: data };
    expect(topicOf(event)).toBe('promised_date_changed');
    // The confirmation's own promises are told by the confirmation.
    expect(topicOf({ ...event, Data: { ...data, AtConfirmation: true } })).toBeNull();
    expect(describeNotification('promised_date_changed', data, order).body).toBe(
      'Line 2 (ACM-1002) now ships by 4 Apr 2030, was 25 Mar 2030. Reason: Board arrives late',
    );
    expect(topicsFor('Customer', [3])).toContain('promised_date_changed');
  });

  it('gives a release’s date and quantity, and what a shipment holds against the order', () => {
    expect(
      describeNotification(
        'release_scheduled',
        {
          OrderNumber: 7,
          Qty: 60,
          LineNumber: 1,
          ItemNumber: 'ACM-1001',
          RequestedShipDate: '2030-03-22',
        },
        order,
      ).body,
    ).toBe('60 units of line 1 (ACM-1001) to ship 22 Mar 2030.');
    // The release by its number, which names the order too; one from before numbers, the order.
    expect(
      describeNotification('release_scheduled', { OrderNumber: 7, ReleaseNumber: '7-R2' }, order)
        .title,
    ).toBe('Release 7-R2 scheduled');
    expect(describeNotification('release_scheduled', { OrderNumber: 7 }, order).title).toBe(
      'Release scheduled on order 7',
    );
    expect(
      describeNotification('new_release', { OrderNumber: 7, ReleaseNumber: '7-R1' }, order).title,
    ).toBe('Release 7-R1 requested');
    const shipped = {
      OrderNumber: 7,
      Carrier: 'UPS',
      TrackingNumber: '1Z9',
      Lines: [{ LineNumber: 1, ItemNumber: 'ACM-1001', QtyOrdered: 280, Qty: 60, QtyShipped: 60 }],
    };
    expect(describeNotification('shipment_recorded', shipped, order).body).toBe(
      '60 of 280 — 220 to follow, UPS, tracking 1Z9',
    );
    expect(
      shippedOf({ LineNumber: 1, ItemNumber: 'A', QtyOrdered: 280, Qty: 80, QtyShipped: 280 }),
    ).toBe('80 of 280 — complete');
  });
});
