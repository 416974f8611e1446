/**
 * `AuthBackend` over the Firebase JS SDK: thin wrappers, no logic.
 */
import {
  EmailAuthProvider,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  validatePassword,
  verifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';
import type { AuthBackend } from './auth-backend';

export function createFirebaseBackend(auth: Auth): AuthBackend {
  return {
    currentUser: () => auth.currentUser,
    onAuthStateChanged: (listener) => onAuthStateChanged(auth, listener),
    signIn: async (email, password) =>
      (await signInWithEmailAndPassword(auth, email, password)).user,
    createAccount: async (email, password) =>
      (await createUserWithEmailAndPassword(auth, email, password)).user,
    signOut: () => signOut(auth),
    sendEmailVerification: (user) => sendEmailVerification(user),
    reloadUser: (user) => user.reload(),
    refreshIdToken: async (user) => {
      await user.getIdToken(true);
    },
    sendPasswordResetEmail: (email) => sendPasswordResetEmail(auth, email),
    verifyPasswordResetCode: (code) => verifyPasswordResetCode(auth, code),
    confirmPasswordReset: (code, newPassword) => confirmPasswordReset(auth, code, newPassword),
    reauthenticate: async (user, email, password) => {
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, password));
    },
    updatePassword: (user, newPassword) => updatePassword(user, newPassword),
    validatePassword: (password) => validatePassword(auth, password),
  };
}
