/**
 * Axe on every screen: every route of ROUTE_ACCESS (src/shared/access.ts) is opened as an account
 * that may see it, in the light and the dark theme, at desktop and at phone width, and checked once
 * its content is there (not while it loads). Each screen is opened once a size (a test's first by
 * loading the page, the others through the app's router: `go`) and scanned in both themes,
 * switched in place (the second theme with the rules that judge colour). Where it is cheap,
 * the states a person meets are checked too, in both themes at desktop width: errors shown beside
 * the fields, a menu or a dialog open, offline; at phone width, the navigation drawer open.
 *
 * The same visit proves the layout (docs/decisions/018), at 1366×900 and 390×844 in both themes:
 * nothing wider than the viewport, every figure and button of a row inside its width, no control
 * cut short (layoutProblems in support.ts). With `E2E_SCREENSHOTS=1` a screenshot of each screen,
 * size and theme is kept with the test for a person to look at.
 *
 * SCREENS is typed by the route table, and the first test compares the two at run time, so a new
 * route cannot be forgotten: it fails the typecheck and this spec until it has a screen here.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROUTE_ACCESS, matchRoute, type RoutePattern } from '../../src/shared/access';
import {
  JUDGED_AXE_RULES,
  axeViolations,
  isSerious,
  resetCodeFor,
  scanInBothThemes,
  seriousA11yViolations,
  signInAndSettle,
  violationLine,
} from './support';

/**
 * A test signs in once (or not at all) and walks the screens of its session; small sessions keep
 * each test short and let the two workers share the load.
 */
const BUYER = { email: 'buyer@acme.test', landing: /\/app$/ };
const STAFF = { email: 'admin@portal.test', landing: /\/app\/customer\/switch$/ };
const SESSIONS = {
  visitor: null,
  // Opened directly: the guard sends no one without a portal record there (signInAndSettle).
  waiting: { email: 'pending@newco.test', landing: '/pending-approval' },
  'buyer, orders': BUYER,
  'buyer, home and quotes': BUYER,
  reader: { email: 'buyer@globex.test', landing: /\/app$/ },
  'company administrator': { email: 'admin@acme.test', landing: /\/app$/ },
  'staff, customers and users': STAFF,
  'staff, requests and catalog': STAFF,
} as const;
type Session = keyof typeof SESSIONS;

/** An account whose password no journey changes: reset links are asked for it, never used. */
const RESET_EMAIL = 'rep@portal.test';

interface Visit {
  page: Page;
  phone: boolean;
  /** Looks an id up once per session (in a list), for the screens that need it. */
  remember: (key: string, find: () => Promise<string>) => Promise<string>;
}

interface State {
  /** Brings the screen into the state; resolves once it shows. */
  enter: (visit: Visit) => Promise<void>;
  /**
   * Leaves it again where the next state or screen would otherwise inherit it. A state that has
   * one is also left to switch the theme and entered again: a menu, a drawer or a dialog covers
   * the theme button.
   */
  leave?: (visit: Visit) => Promise<void>;
  /** States are checked at desktop width, unless they only exist on a phone. */
  phoneOnly?: boolean;
}

interface Screen {
  session: Session;
  /** Goes to the screen and resolves once its content is rendered. */
  open: (visit: Visit) => Promise<void>;
  states?: Record<string, State>;
}

/**
 * Opens `path` as the app's own links do: through its router, in the document already loaded,
 * which keeps axe in it for the next scan (the router follows `history.pushState`). Only a test's
 * first screen loads the document, as a person's first page does. Loading every screen anew cost
 * about half a processor-second each, besides putting axe into the page again.
 *
 * The router must have settled on the page shown: a navigation it is still loading would overtake
 * this one. Each screen waits for its content, and each test for its landing's, before the next.
 */
