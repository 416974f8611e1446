/**
 * The auth context: the authentication state (docs/product/sign-in.md) plus the operations, read
 * with `useAuth()`. Kept apart from the provider so that components (and their tests) need no
 * Firebase.
 */
import { createContext, useContext } from 'react';
import type { AuthActions } from './auth-actions';
import type { AuthState } from './auth-reducer';

/** Why a sign-out happened when the person did not ask for it. */
export type SignOutReason = 'inactive' | 'customer-inactive';

export interface AuthContextValue extends AuthState, Omit<AuthActions, 'signOut'> {
  /** Resolves once authentication is decided and no record fetch is pending (the guard awaits it). */
  readonly whenSettled: () => Promise<AuthState>;
  /** Signs out, clears the session's data and goes to `/logout?signedOut=true`. */
  readonly signOut: (reason?: SignOutReason) => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth() needs an <AuthProvider> above it');
  return value;
}
