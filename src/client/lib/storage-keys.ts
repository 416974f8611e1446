/**
 * Every key the client writes to sessionStorage or IndexedDB, in one place
 * (docs/product/offline.md).
 *
 * sessionStorage holds what must not outlive the session sign-in; IndexedDB (idb-keyval, a named
 * store) holds non-sensitive UI preferences only: never tokens or API answers.
 */
export const STORAGE_KEYS = {
  session: {
    /** The customer chosen on the switch page; overrides the user record's customer. */
    selectedCustomer: 'portal:selected-customer',
    /**
     * The user record last loaded in this browser session, for the offline rule
     * (docs/product/sign-in.md).
     */
    userRecord: 'portal:user-record',
  },
  idb: {
    /** Database and object store of the UI preferences. */
    preferencesDatabase: 'portal-preferences',
    preferencesStore: 'preferences',
    /** The theme name: 'LIGHT' or 'ONE_DARK'. */
    theme: 'theme',
    /**
     * Database and object store of what a person left on this device: submissions waiting to be
     * sent and form drafts, keyed by uid (below). Cleared at sign-out.
     */
    deviceDatabase: 'portal-device',
    deviceStore: 'work',
    outbox: (uid: string) => `outbox:${uid}`,
    draft: (uid: string, form: string) => `draft:${uid}:${form}`,
    draftPrefix: (uid: string) => `draft:${uid}:`,
  },
} as const;