async function go(page: Page, path: string): Promise<void> {
  if (!page.url().startsWith('http')) {
    await page.goto(path);
    return;
  }
  await page.evaluate((path) => {
    const key = Math.random().toString(36).slice(2);
    const index = Number((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0);
    history.pushState({ __TSR_index: index + 1, key, __TSR_key: key }, '', path);
  }, path);
}

const heading = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

/** A DataTable by its name: the table on a desktop, its list of cards on a phone. */
const rowsOf = ({ page, phone }: Visit, name: string) =>
  page.getByRole(phone ? 'list' : 'table', { name });

/** Submits a form as it is and waits for the errors beside its fields. */
const submitForErrors =
  (button: string | RegExp): State['enter'] =>
  async ({ page }) => {
    await page.getByRole('button', { name: button, exact: typeof button === 'string' }).click();
    // Mantine's PasswordInput marks its field data-invalid only, without aria-invalid.
    const invalid = page.locator('[aria-invalid="true"], input[data-invalid]');
    await expect(invalid.filter({ visible: true }).first()).toBeVisible();
  };

const closeDialog: State['leave'] = async ({ page }) => {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
};

const online: State['leave'] = async ({ page }) => {
  await page.context().setOffline(false);
};

/** The path of a record's screen, found by opening it from its list. */
async function pathFromList(page: Page, list: string, link: string | RegExp): Promise<string> {
  await go(page, list);
  const anchor = page.getByRole('link', { name: link, exact: typeof link === 'string' });
  await expect(anchor).toBeVisible();
  const href = await anchor.getAttribute('href');
  if (!href) throw new Error(`no link ${String(link)} on ${list}`);
  return href;
}

/** The order of a demo PO number, e.g. `/app/order/100004`. */
const orderPath = (visit: Visit, po: string) =>
  visit.remember(po, () => pathFromList(visit.page, `/app/order/all?q=${po}`, /\d{3,}$/));

/** Opens an order page and waits for its content below the heading. */
async function openOrder(visit: Visit, po: string, section: string, ready: string | RegExp) {
  const { page } = visit;
  await go(page, `${await orderPath(visit, po)}${section}`);
  await heading(page, /^Order \d+/);
  await expect(page.getByText(ready).first()).toBeVisible();
}

const docPage =
  (path: string, title: string): Screen['open'] =>
  async ({ page }) => {
    await go(page, path);
    await heading(page, title);
    await expect(page.getByRole('article').locator('p').first()).toBeVisible();
  };

const SCREENS: Record<RoutePattern, Screen> = {
  '/': {
    session: 'visitor',
    open: async ({ page }) => {
      await go(page, '/');
      await heading(page, /^Sign in to the/);
    },
    states: {
      'sign-in errors shown': { enter: submitForErrors('Sign in') },
      'create an account, errors shown': {
        enter: async (visit) => {
          await visit.page.getByRole('tab', { name: 'Create an account' }).click();
          await submitForErrors('Request access')(visit);
        },
      },
      'offline notice': {
        enter: async ({ page }) => {
          await page.context().setOffline(true);
          await expect(page.getByText('Signing in needs a connection.')).toBeVisible();
        },
        leave: online,
      },
    },
  },
  '/forgot-password': {
    session: 'visitor',
    open: async ({ page }) => {
      await go(page, '/forgot-password');
      await heading(page, 'Reset your password');
    },
    states: {
      'errors shown': { enter: submitForErrors('Send reset link') },
      'link sent': {
        enter: async ({ page }) => {
          await page.getByLabel('Email').fill(RESET_EMAIL);
          await page.getByRole('button', { name: 'Send reset link' }).click();
          await expect(page.getByRole('status')).toBeVisible();
        },
      },
    },
  },
  '/reset-password': {
    session: 'visitor',
    open: async ({ page }) => {
      // A real code, so that the form shows (and not the "invalid link" alert).
      await go(page, '/forgot-password');
      await page.getByLabel('Email').fill(RESET_EMAIL);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('status')).toBeVisible();
      const code = await resetCodeFor(page, RESET_EMAIL);
      await go(page, `/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
      await heading(page, 'Choose a new password');
      await expect(page.getByText(RESET_EMAIL)).toBeVisible();
    },
    states: {
      'errors shown': { enter: submitForErrors('Set new password') },
      'a link without a code': {
        enter: async ({ page }) => {
          await go(page, '/reset-password');
          await expect(page.getByText('This reset link is invalid')).toBeVisible();
        },
      },
    },
  },
  '/logout': {
    session: 'visitor',
    open: async ({ page }) => {
      await go(page, '/logout?signedOut=true');
      await heading(page, 'You have signed out');
    },
    states: {
      'signed out because deactivated': {
        enter: async ({ page }) => {
          await go(page, '/logout?signedOut=true&reason=inactive');
          await expect(page.getByText(/account has been deactivated/)).toBeVisible();
        },
      },
    },
  },
  '/pending-approval': {
    session: 'waiting',
    open: async ({ page }) => {
      await go(page, '/pending-approval');
      await heading(page, 'Your access request is waiting for approval');
      await expect(page.getByText('Newco Packaging')).toBeVisible();
    },
  },

  '/app': {
    session: 'buyer, home and quotes',
    open: async ({ page }) => {
      await go(page, '/app');
      await heading(page, 'Dashboard');
      await expect(page.getByRole('img', { name: /^Bar chart\. / })).toBeVisible();
    },
    states: {
      'account menu open': {
        enter: async ({ page }) => {
          await page.getByRole('button', { name: /^Account menu for/ }).click();
          await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
        },
        leave: async ({ page }) => {
          await page.keyboard.press('Escape');
          await expect(page.getByRole('menu')).toHaveCount(0);
        },
      },
      'notifications open': {
        enter: async ({ page }) => {
          await page.getByRole('button', { name: /^Notifications/ }).click();
          await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
          await expect(page.getByText(/Loading your notifications/)).toHaveCount(0);
        },
        leave: async ({ page }) => {
          await page.keyboard.press('Escape');
          await expect(page.getByRole('region', { name: 'Notifications' })).toHaveCount(0);
        },
      },
      'navigation open': {
        phoneOnly: true,
        enter: async ({ page }) => {
          await page.getByRole('button', { name: 'Open navigation' }).click();
          await expect(
            page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }),
          ).toBeVisible();
        },
        leave: async ({ page }) => {
          await page.getByRole('button', { name: 'Close navigation' }).click();
        },
      },
      'offline notice': {
        enter: async ({ page }) => {
          await page.context().setOffline(true);
          await expect(page.getByText(/^You are offline/)).toBeVisible();
        },
        leave: online,
      },
    },
  },

  '/app/customer/new': {
    session: 'staff, customers and users',
    open: async ({ page }) => {
      await go(page, '/app/customer/new');
      await heading(page, 'New customer');
    },
    states: { 'errors shown': { enter: submitForErrors('Create customer') } },
  },
  '/app/customer/all': {
    session: 'staff, customers and users',
    open: async ({ page }) => {
      await go(page, '/app/customer/all');
      await heading(page, 'Customers');
      await expect(page.getByRole('link', { name: 'Acme Packaging' })).toBeVisible();
    },
  },
  '/app/customer/edit/$id': {
    session: 'staff, customers and users',
    open: async ({ page }) => {
      await go(page, await pathFromList(page, '/app/customer/all?q=INITECH', 'Initech Supply'));
      await heading(page, 'Edit customer');
      await expect(page.getByLabel('Customer name')).toHaveValue('Initech Supply');
    },
    states: {
      'deactivate dialog open': {
        enter: async ({ page }) => {
          await page.getByRole('button', { name: 'Deactivate this customer' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
        leave: closeDialog,
      },
      'address form open': {
        enter: async ({ page }) => {
          await page.getByRole('button', { name: 'Add an address' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
        leave: closeDialog,
      },
    },
  },
  '/app/customer/switch': {
    session: 'reader',
    open: async ({ page }) => {
      await go(page, '/app/customer/switch');
      await heading(page, 'Your customer');
      await expect(page.getByRole('button', { name: /Globex Foods/ })).toBeVisible();
    },
  },

  '/app/order/all': {
    session: 'buyer, orders',
    open: async ({ page }) => {
      await go(page, '/app/order/all');
      await heading(page, 'Orders');
      // A table on a desktop, cards on a phone: the one shown.
      await expect(
        page.getByText('DEMO-ACME-005', { exact: true }).filter({ visible: true }),
      ).toBeVisible();
    },
    states: {
      // A notification (here the export's), held open under the pointer while it is scanned.
      'a notification shown': {
        enter: async ({ page }) => {
          const download = page.waitForEvent('download');
          await page.getByRole('button', { name: 'Export CSV' }).click();
          await download;
          const notice = page.getByRole('alert').filter({ hasText: 'Export ready' });
          await notice.hover();
          await expect(notice).toBeVisible();
        },
        leave: async ({ page }) => {
          await page.getByRole('alert').getByRole('button').click();
          await expect(page.getByRole('alert').filter({ hasText: 'Export ready' })).toHaveCount(0);
        },
      },
    },
  },
  '/app/order/new': {
    session: 'buyer, orders',
    open: async ({ page }) => {
      await go(page, '/app/order/new');
      await heading(page, 'New order');
      await expect(page.getByRole('combobox', { name: 'Item, line 1', exact: true })).toBeVisible();
    },
    states: { 'errors shown': { enter: submitForErrors('Review order') } },
  },
  '/app/order/lists': {
    session: 'buyer, orders',
    // The seed saves no list: the empty state, with the way to the form.
    open: async ({ page }) => {
      await go(page, '/app/order/lists');
      await heading(page, 'Saved order lists');
      await expect(page.getByText('No saved lists yet')).toBeVisible();
    },
  },
  '/app/order/$id': {
    session: 'buyer, orders',
    // A submitted order: the buyer may still cancel it, so there is a dialog to look at.
    open: (visit) => openOrder(visit, 'DEMO-ACME-001', '', 'Please confirm the print proof'),
    states: {
      'cancel dialog open': {
        enter: async ({ page }) => {
          await page.getByRole('button', { name: 'Cancel order' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
        leave: closeDialog,
      },
      // An order the buyer placed over their spending limit: it waits for an approver.
      'awaiting approval': {
        enter: (visit) => openOrder(visit, 'DEMO-ACME-010', '', 'Awaiting approval'),
      },
    },
  },
  '/app/order/$id/pending': {
    session: 'buyer, orders',
    open: (visit) => openOrder(visit, 'DEMO-ACME-005', '/pending', /still to ship/),
  },
  '/app/order/$id/release': {
    session: 'buyer, orders',
    open: async (visit) => {
      await openOrder(visit, 'DEMO-ACME-005', '/release', /on hand/);
      await expect(rowsOf(visit, 'Releases of this order')).toBeVisible();
    },
    states: {
      'errors shown': {
        enter: async ({ page }) => {
          await page.getByLabel(/^Release, line 1/).fill('999999');
          await page.getByRole('button', { name: 'Release for shipment' }).click();
          await expect(page.getByText(/^Only [\d,]+ on hand\.$/).first()).toBeVisible();
        },
      },
    },
  },
  '/app/order/$id/shipment': {
    session: 'buyer, orders',
    open: (visit) => openOrder(visit, 'DEMO-ACME-005', '/shipment', '1Z999AA10123456784'),
  },

  '/app/company': {
    session: 'company administrator',
    open: async (visit) => {
      await go(visit.page, '/app/company');
      await heading(visit.page, 'Acme Packaging');
      await expect(rowsOf(visit, 'People of the company')).toBeVisible();
      await expect(rowsOf(visit, 'Ship-to addresses')).toBeVisible();
    },
    states: {
      'invite a colleague, errors shown': {
        enter: async (visit) => {
          await visit.page.getByRole('button', { name: 'Invite a colleague' }).click();
          await expect(visit.page.getByRole('dialog')).toBeVisible();
          await submitForErrors('Send invitation')(visit);
        },
        leave: closeDialog,
      },
    },
  },
  '/app/quote-request': {
    session: 'buyer, home and quotes',
    open: async ({ page }) => {
      await go(page, '/app/quote-request');
      await heading(page, 'Quote request');
      await expect(page.getByRole('button', { name: /Counter display trays/ })).toBeVisible();
    },
    states: {
      'errors shown': { enter: submitForErrors('Send quote request') },
      'a quoted request open': {
        enter: async ({ page }) => {
          await page.getByRole('button', { name: /Counter display trays/ }).click();
          await expect(page.getByRole('table', { name: 'Unit prices per quantity' })).toBeVisible();
        },
      },
    },
  },

  '/app/user/new': {
    session: 'staff, customers and users',
    open: async ({ page }) => {
      await go(page, '/app/user/new');
      await heading(page, 'Invite a user');
    },
    states: { 'errors shown': { enter: submitForErrors('Send invitation') } },
  },
  '/app/user/all': {
    session: 'staff, customers and users',
    open: async ({ page }) => {
      await go(page, '/app/user/all');
      await heading(page, 'Users');
      await expect(page.getByRole('link', { name: 'Lee, Jordan' })).toBeVisible();
    },
  },
  '/app/user/edit/$id': {
    session: 'staff, customers and users',
    open: async ({ page }) => {
      await go(page, await pathFromList(page, '/app/user/all?q=rep%40portal.test', 'Ortiz, Sam'));
      await heading(page, 'Edit user');
      await expect(page.getByLabel('First name')).toHaveValue('Sam');
    },
    states: {
      'deactivate dialog open': {
        enter: async ({ page }) => {
          await page.getByRole('button', { name: 'Deactivate Sam Ortiz' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
        leave: closeDialog,
      },
    },
  },

  '/app/requests/all': {
    session: 'staff, requests and catalog',
    open: async ({ page }) => {
      await go(page, '/app/requests/all');
      await heading(page, 'Requests');
      await expect(page.getByRole('link', { name: /Spring mailer program/ })).toBeVisible();
    },
  },
  '/app/requests/$id': {
    session: 'staff, requests and catalog',
    open: async ({ page }) => {
      await go(
        page,
        await pathFromList(page, '/app/requests/all?type=quote', /Spring mailer program/),
      );
      await heading(page, /Spring mailer program/);
      await expect(page.getByRole('form', { name: 'Send prices' })).toBeVisible();
    },
    states: {
      'an access request': {
        enter: async ({ page }) => {
          await go(page, '/app/requests/all?type=access');
          await page.getByRole('link', { name: /Casey Quinn/ }).click();
          await expect(page.getByRole('button', { name: 'Approve access' })).toBeVisible();
        },
      },
    },
  },

  '/app/catalog/new': {
    session: 'staff, requests and catalog',
    open: async ({ page }) => {
      await go(page, '/app/catalog/new');
      await heading(page, 'New catalog item');
    },
    states: { 'errors shown': { enter: submitForErrors('Create item') } },
  },
  '/app/catalog/all': {
    session: 'staff, requests and catalog',
    open: async ({ page }) => {
      await go(page, '/app/catalog/all');
      await heading(page, 'Catalog');
      await expect(page.getByRole('link', { name: 'ACM-1001' })).toBeVisible();
    },
  },
  '/app/catalog/edit/$id': {
    session: 'staff, requests and catalog',
    open: async ({ page }) => {
      await go(page, await pathFromList(page, '/app/catalog/all?q=INI-3001', 'INI-3001'));
      await heading(page, 'Edit catalog item');
      await expect(page.getByLabel('Item number')).toHaveValue('INI-3001');
    },
  },

  '/app/integrations': {
    session: 'staff, customers and users',
    open: async ({ page }) => {
      await go(page, '/app/integrations');
      await heading(page, 'Integrations');
      await expect(page.getByRole('button', { name: 'Add a system' })).toBeVisible();
    },
    states: {
      'adding a system, errors shown': {
        enter: async (visit) => {
          await visit.page.getByRole('button', { name: 'Add a system' }).click();
          await submitForErrors('Add the system')(visit);
        },
        leave: closeDialog,
      },
    },
  },
  '/app/audit': {
    session: 'staff, customers and users',
    open: async (visit) => {
      await go(visit.page, '/app/audit?kind=shipment.recorded');
      await heading(visit.page, 'Audit log');
      await expect(rowsOf(visit, 'Events')).toBeVisible();
    },
    states: {
      "an event's change shown": {
        enter: async ({ page }) => {
          await page
            .getByRole('button', { name: /^Details of event/ })
            .filter({ visible: true })
            .first()
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
        leave: closeDialog,
      },
    },
  },

  '/app/invoices': {
    session: 'buyer, home and quotes',
    open: async (visit) => {
      await go(visit.page, '/app/invoices?filter=all');
      await heading(visit.page, 'Invoices');
      await expect(rowsOf(visit, 'Invoices')).toBeVisible();
    },
  },
  '/app/invoices/$id': {
    session: 'buyer, home and quotes',
    open: async (visit) => {
      await go(visit.page, '/app/invoices?filter=all');
      await rowsOf(visit, 'Invoices')
        .getByRole('link', { name: /INV-ACME/ })
        .first()
        .click();
      await expect(visit.page.getByRole('heading', { level: 1, name: /^Invoice / })).toBeVisible();
    },
  },
  '/app/statement': {
    session: 'buyer, home and quotes',
    open: async ({ page }) => {
      await go(page, '/app/statement');
      await heading(page, 'Statement of account');
      await expect(page.getByText('Aging of what is open')).toBeVisible();
    },
  },
  '/app/inventory-releases': {
    session: 'buyer, home and quotes',
    open: async (visit) => {
      await go(visit.page, '/app/inventory-releases');
      await heading(visit.page, 'Inventory releases');
      await expect(rowsOf(visit, 'Inventory releases')).toBeVisible();
    },
  },
  '/app/account/password': {
    session: 'reader',
    open: async ({ page }) => {
      await go(page, '/app/account/password');
      await heading(page, 'Change password');
    },
    states: { 'errors shown': { enter: submitForErrors('Change password') } },
  },

  '/app/account/notifications': {
    session: 'reader',
    open: async ({ page }) => {
      await go(page, '/app/account/notifications');
      await heading(page, 'Notification settings');
      await expect(page.getByRole('checkbox', { name: 'Email: Order confirmed' })).toBeVisible();
    },
    states: {},
  },

  '/docs': {
    session: 'reader',
    open: async ({ page }) => {
      await go(page, '/docs');
      await heading(page, 'Help');
      await expect(
        page.getByRole('navigation', { name: 'Help pages' }).getByRole('link'),
      ).toHaveCount(7);
    },
    states: {
      'nothing found': {
        enter: async ({ page }) => {
          await page.getByLabel('Search the help').fill('no-such-word-anywhere');
          await expect(page.getByRole('status')).toContainText('No help page mentions');
        },
      },
    },
  },
  '/docs/log-off': { session: 'reader', open: docPage('/docs/log-off', 'Signing out') },
  '/docs/login': { session: 'reader', open: docPage('/docs/login', 'Signing in') },
  '/docs/contact-us': { session: 'reader', open: docPage('/docs/contact-us', 'Contacting us') },
  '/docs/open-orders': { session: 'reader', open: docPage('/docs/open-orders', 'Open orders') },
  '/docs/quote-request': {
    session: 'reader',
    open: docPage('/docs/quote-request', 'Requesting a quote'),
  },
  '/docs/reports': { session: 'reader', open: docPage('/docs/reports', 'Reports') },
  '/docs/connecting-your-erp': {
    session: 'staff, requests and catalog',
    open: docPage('/docs/connecting-your-erp', 'Connecting your ERP'),
  },
  '/docs/terms-of-use': { session: 'reader', open: docPage('/docs/terms-of-use', 'Terms of use') },

  '/contact-us': {
    session: 'reader',
    open: async ({ page }) => {
      await go(page, '/contact-us');
      await heading(page, 'Contact us');
      await expect(
        page.getByRole('button', { name: /Dock hours over the holidays/ }),
      ).toBeVisible();
    },
    states: { 'errors shown': { enter: submitForErrors('Send message') } },
  },
};

test('the judged axe rules find every serious or critical violation a full scan finds', async ({
  page,
}) => {
  // A page with violations of every impact: an image with no text (critical), grey on white
  // (serious), a heading that skips levels, content outside any landmark and no level-one
  // heading (moderate), and an empty heading (minor).
  await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head><body>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <p style="color:#bbb;background:#fff">Hard to read</p>
    <h3>Skipped</h3><h4></h4>
    <button></button></body></html>`);
  const full = await axeViolations(page);
  const severe = full.filter(isSerious);
  // The page has something for the left-out rules to find, and the full scan found it.
  expect(full.filter((v) => !isSerious(v)).length).toBeGreaterThan(0);
  expect(severe.map((v) => v.id)).toEqual(expect.arrayContaining(['image-alt', 'color-contrast']));
  expect(await seriousA11yViolations(page)).toEqual(severe.map(violationLine));
  // Every rule that found something serious or critical is judged; some that found less is not.
  expect(severe.filter((v) => !JUDGED_AXE_RULES.includes(v.id))).toEqual([]);
  expect(full.some((v) => !JUDGED_AXE_RULES.includes(v.id))).toBe(true);
});

test('every route of the access table has a screen here', () => {
  const routes = Object.keys(ROUTE_ACCESS);
  expect(routes.filter((route) => !(route in SCREENS))).toEqual([]);
  expect(Object.keys(SCREENS).filter((route) => !(route in ROUTE_ACCESS))).toEqual([]);
});

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`axe on every screen: ${size}`, () => {
    test.use({ viewport });

    for (const [session, account] of Object.entries(SESSIONS) as Array<
      [Session, (typeof SESSIONS)[Session]]
    >) {
      const screens = (Object.entries(SCREENS) as Array<[RoutePattern, Screen]>).filter(
        ([, screen]) => screen.session === session,
      );
      test(`${session}: ${screens.map(([route]) => route).join(', ')}`, async ({ page }) => {
        const ids = new Map<string, string>();
        const visit: Visit = {
          page,
          phone: size === 'phone',
          remember: async (key, find) => {
            if (!ids.has(key)) ids.set(key, await find());
            return ids.get(key)!;
          },
        };
        if (account !== null) {
          await signInAndSettle(page, account.email, account.landing);
          // The landing's content is there, so the router has settled on it: a screen opened
          // while it still loads the landing would be overtaken by it (`go`).
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        }

        const check = (label: string, state?: State) =>
          scanInBothThemes(
            page,
            label,
            state?.leave && {
              leave: () => state.leave!(visit),
              enter: () => state.enter(visit),
            },
          );
        for (const [route, screen] of screens) {
          await screen.open(visit);
          // The screen is the route it stands for, not a redirect (to sign-in, say).
          expect(matchRoute(new URL(page.url()).pathname), route).toBe(route);
          await check(route);
          for (const [name, state] of Object.entries(screen.states ?? {})) {
            if (Boolean(state.phoneOnly) !== visit.phone) continue;
            await state.enter(visit);
            await check(`${route}, ${name}`, state);
            await state.leave?.(visit);
          }
        }
      });
    }
  });
}
