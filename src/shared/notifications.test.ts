import { describe, expect, it } from 'vitest';
import { channelOn, describeNotification, topicOf, topicsFor } from './notifications';

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
