import { describe, expect, it } from 'vitest';
import {
  INTEGRATION_SCOPE_LABELS,
  INTEGRATION_SCOPES,
  isWellFormedIntegrationKey,
  looksLikeIntegrationKey,
} from './integration';

const KEY = `cpk_${'aZ09_-'.repeat(7)}x`;
// The shape of a Firebase ID token: three base64url parts joined by two dots.
const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1aWQifQ.c2lnbmF0dXJl';

describe('telling an API key from an ID token', () => {
  it('by its shape alone', () => {
    expect(KEY).toHaveLength(47);
    expect(looksLikeIntegrationKey(KEY)).toBe(true);
    expect(isWellFormedIntegrationKey(KEY)).toBe(true);
    expect(looksLikeIntegrationKey(ID_TOKEN)).toBe(false);
  });

  it('never takes a dotted token for a key, even with the prefix', () => {
    expect(looksLikeIntegrationKey(`cpk_${ID_TOKEN}`)).toBe(false);
  });

  it('refuses a key of another length or alphabet as malformed', () => {
    expect(isWellFormedIntegrationKey('cpk_short')).toBe(false);
    expect(isWellFormedIntegrationKey(`${KEY}A`)).toBe(false);
    expect(isWellFormedIntegrationKey(KEY.replace('Z', '+'))).toBe(false);
  });
});

describe('the scopes', () => {
  it('each say in words what they allow', () => {
    for (const scope of INTEGRATION_SCOPES) {
      expect(INTEGRATION_SCOPE_LABELS[scope].length).toBeGreaterThan(5);
    }
  });
});
