import { describe, expect, it } from 'vitest';
import { channelOn, describeNotification } from './notifications';

describe('describeNotification', () => {
  const order = { entity: 'orders', id: 12 };

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
