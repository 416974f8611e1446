/**
 * The demo data's people and companies (docs/product/demo-data.md), as plain data: the seed writes
 * them and the start script prints the accounts, without either importing the other's machinery.
 */
import { ROLE_LIST, type RoleName } from '../../shared/roles';
import { roleLabels } from '../../shared/role-sets';

/** Every demo account signs in with this password (Auth emulator only). */
export const DEMO_PASSWORD = 'portal-demo-1';

export interface SeedCustomer {
  code: string;
  name: string;
  emailAddresses: string[];
  active: boolean;
  /** A PNG in src/server/seed/logos (made by scripts/make-seed-logos.ts), for customers with one. */
  logoFile?: string;
}

export const DEMO_CUSTOMERS: readonly SeedCustomer[] = [
  {
    code: 'ACME',
    name: 'Acme Packaging',
    emailAddresses: ['purchasing@acme.test', 'receiving@acme.test'],
    active: true,
    logoFile: 'acme.png',
  },
  {
    code: 'GLOBEX',
    name: 'Globex Foods',
    emailAddresses: ['orders@globex.test'],
    active: true,
    logoFile: 'globex.png',
  },
  {
    code: 'INITECH',
    name: 'Initech Supply',
    emailAddresses: ['buying@initech.test', 'ap@initech.test'],
    active: true,
  },
  // No longer a customer: hidden from staff's switch list, its buyers are refused.
  {
    code: 'UMBRELLA',
    name: 'Umbrella Logistics',
    emailAddresses: ['ops@umbrella.test'],
    active: false,
  },
];

/** A person with a portal user row and an Auth emulator account of the same uid. */
export interface SeedUser {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The primary role. */
  roleName: RoleName;
  /** More of a customer's roles held beside it (a buyer who also approves). */
  extraRoles?: readonly RoleName[];
  /** Required exactly for a customer's roles (Customer, Customer Administrator, Approver, Viewer). */
  customerCode?: string;
  /** A buyer's spending limits, in cents of the customer's currency. */
  orderLimit?: number;
  monthlyLimit?: number;
  plantNbr?: string;
  salesAdmin?: boolean;
  salesRep?: boolean;
  corporateId?: string;
  /** False seeds a deactivated user (default true). */
  active?: boolean;
}

export const DEMO_USERS: readonly SeedUser[] = [
  {
    uid: 'demo-admin',
    email: 'admin@portal.test',
    firstName: 'Alex',
    lastName: 'Morgan',
    roleName: 'System Administrator',
    plantNbr: '01',
    salesAdmin: true,
    corporateId: 'EMP-1001',
  },
  {
    uid: 'demo-webadmin',
    email: 'webadmin@portal.test',
    firstName: 'Dana',
    lastName: 'Whitfield',
    roleName: 'Web Administrator',
    plantNbr: '01',
    corporateId: 'EMP-1002',
  },
  {
    uid: 'demo-rep',
    email: 'rep@portal.test',
    firstName: 'Sam',
    lastName: 'Ortiz',
    roleName: 'Sales Representative',
    plantNbr: '02',
    salesRep: true,
    corporateId: 'EMP-2040',
  },
  {
    uid: 'demo-buyer-acme',
    email: 'buyer@acme.test',
    firstName: 'Jordan',
    lastName: 'Lee',
    roleName: 'Customer',
    customerCode: 'ACME',
    plantNbr: '01',
    // $5,000.00 an order, $8,000.00 a month: two of the demo orders wait for approval.
    orderLimit: 500_000,
    monthlyLimit: 800_000,
  },
  {
    uid: 'demo-admin-acme',
    email: 'admin@acme.test',
    firstName: 'Morgan',
    lastName: 'Reyes',
    roleName: 'Customer Administrator',
    customerCode: 'ACME',
  },
  {
    uid: 'demo-approver-acme',
    email: 'approver@acme.test',
    firstName: 'Dana',
    lastName: 'Lee',
    roleName: 'Approver',
    customerCode: 'ACME',
  },
  {
    uid: 'demo-viewer-acme',
    email: 'viewer@acme.test',
    firstName: 'Casey',
    lastName: 'Park',
    roleName: 'Viewer',
    customerCode: 'ACME',
  },
  {
    uid: 'demo-buyer-globex',
    email: 'buyer@globex.test',
    firstName: 'Priya',
    lastName: 'Shah',
    roleName: 'Customer',
    customerCode: 'GLOBEX',
    plantNbr: '02',
  },
];

/** A demo account as the start script prints it. */
export interface DemoAccount {
  email: string;
  /** The role as people read it (the Customer role is a buyer). */
  role: string;
  /** `CODE — Name` of a buyer's customer; null for staff. */
  customer: string | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = DEMO_USERS.map((user) => {
  const customer = DEMO_CUSTOMERS.find((c) => c.code === user.customerCode);
  const roleId = (name: string) => ROLE_LIST.find((role) => role.RoleName === name)?.RoleId ?? 0;
  return {
    email: user.email,
    role: roleLabels([user.roleName, ...(user.extraRoles ?? [])].map(roleId)),
    customer: customer ? `${customer.code} — ${customer.name}` : null,
  };
});
