import { describe, expect, it } from 'vitest';
import {
  ROUTE_ACCESS,
  accessFor,
  customerInEffect,
  decideAccess,
  matchRoute,
  type Access,
  type GuardSubject,
} from './access';

const person = (RoleName: string, customer: string | null = null) => ({
  role: { RoleName },
  customer,
});

const anonymous: GuardSubject = { isAuthenticated: false, user: null, selectedCustomer: null };
const buyer: GuardSubject = {
  isAuthenticated: true,
  user: person('Customer', 'ACME'),
  selectedCustomer: null,
};
const adminWithoutCustomer: GuardSubject = {
  isAuthenticated: true,
  user: person('System Administrator'),
  selectedCustomer: null,
};
const adminWithCustomer: GuardSubject = { ...adminWithoutCustomer, selectedCustomer: 'ACME' };
const webAdmin: GuardSubject = { ...adminWithoutCustomer, user: person('Web Administrator') };
const repWithCustomer: GuardSubject = {
  isAuthenticated: true,
  user: person('Sales Representative'),
  selectedCustomer: 'GLOBEX',
};

const at = (path: string): Access => {
  const access = accessFor(path);
  if (!access) throw new Error(`no access entry for ${path}`);
  return access;
};

describe('matchRoute', () => {
  it('matches static paths and ignores a trailing slash', () => {
    expect(matchRoute('/app')).toBe('/app');
    expect(matchRoute('/app/')).toBe('/app');
    expect(matchRoute('/')).toBe('/');
  });

  it('prefers a static segment over a parameter', () => {
    expect(matchRoute('/app/order/new')).toBe('/app/order/new');
    expect(matchRoute('/app/order/42')).toBe('/app/order/$id');
    expect(matchRoute('/app/order/42/release')).toBe('/app/order/$id/release');
    expect(matchRoute('/app/customer/switch')).toBe('/app/customer/switch');
    expect(matchRoute('/app/customer/edit/7')).toBe('/app/customer/edit/$id');
  });

  it('returns null for a path the portal does not have', () => {
    expect(matchRoute('/nowhere')).toBeNull();
    expect(matchRoute('/app/order/1/2/3/4')).toBeNull();
  });
});

describe('the access table gives every route its access rule', () => {
  it.each(['/', '/forgot-password', '/reset-password', '/logout'])('%s is public', (path) => {
    expect(at(path)).toEqual({ protected: false, admin: false, customer: false });
  });

  it.each([
    '/app',
    '/app/order/all',
    '/app/order/9',
    '/app/order/9/pending',
    '/app/order/9/release',
    '/app/order/9/shipment',
    '/app/quote-request',
    '/app/invoices',
    '/app/invoices/9',
    '/app/statement',
  ])('%s needs a customer', (path) => {
    expect(at(path)).toEqual({ protected: true, customer: true, admin: false });
  });

  it.each(['/app/order/new', '/app/order/lists'])(
    '%s needs a customer and the right to order',
    (path) => {
      expect(at(path)).toEqual({
        protected: true,
        customer: true,
        admin: false,
        capability: 'order:place',
      });
    },
  );

  it("/app/company needs a customer and the right to run it: its administrators'", () => {
    expect(at('/app/company')).toEqual({
      protected: true,
      customer: true,
      admin: false,
      capability: 'company:manage',
    });
  });

  it.each([
    '/app/customer/new',
    '/app/customer/all',
    '/app/customer/edit/3',
    '/app/user/new',
    '/app/user/all',
    '/app/user/edit/3',
    '/app/requests/all',
    '/app/requests/3',
    '/app/catalog/new',
    '/app/catalog/all',
    '/app/catalog/edit/3',
  ])('%s is admin-only and needs no customer', (path) => {
    expect(at(path)).toMatchObject({ protected: true, admin: true, customer: false });
  });

  it.each([
    '/app/customer/switch',
    '/app/inventory-releases',
    '/docs',
    '/docs/log-off',
    '/docs/login',
    '/docs/contact-us',
    '/docs/open-orders',
    '/docs/quote-request',
    '/docs/reports',
    '/docs/terms-of-use',
    '/contact-us',
  ])('%s is protected without needing a customer', (path) => {
    expect(at(path)).toEqual({ protected: true, admin: false, customer: false });
  });

  it('has no entry that is admin, staff or customer without being protected', () => {
    for (const access of Object.values(ROUTE_ACCESS) as Access[]) {
      if (access.admin || access.customer || access.staff) expect(access.protected).toBe(true);
    }
  });

  it('lets administrators alone manage integrations, and staff read how the ERP connects', () => {
    expect(at('/app/integrations')).toEqual({ protected: true, admin: true, customer: false });
    expect(at('/docs/connecting-your-erp')).toEqual({
      protected: true,
      admin: false,
      customer: false,
      staff: true,
    });
    const erpHelp = at('/docs/connecting-your-erp');
    expect(decideAccess(erpHelp, adminWithoutCustomer)).toEqual({ kind: 'allow' });
    expect(decideAccess(erpHelp, repWithCustomer)).toEqual({ kind: 'allow' });
    expect(decideAccess(erpHelp, buyer)).toEqual({ kind: 'redirect', to: '/app', rule: 3 });
    expect(decideAccess(erpHelp, anonymous)).toMatchObject({ to: '/', rule: 1 });
    expect(decideAccess(at('/app/integrations'), repWithCustomer)).toMatchObject({ rule: 3 });
  });
});

