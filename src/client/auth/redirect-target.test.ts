import { describe, expect, it } from 'vitest';
import { customerPageTarget, sanitizeRedirect } from './redirect-target';

describe('sanitizeRedirect', () => {
  it.each([
    ['/app', '/app'],
    ['/app/order/12/pending', '/app/order/12/pending'],
    ['/app/order/all?status=Submitted#top', '/app/order/all?status=Submitted#top'],
    ['/docs', '/docs'],
    ['/docs/login', '/docs/login'],
    ['/contact-us', '/contact-us'],
  ])('keeps the portal path %s', (input, expected) => {
    expect(sanitizeRedirect(input)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/app'],
    ['a protocol-relative URL', '//evil.example/app'],
    ['a backslash trick', '/\\evil.example/app'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'app/order/all'],
    ['the sign-in page', '/'],
    ['the logout page', '/logout?signedOut=true'],
    ['a look-alike root', '/apple'],
    ['a dot-segment escape', '/app/../logout'],
    ['a non-string', 42],
    ['nothing', undefined],
  ])('refuses %s', (_name, input) => {
    expect(sanitizeRedirect(input)).toBeNull();
  });
});

describe('customerPageTarget', () => {
  it('takes a customer page, with the values of its parameters', () => {
    expect(customerPageTarget('/app/order/5/release?x=1#top')).toEqual({
      href: '/app/order/5/release?x=1#top',
      pattern: '/app/order/$id/release',
      params: { id: '5' },
    });
    expect(customerPageTarget('/app/order/all?status=Submitted')).toEqual({
      href: '/app/order/all?status=Submitted',
      pattern: '/app/order/all',
      params: {},
    });
  });

  it.each([
    ['the landing page, where staff go anyway', '/app'],
    ['a page that needs no customer', '/app/inventory-releases'],
    ['an admin page', '/app/user/all'],
    ['the switch page itself', '/app/customer/switch'],
    ['a path the portal does not have', '/app/nothing/here'],
    ['another site', 'https://evil.example/app/order/5'],
    ['a protocol-relative URL', '//evil.example/app/order/5'],
    ['a dot-segment escape', '/app/order/../../logout'],
    ['nothing', undefined],
  ])('refuses %s', (_name, input) => {
    expect(customerPageTarget(input)).toBeNull();
  });
});
