import { describe, expect, it } from 'vitest';
import { NO_USER_CODE, friendlyAuthMessage } from './auth-messages';
import { PASSWORD_POLICY_ERROR } from './password-policy';

/** Codes the portal's auth screens can meet from Firebase (sign in, sign up, reset, change). */
const PROVIDER_CODES = [
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-email',
  'auth/missing-email',
  'auth/missing-password',
  'auth/user-disabled',
  'auth/too-many-requests',
  'auth/email-already-in-use',
  'auth/weak-password',
  PASSWORD_POLICY_ERROR,
  'auth/expired-action-code',
  'auth/invalid-action-code',
  'auth/missing-action-code',
  'auth/requires-recent-login',
  'auth/user-token-expired',
  'auth/invalid-user-token',
  'auth/user-mismatch',
  'auth/network-request-failed',
  'auth/timeout',
  'auth/internal-error',
  'auth/quota-exceeded',
  'auth/web-storage-unsupported',
  'auth/invalid-api-key',
  'auth/app-not-authorized',
  'auth/unauthorized-domain',
  'auth/operation-not-allowed',
];

const FALLBACK = friendlyAuthMessage(null);

describe('friendlyAuthMessage', () => {
  it.each(PROVIDER_CODES)('gives %s a sentence of its own, on every screen', (code) => {
    for (const screen of ['default', 'change-password'] as const) {
      const message = friendlyAuthMessage(code, screen);
      expect(message).not.toBe(FALLBACK);
      expect(message).not.toMatch(/firebase|auth\//i);
      expect(message).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('speaks of the current password on the change-password screen', () => {
    expect(friendlyAuthMessage('auth/wrong-password')).toBe('Email or password is incorrect.');
    expect(friendlyAuthMessage('auth/wrong-password', 'change-password')).toBe(
      'Your current password is incorrect.',
    );
    expect(friendlyAuthMessage('auth/invalid-credential', 'change-password')).toBe(
      'Your current password is incorrect.',
    );
  });

  it('says so when nobody is signed in, and falls back to a plain sentence otherwise', () => {
    expect(friendlyAuthMessage(NO_USER_CODE)).toMatch(/not signed in/);
    expect(friendlyAuthMessage('auth/something-new')).toBe(FALLBACK);
    expect(FALLBACK).toBe('Something went wrong. Please try again.');
  });
});