describe('decideAccess: the five guard rules, in order', () => {
  it('rule 1: an anonymous visitor of a protected route goes to /', () => {
    expect(decideAccess(at('/app/inventory-releases'), anonymous)).toEqual({
      kind: 'redirect',
      to: '/',
      rule: 1,
    });
    expect(decideAccess(at('/app'), anonymous)).toMatchObject({ to: '/', rule: 1 });
    expect(decideAccess(at('/app/user/all'), anonymous)).toMatchObject({ to: '/', rule: 1 });
    expect(decideAccess(at('/docs/login'), anonymous)).toMatchObject({ to: '/', rule: 1 });
  });

  it('rule 1 does not touch public routes', () => {
    for (const path of ['/', '/forgot-password', '/reset-password', '/logout']) {
      expect(decideAccess(at(path), anonymous)).toEqual({ kind: 'allow' });
    }
  });

  it('rule 2: staff without a selected customer go to the switch page for customer routes', () => {
    expect(decideAccess(at('/app'), adminWithoutCustomer)).toEqual({
      kind: 'redirect',
      to: '/app/customer/switch',
      rule: 2,
    });
    expect(decideAccess(at('/app/order/all'), adminWithoutCustomer)).toMatchObject({ rule: 2 });
  });

  it('rule 2: staff have a customer once they chose one on the switch page', () => {
    expect(decideAccess(at('/app'), adminWithCustomer)).toEqual({ kind: 'allow' });
    expect(decideAccess(at('/app/quote-request'), repWithCustomer)).toEqual({ kind: 'allow' });
  });

  it("rule 2: a Customer-role user works for their own record's customer", () => {
    expect(decideAccess(at('/app/order/5/release'), buyer)).toEqual({ kind: 'allow' });
  });

  it('rule 2 does not apply to the switch page, releases and docs', () => {
    for (const path of [
      '/app/customer/switch',
      '/app/inventory-releases',
      '/docs',
      '/contact-us',
    ]) {
      expect(decideAccess(at(path), adminWithoutCustomer)).toEqual({ kind: 'allow' });
    }
  });

  it('rule 3: a non-admin on an admin route goes to /app', () => {
    expect(decideAccess(at('/app/user/all'), buyer)).toEqual({
      kind: 'redirect',
      to: '/app',
      rule: 3,
    });
    expect(decideAccess(at('/app/catalog/new'), repWithCustomer)).toMatchObject({ rule: 3 });
  });

  it('rule 3 lets both administrator roles in, with or without a customer', () => {
    for (const subject of [adminWithoutCustomer, adminWithCustomer, webAdmin]) {
      expect(decideAccess(at('/app/requests/all'), subject)).toEqual({ kind: 'allow' });
    }
  });

  it('rule 4: without the right a page needs, the person goes to /app', () => {
    const viewer: GuardSubject = { ...buyer, user: person('Viewer', 'ACME') };
    expect(decideAccess(at('/app/order/new'), viewer)).toEqual({
      kind: 'redirect',
      to: '/app',
      rule: 4,
    });
    expect(decideAccess(at('/app/order/lists'), viewer)).toMatchObject({ rule: 4 });
    expect(decideAccess(at('/app/company'), buyer)).toMatchObject({ rule: 4 });
    expect(decideAccess(at('/app/company'), adminWithCustomer)).toMatchObject({ rule: 4 });
    // The pages that read stay open to a viewer.
    expect(decideAccess(at('/app/order/9'), viewer)).toEqual({ kind: 'allow' });
  });

  it('rule 4 reads every role a person holds, beside the primary one', () => {
    const companyAdmin: GuardSubject = {
      ...buyer,
      user: { ...person('Customer Administrator', 'ACME'), roleIds: [5] },
    };
    expect(decideAccess(at('/app/company'), companyAdmin)).toEqual({ kind: 'allow' });
    expect(decideAccess(at('/app/order/new'), companyAdmin)).toMatchObject({ rule: 4 });
    const buyingAdmin: GuardSubject = {
      ...companyAdmin,
      user: { ...person('Customer Administrator', 'ACME'), roleIds: [5, 3] },
    };
    expect(decideAccess(at('/app/order/new'), buyingAdmin)).toEqual({ kind: 'allow' });
    expect(decideAccess(at('/app/order/new'), repWithCustomer)).toEqual({ kind: 'allow' });
  });

  it('rule 5: otherwise the page renders', () => {
    expect(decideAccess(at('/app'), buyer)).toEqual({ kind: 'allow' });
    expect(decideAccess(at('/'), buyer)).toEqual({ kind: 'allow' });
  });

  it("rule 2 counts every customer's role as the Customer role: its own customer is in effect", () => {
    for (const role of ['Customer Administrator', 'Approver', 'Viewer']) {
      const subject: GuardSubject = { ...buyer, user: person(role, 'ACME') };
      expect(customerInEffect({ ...subject, selectedCustomer: 'GLOBEX' })).toBe('ACME');
      expect(decideAccess(at('/app/order/all'), subject)).toEqual({ kind: 'allow' });
    }
  });
});

describe('customerInEffect: whom the person works for', () => {
  it("is a buyer's own customer, whatever was chosen on the switch page", () => {
    expect(customerInEffect(buyer)).toBe('ACME');
    expect(customerInEffect({ ...buyer, selectedCustomer: 'GLOBEX' })).toBe('ACME');
  });

  it('is the customer staff chose, and none until they chose one', () => {
    expect(customerInEffect(repWithCustomer)).toBe('GLOBEX');
    expect(customerInEffect(adminWithoutCustomer)).toBeNull();
  });

  it('is none before sign-in', () => {
    expect(customerInEffect(anonymous)).toBeNull();
    expect(customerInEffect({ user: null, selectedCustomer: 'ACME' })).toBeNull();
  });
});
