/** The product name as people see it (also the manifest's `name`). */
export const PORTAL_NAME = 'Customer Portal';
