import { describe, expect, it } from 'vitest';
import type { GuardSubject } from '../../shared/access';
import { NAV_ITEMS, isCurrentItem, navItemsFor } from './nav-items';

const labels = (subject: GuardSubject) => navItemsFor(subject).map((item) => item.label);

const person = (RoleName: string, customer: string | null = null) => ({
  role: { RoleName },
  customer,
});
const buyer: GuardSubject = {
  isAuthenticated: true,
  user: person('Customer', 'ACME'),
  selectedCustomer: null,
};
const adminWithout: GuardSubject = {
  isAuthenticated: true,
  user: person('System Administrator'),
  selectedCustomer: null,
};
const rep: GuardSubject = {
  isAuthenticated: true,
  user: person('Sales Representative'),
  selectedCustomer: 'ACME',
};

describe('navItemsFor', () => {
  it('shows a buyer the customer pages and no admin section', () => {
    expect(labels(buyer)).toEqual([
      'Home',
      'Orders',
      'Inventory releases',
      'Invoices',
      'Quote request',
      'Contact us',
      'Docs',
    ]);
  });

  it('hides customer pages from staff until a customer is selected, and shows admins the admin section', () => {
    expect(labels(adminWithout)).toEqual([
      'Inventory releases',
      'Contact us',
      'Docs',
      'Customers',
      'Users',
      'Catalog',
      'Requests',
      'Audit log',
      'Integrations',
    ]);
    // Everything but the company's own page, which is its administrators'.
    expect(labels({ ...adminWithout, selectedCustomer: 'ACME' })).toEqual(
      NAV_ITEMS.map((item) => item.label).filter((label) => label !== 'Company'),
    );
  });

  it("shows a company's administrator its company page, and a viewer nothing to change", () => {
    const companyAdmin: GuardSubject = {
      isAuthenticated: true,
      user: { ...person('Customer Administrator', 'ACME'), roleIds: [5] },
      selectedCustomer: null,
    };
    expect(labels(companyAdmin)).toEqual([
      'Home',
      'Orders',
      'Inventory releases',
      'Invoices',
      'Quote request',
      'Company',
      'Contact us',
      'Docs',
    ]);
    const viewer: GuardSubject = { ...companyAdmin, user: person('Viewer', 'ACME') };
    expect(labels(viewer)).not.toContain('Company');
    expect(labels(viewer)).toContain('Orders');
    expect(labels(viewer)).toContain('Invoices');
  });

  it('shows a sales representative with a customer everything but the admin section', () => {
    expect(labels(rep)).not.toContain('Users');
    expect(labels(rep)).not.toContain('Audit log');
    expect(labels(rep)).not.toContain('Integrations');
    expect(labels(rep)).toContain('Orders');
  });

  it('shows nothing to a signed-out visitor', () => {
    expect(labels({ isAuthenticated: false, user: null, selectedCustomer: null })).toEqual([]);
  });
});

describe('isCurrentItem', () => {
  it('marks Orders current on an order detail page, and Home only on /app', () => {
    const orders = NAV_ITEMS.find((item) => item.label === 'Orders');
    const home = NAV_ITEMS.find((item) => item.label === 'Home');
    expect(orders && isCurrentItem(orders, '/app/order/$id/release')).toBe(true);
    expect(home && isCurrentItem(home, '/app/order/$id/release')).toBe(false);
    expect(home && isCurrentItem(home, '/app')).toBe(true);
  });
});
