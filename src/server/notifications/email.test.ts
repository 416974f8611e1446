import { describe, expect, it } from 'vitest';
import { composeEmail } from './email';

const base = {
  publicUrl: 'https://portal.test',
  messageId: '<delivery-1@portal.test>',
  unsubscribeUrl: 'https://portal.test/api/unsubscribe?token=abc.def',
};

describe('composeEmail', () => {
  it('says the same in text and HTML, with the page, tracking and settings links', () => {
    const email = composeEmail({
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

  it('escapes what people typed in the HTML part', () => {
    const email = composeEmail({
      ...base,
      text: { title: 'Quote answered', body: '<script>alert(1)</script> & "more"', link: null },
      data: {},
      recipient: { kind: 'person' },
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;');
    expect(email.text).toContain('<script>alert(1)</script>');
    // No page of its own: the email opens the portal.
    expect(email.text).toContain('Open in the portal: https://portal.test/app\n');
  });

  it('tells a notice address why it hears of this, and no tracking link for an unknown carrier', () => {
    const email = composeEmail({
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
