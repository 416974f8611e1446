import type { User } from 'firebase/auth';
import { describe, expect, it, vi } from 'vitest';
import { customerInEffect } from '../../shared/access';
import { globex, signedInUser } from '../test-utils/fixtures';
import { createAuthSession } from './auth-session';
import { createAuthStore } from './auth-store';
import type { UserRecordDecision } from './load-user-record';

type Result = UserRecordDecision['result'];

function deferred() {
  let resolve!: (value: Result) => void;
  const promise = new Promise<Result>((r) => (resolve = r));
  return { promise, resolve };
}

function setup() {
  let emit!: (user: User | null) => void;
  const store = createAuthStore();
  const pending: Array<ReturnType<typeof deferred>> = [];
  const loadRecord = vi.fn(() => {
    const next = deferred();
    pending.push(next);
    return next.promise;
  });
  const clearSessionData = vi.fn();
  const session = createAuthSession({
    backend: {
      onAuthStateChanged: (listener) => {
        emit = listener;
        return () => {};
      },
    },
    store,
    loadRecord,
    readSelectedCustomer: () => globex,
    clearSessionData,
  });
  session.start();
  return {
    store,
    session,
    loadRecord,
    clearSessionData,
    pending,
    emit: (u: User | null) => emit(u),
  };
}

const userA = { uid: 'a' } as User;

describe('createAuthSession', () => {
  it('fetches the record on a user event (apiPending meanwhile) and signs in with the selection', async () => {
    const { store, pending, emit } = setup();
    emit(userA);
    expect(store.getState()).toMatchObject({ apiPending: true, authenticating: true });
    pending[0]?.resolve({ kind: 'signed-in', user: signedInUser({ Uid: 'a' }), offline: false });
    const state = await store.whenSettled();
    expect(state.isAuthenticated).toBe(true);
    expect(customerInEffect(state)?.CustomerCode).toBe('GLOBEX');
  });

  it('a no-user event signs out and clears the session data', () => {
    const { store, clearSessionData, emit } = setup();
    emit(null);
    expect(clearSessionData).toHaveBeenCalledOnce();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, authenticating: false });
  });

  it('drops a record that arrives after a later sign-out', async () => {
    const { store, pending, emit } = setup();
    emit(userA);
    emit(null);
    pending[0]?.resolve({ kind: 'signed-in', user: signedInUser({ Uid: 'a' }), offline: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().isAuthenticated).toBe(false);
    expect(store.getState().apiPending).toBe(false);
  });

  it('joins a load already under way for the same user', () => {
    const { session, loadRecord, emit } = setup();
    emit(userA);
    void session.load(userA);
    expect(loadRecord).toHaveBeenCalledOnce();
  });
});
