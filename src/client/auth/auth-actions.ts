/**
 * The sign-in operations (docs/product/sign-in.md) over an injected `AuthBackend`, so each result
 * shape can be tested without Firebase.
 */
import type { User } from 'firebase/auth';
import type { CreateAccessRequest } from '../../shared/schemas/requests';
import type { AuthState } from './auth-reducer';
import type { AuthStore } from './auth-store';
import { NO_USER_CODE, friendlyAuthMessage, recordProblemMessage } from './auth-messages';
import { isProviderError, type AuthBackend } from './auth-backend';
import { refreshEmailVerified } from './email-verification';
import { toSelectedCustomer } from './map-user';
import { PASSWORD_POLICY_ERROR, fetchPasswordRequirements } from './password-policy';
import type { SelectedCustomer, SwitchCustomerInput } from './user-record';

export interface AuthFailure {
  readonly success: false;
  readonly message: string;
  /** The provider's error code (`auth/…`), `record/<problem>` when the portal record failed. */
  readonly code: string | null;
  /** The password requirements, refetched after a password-policy error. */
  readonly requirements?: readonly string[];
}

export type AuthResult<T extends object = object> =
  ({ readonly success: true; readonly message: string } & T) | AuthFailure;

/**
 * `{ success, message }`, the message of a failure being the provider's own; `requirements` only
 * after a password-policy error. A failure also carries its code, from which the screen shows a
 * plain sentence (auth-messages.ts).
 */
export interface ChangePasswordResult {
  readonly success: boolean;
  readonly message: string;
  /** A failure's provider code (`auth/…`), NO_USER_CODE, or null for an unexpected error. */
  readonly code?: string | null;
  readonly requirements?: readonly string[];
}

export interface SignUpInput {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly company: string;
  readonly phone: string;
  readonly details: string;
}

/**
 * The access request sent after a self sign-up. No email: the API takes the signed-in account's
 * own, so nobody can ask for access in someone else's name.
 */
export type AccessRequest = CreateAccessRequest;

export const NO_USER_MESSAGE = 'No user logged in';

export interface AuthActionsDeps {
  readonly backend: AuthBackend;
  readonly store: AuthStore;
  /** Loads the portal record for a Firebase user and resolves with the settled state. */
  readonly loadSession: (user: User) => Promise<AuthState>;
  /** Removes the selected customer and the session copy of the user record. */
  readonly clearSessionData: () => void;
  readonly writeSelectedCustomer: (customer: SelectedCustomer) => void;
  /** Sends the access request as the new account. */
  readonly postAccessRequest: (request: AccessRequest) => Promise<void>;
}

export type AuthActions = ReturnType<typeof createAuthActions>;

