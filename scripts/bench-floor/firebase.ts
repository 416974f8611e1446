/** The same Firebase Auth set-up as the portal's (src/client/lib/firebase.ts), on this origin. */
import { initializeApp } from 'firebase/app';
import { browserSessionPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';

export const auth = initializeAuth(
  initializeApp({ apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-portal' }),
  { persistence: browserSessionPersistence },
);
connectAuthEmulator(auth, window.location.origin, { disableWarnings: true });
