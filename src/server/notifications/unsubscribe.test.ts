import { describe, expect, it } from 'vitest';
import { signUnsubscribe, verifyUnsubscribe, type UnsubscribeClaim } from './unsubscribe';

const claim: UnsubscribeClaim = {
  topic: 'shipment_recorded',
  email: 'buyer@acme.test',
  userId: 7,
  customerId: 1,
};

describe('unsubscribe tokens', () => {
  it('read back what they were signed with', () => {
    expect(verifyUnsubscribe('secret', signUnsubscribe('secret', claim))).toEqual(claim);
    const address = { ...claim, userId: null, email: 'orders@acme.test' };
    expect(verifyUnsubscribe('secret', signUnsubscribe('secret', address))).toEqual(address);
  });

  it('refuse another secret, a changed claim, and nonsense', () => {
    const token = signUnsubscribe('secret', claim);
    expect(verifyUnsubscribe('other', token)).toBeNull();
    const [, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify(['shipment_recorded', 'ceo@acme.test', 8, 1]),
    ).toString('base64url');
    expect(verifyUnsubscribe('secret', `${forged}.${signature}`)).toBeNull();
    for (const bad of ['', '.', 'abc', 'a.b.c', `${token}x`]) {
      expect(verifyUnsubscribe('secret', bad)).toBeNull();
    }
    const unknownTopic = signUnsubscribe('secret', { ...claim, topic: 'stock_tips' as never });
    expect(verifyUnsubscribe('secret', unknownTopic)).toBeNull();
  });
});
