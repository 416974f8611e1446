/**
 * Provides the auth context from the auth services: subscribes to the provider's events on mount
 * and re-renders on every state change.
 */
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';
import type { AuthServices } from './auth-services';

export function AuthProvider({
  services,
  children,
}: {
  services: AuthServices;
  children: ReactNode;
}) {
  const { store, session, actions } = services;
  const state = useSyncExternalStore(store.subscribe, store.getState);

  useEffect(() => session.start(), [session]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      ...actions,
      whenSettled: store.whenSettled,
      signOut: services.signOut,
    }),
    [state, actions, store, services],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
