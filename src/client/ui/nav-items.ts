/**
 * The navigation of the app frame. Which items a person sees is not decided here: each item is
 * offered when the guard (src/shared/access.ts) would let this person open its page.
 */
import {
  ROUTE_ACCESS,
  decideAccess,
  type GuardSubject,
  type RoutePattern,
} from '../../shared/access';

interface NavItemDefinition {
  readonly label: string;
  /** The page the item opens (a route without parameters). */
  readonly to: RoutePattern;
  /** The routes during which the item shows as current. */
  readonly area: readonly RoutePattern[];
  readonly section: 'main' | 'admin';
}

export const NAV_ITEMS = [
  { label: 'Home', to: '/app', area: ['/app'], section: 'main' },
  {
    label: 'Orders',
    to: '/app/order/all',
    area: [
      '/app/order/all',
      '/app/order/new',
      '/app/order/$id',
      '/app/order/$id/pending',
      '/app/order/$id/release',
      '/app/order/$id/shipment',
    ],
    section: 'main',
  },
  {
    label: 'Inventory releases',
    to: '/app/inventory-releases',
    area: ['/app/inventory-releases'],
    section: 'main',
  },
  {
    label: 'Invoices',
    to: '/app/invoices',
    area: ['/app/invoices', '/app/invoices/$id', '/app/statement'],
    section: 'main',
  },
  {
    label: 'Quote request',
    to: '/app/quote-request',
    area: ['/app/quote-request'],
    section: 'main',
  },
  { label: 'Company', to: '/app/company', area: ['/app/company'], section: 'main' },
  { label: 'Contact us', to: '/contact-us', area: ['/contact-us'], section: 'main' },
  {
    label: 'Docs',
    to: '/docs',
    area: [
      '/docs',
      '/docs/log-off',
      '/docs/login',
      '/docs/contact-us',
      '/docs/open-orders',
      '/docs/quote-request',
      '/docs/reports',
      '/docs/terms-of-use',
      '/docs/connecting-your-erp',
    ],
    section: 'main',
  },
  {
    label: 'Customers',
    to: '/app/customer/all',
    area: ['/app/customer/all', '/app/customer/new', '/app/customer/edit/$id'],
    section: 'admin',
  },
  {
    label: 'Users',
    to: '/app/user/all',
    area: ['/app/user/all', '/app/user/new', '/app/user/edit/$id'],
    section: 'admin',
  },
  {
    label: 'Catalog',
    to: '/app/catalog/all',
    area: ['/app/catalog/all', '/app/catalog/new', '/app/catalog/edit/$id'],
    section: 'admin',
  },
  {
    label: 'Requests',
    to: '/app/requests/all',
    area: ['/app/requests/all', '/app/requests/$id'],
    section: 'admin',
  },
  { label: 'Audit log', to: '/app/audit', area: ['/app/audit'], section: 'admin' },
  {
    label: 'Integrations',
    to: '/app/integrations',
    area: ['/app/integrations'],
    section: 'admin',
  },
] as const satisfies readonly NavItemDefinition[];

export type NavItem = (typeof NAV_ITEMS)[number];

/** The items this person may open, in menu order. */
export function navItemsFor(subject: GuardSubject): NavItem[] {
  return NAV_ITEMS.filter((item) => decideAccess(ROUTE_ACCESS[item.to], subject).kind === 'allow');
}

/** Whether the item is the current one for a matched route pattern. */
export function isCurrentItem(item: NavItem, pattern: RoutePattern | null): boolean {
  return pattern !== null && (item.area as readonly RoutePattern[]).includes(pattern);
}
