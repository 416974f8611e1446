import { describe, expect, it } from 'vitest';
import { signedInUser } from '../test-utils/fixtures';
import { createAuthStore } from './auth-store';

const user = signedInUser({ Uid: 'u1' });

describe('createAuthStore().whenSettled', () => {
  it('waits for the first authentication event, then for the pending record fetch', async () => {
    const store = createAuthStore();
    let settled = false;
    const waiting = store.whenSettled().then((state) => {
      settled = true;
      return state;
    });

    store.dispatch({ type: 'recordFetchStarted' });
    await Promise.resolve();
    expect(settled).toBe(false);

    store.dispatch({ type: 'signedIn', user, selectedCustomer: null, offline: false });
    const state = await waiting;
    expect(state.isAuthenticated).toBe(true);
    expect(state.user?.Uid).toBe('u1');
  });

  it('resolves at once when nothing is pending', async () => {
    const store = createAuthStore();
    store.dispatch({ type: 'signedOut' });
    await expect(store.whenSettled()).resolves.toMatchObject({
      isAuthenticated: false,
      isInitialised: true,
    });
  });

  it('notifies subscribers of every change', () => {
    const store = createAuthStore();
    const seen: boolean[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getState().apiPending));
    store.dispatch({ type: 'recordFetchStarted' });
    store.dispatch({ type: 'recordFetchFailed', problem: 'failed' });
    unsubscribe();
    store.dispatch({ type: 'recordFetchStarted' });
    expect(seen).toEqual([true, false]);
  });
});
