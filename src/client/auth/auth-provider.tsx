/**
 * Provides the auth context from the auth services and re-renders on every state change. The
 * composition root starts the session (the provider's events) before the first render, so that
 * render can already know whether someone is signed in.
 */
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';
import type { AuthState } from './auth-reducer';
import type { AuthServices } from './auth-services';

/** The context value for a state: what `useAuth()` returns, and what the router's guard reads. */
export function authContextValue(services: AuthServices, state: AuthState): AuthContextValue {
  return {
    ...state,
    ...services.actions,
    whenSettled: services.store.whenSettled,
    signOut: services.signOut,
  };
}

export function AuthProvider({
  services,
  children,
}: {
  services: AuthServices;
  children: ReactNode;
}) {
  const state = useSyncExternalStore(services.store.subscribe, services.store.getState);
  const value = useMemo(() => authContextValue(services, state), [services, state]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
