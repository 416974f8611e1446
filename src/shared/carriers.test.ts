import { describe, expect, it } from 'vitest';
import { knownCarrier, trackingUrl } from './carriers';

describe('trackingUrl', () => {
  it('links the known carriers, whatever the case they were typed in', () => {
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('fedex', '123456789012')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(trackingUrl('Fed Ex', '1')).toContain('fedex.com');
    expect(trackingUrl('U.S.P.S.', '9400')).toContain('usps.com');
    expect(trackingUrl('dhl', 'JD0146')).toContain('tracking-id=JD0146');
  });

  it('escapes the number so it cannot change the link', () => {
    expect(trackingUrl('UPS', 'a&b=c d')).toBe('https://www.ups.com/track?tracknum=a%26b%3Dc%20d');
  });

  it('gives no link for an unknown carrier or an empty number', () => {
    expect(trackingUrl('Own truck', '42')).toBeNull();
    expect(trackingUrl('UPS', '  ')).toBeNull();
    expect(knownCarrier('Roadrunner Freight')).toBeNull();
    expect(knownCarrier(' usps ')).toBe('USPS');
  });
});
