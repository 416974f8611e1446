import { describe, expect, it } from 'vitest';
import { sanitizeRedirect } from './redirect-target';

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
