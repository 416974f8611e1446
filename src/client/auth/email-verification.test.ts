import type { User } from 'firebase/auth';
import { describe, expect, it, vi } from 'vitest';
import { freshenBeforeRecord } from './email-verification';

function backendFor(verifiedAfterReload: boolean) {
  return {
    reloadUser: vi.fn((user: User) => {
      Object.assign(user, { emailVerified: verifiedAfterReload });
      return Promise.resolve();
    }),
    refreshIdToken: vi.fn(() => Promise.resolve()),
  };
}

describe('freshenBeforeRecord', () => {
  it('leaves a proven account alone (no call to Firebase)', async () => {
    const backend = backendFor(true);
    await freshenBeforeRecord(backend, { emailVerified: true } as User);
    expect(backend.reloadUser).not.toHaveBeenCalled();
  });

  it('gets a token that says so when the link was followed elsewhere', async () => {
    const backend = backendFor(true);
    const user = { emailVerified: false } as User;
    await freshenBeforeRecord(backend, user);
    expect(backend.refreshIdToken).toHaveBeenCalledWith(user);
  });

  it('keeps the token there is when the account cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const backend = {
      reloadUser: vi.fn(() => Promise.reject(new Error('offline'))),
      refreshIdToken: vi.fn(() => Promise.resolve()),
    };
    await expect(freshenBeforeRecord(backend, { emailVerified: false } as User)).resolves.toBe(
      undefined,
    );
    expect(backend.refreshIdToken).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