export function createAuthActions(deps: AuthActionsDeps) {
  const { backend, store } = deps;

  /** A failure result; after a password-policy error the policy is fetched again and described. */
  async function failure(error: unknown, password?: string): Promise<AuthFailure> {
    const code = isProviderError(error) ? error.code : null;
    if (!isProviderError(error)) console.error('Unexpected sign-in error', error);
    if (code === PASSWORD_POLICY_ERROR && password !== undefined) {
      const requirements = await fetchPasswordRequirements(backend.validatePassword, password);
      return { success: false, code, message: friendlyAuthMessage(code), requirements };
    }
    return { success: false, code, message: friendlyAuthMessage(code) };
  }

  return {
    /** Signs in and loads the portal record; succeeds only when the person ends authenticated. */
    async signIn(email: string, password: string): Promise<AuthResult> {
      try {
        const user = await backend.signIn(email.trim(), password);
        // Load explicitly: Firebase does not announce a re-sign-in of the same uid.
        const state = await deps.loadSession(user);
        if (state.isAuthenticated) return { success: true, message: 'Signed in.' };
        const problem = state.recordProblem ?? 'failed';
        return {
          success: false,
          code: `record/${problem}`,
          message: recordProblemMessage(problem),
        };
      } catch (error) {
        return failure(error, password);
      }
    },

    /**
     * Creates the Firebase account, then the access request staff approve. A self sign-up never
     * binds itself to a customer. The person has no portal record until approved.
     */
    async signUp(input: SignUpInput): Promise<AuthResult<{ requestSent: boolean }>> {
      const email = input.email.trim();
      let user: User;
      try {
        user = await backend.createAccount(email, input.password);
      } catch (error) {
        return failure(error, input.password);
      }
      // Staff can approve only a proven address (decision 016); the waiting page offers to send
      // the email again if this one fails.
      try {
        await backend.sendEmailVerification(user);
      } catch (error) {
        console.error('The verification email could not be sent', error);
      }
      let requestSent = false;
      try {
        await deps.postAccessRequest({
          Type: 'access',
          Payload: {
            FirstName: input.firstName.trim(),
            LastName: input.lastName.trim(),
            Company: input.company.trim(),
            Phone: input.phone.trim(),
            Details: input.details.trim(),
          },
        });
        requestSent = true;
      } catch (error) {
        // The account exists either way; the waiting page offers to send the request again.
        console.error('The access request could not be sent', error);
      }
      return {
        success: true,
        requestSent,
        message: requestSent
          ? 'Your account was created and your access request was sent.'
          : 'Your account was created, but your access request could not be sent. Please send it again.',
      };
    },

    /**
     * Whether the signed-in account's address is proven now (after a link followed anywhere);
     * when it is, this device's token says so too.
     */
    async checkEmailVerified(): Promise<AuthResult<{ verified: boolean; email: string | null }>> {
      const user = backend.currentUser();
      if (user === null) return { success: false, code: NO_USER_CODE, message: NO_USER_MESSAGE };
      try {
        const verified = await refreshEmailVerified(backend, user);
        return {
          success: true,
          verified,
          email: user.email,
          message: verified ? 'Your email address is confirmed.' : 'Not confirmed yet.',
        };
      } catch (error) {
        return failure(error);
      }
    },

    /** Has Firebase send the verification email to the signed-in account again. */
    async resendVerificationEmail(): Promise<AuthResult> {
      const user = backend.currentUser();
      if (user === null) return { success: false, code: NO_USER_CODE, message: NO_USER_MESSAGE };
      try {
        await backend.sendEmailVerification(user);
        return { success: true, message: `We sent the email again to ${user.email ?? 'you'}.` };
      } catch (error) {
        if (isProviderError(error) && error.code === 'auth/too-many-requests') {
          return {
            success: false,
            code: error.code,
            message: 'We have sent this email several times already. Wait a few minutes first.',
          };
        }
        return failure(error);
      }
    },

    /** Clears the selected customer and the kept record, then signs out of the provider. */
    async signOut(): Promise<void> {
      deps.clearSessionData();
      try {
        await backend.signOut();
      } finally {
        store.dispatch({ type: 'signedOut' });
      }
    },

    /** Always confirms neutrally, so the page does not reveal which emails have accounts. */
    async sendPasswordReset(email: string): Promise<AuthResult> {
      const neutral = {
        success: true,
        message:
          'If an account exists for that email, we have sent a link to reset its password. Check your email.',
      } as const;
      try {
        await backend.sendPasswordResetEmail(email.trim());
        return neutral;
      } catch (error) {
        if (isProviderError(error) && error.code === 'auth/user-not-found') return neutral;
        return failure(error);
      }
    },

    async verifyResetCode(code: string): Promise<AuthResult<{ email: string }>> {
      try {
        const email = await backend.verifyPasswordResetCode(code);
        return { success: true, email, message: 'The reset code is valid.' };
      } catch (error) {
        return failure(error);
      }
    },

    async confirmReset(code: string, newPassword: string): Promise<AuthResult> {
      try {
        await backend.confirmPasswordReset(code, newPassword);
        return { success: true, message: 'Your password has been changed.' };
      } catch (error) {
        return failure(error, newPassword);
      }
    },

    /**
     * Re-authenticates with the current password first, then updates it. Failures carry the
     * provider's own message, plus the refetched requirements after a policy error.
     */
    async changePassword(
      currentPassword: string,
      newPassword: string,
    ): Promise<ChangePasswordResult> {
      const user = backend.currentUser();
      if (user === null || user.email === null)
        return { success: false, code: NO_USER_CODE, message: NO_USER_MESSAGE };
      try {
        await backend.reauthenticate(user, user.email, currentPassword);
        await backend.updatePassword(user, newPassword);
        return { success: true, message: 'Your password was changed.' };
      } catch (error) {
        const message =
          isProviderError(error) || error instanceof Error ? error.message : String(error);
        const code = isProviderError(error) ? error.code : null;
        if (code === PASSWORD_POLICY_ERROR) {
          const requirements = await fetchPasswordRequirements(
            backend.validatePassword,
            newPassword,
          );
          return { success: false, message, code, requirements };
        }
        return { success: false, message, code };
      }
    },

    /** Stores the chosen customer for this session: staff work for it from now on. */
    switchCustomer(customer: SwitchCustomerInput): void {
      if (store.getState().user === null) return;
      const selected = toSelectedCustomer(customer);
      deps.writeSelectedCustomer(selected);
      store.dispatch({ type: 'customerSwitched', customer: selected });
    },
  };
}
