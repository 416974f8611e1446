import { describe, expect, it } from 'vitest';
import { webhookBackoffSeconds } from '../../shared/webhooks';
import { checkedAddress, refuseAddress, type WebhookAddressPolicy } from './address-policy';

describe('refuseAddress', () => {
  it('lets public addresses through, in production and out of it', () => {
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) {
      expect(refuseAddress(address, true)).toBeNull();
      expect(refuseAddress(address, false)).toBeNull();
    }
  });

  it('refuses private, shared, link-local, unique-local, multicast and mapped addresses', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.251',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '::',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
    ]) {
      expect(refuseAddress(address, true), address).not.toBeNull();
      expect(refuseAddress(address, false), address).not.toBeNull();
    }
  });

  it('lets loopback through outside production only', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(refuseAddress(address, true), address).toContain('loopback');
      expect(refuseAddress(address, false), address).toBeNull();
    }
  });
});

describe('checkedAddress', () => {
  const policy = (production: boolean, addresses: string[]): WebhookAddressPolicy => ({
    production,
    resolve: () => Promise.resolve(addresses.map((address) => ({ address, family: 4 as const }))),
  });

  it('refuses http in production, and a name with any private address among public ones', async () => {
    await expect(
      checkedAddress(new URL('http://erp.example.com/'), policy(true, ['93.184.216.34'])),
    ).rejects.toThrow('https only');
    await expect(
      checkedAddress(
        new URL('https://erp.example.com/'),
        policy(true, ['93.184.216.34', '10.0.0.1']),
      ),
    ).rejects.toThrow('not a public address');
    await expect(
      checkedAddress(new URL('https://erp.example.com/'), policy(true, ['93.184.216.34'])),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });
});

describe('webhookBackoffSeconds', () => {
  it('doubles from ten seconds up to an hour', () => {
    expect([1, 2, 3, 4].map(webhookBackoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(webhookBackoffSeconds(30)).toBe(3600);
  });
});
