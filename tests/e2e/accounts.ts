/**
 * Throwaway accounts the end-to-end server seeds beside the demo ones, for journeys that change a
 * password (so the demo accounts stay as the README says) or need a case the demo lacks.
 */
export const E2E_PASSWORD = 'portal-demo-1';

export const E2E_EXTRA_USERS = [
  {
    uid: 'e2e-reset',
    email: 'e2e-reset@portal.test',
    firstName: 'Riley',
    lastName: 'Reset',
    roleName: 'Customer',
    customerCode: 'ACME',
  },
  {
    uid: 'e2e-password',
    email: 'e2e-password@portal.test',
    firstName: 'Pat',
    lastName: 'Password',
    roleName: 'Customer',
    customerCode: 'GLOBEX',
  },
  {
    // An ACME buyer whose orders over $100.00 wait for ACME's approver (approver@acme.test).
    uid: 'e2e-limited',
    email: 'e2e-limited@portal.test',
    firstName: 'Lou',
    lastName: 'Limited',
    roleName: 'Customer',
    customerCode: 'ACME',
    orderLimit: 10_000,
  },
  {
    // A buyer of the customer the demo data keeps inactive.
    uid: 'e2e-paused',
    email: 'e2e-paused@portal.test',
    firstName: 'Parker',
    lastName: 'Paused',
    roleName: 'Customer',
    customerCode: 'UMBRELLA',
  },
] as const;
