/**
 * Getting around: staff continue to the page they asked for once they have chosen its customer,
 * every page names itself in the document title, the progress bar runs while a route waits for its
 * data, the keyboard's focus shows on every kind of control in both themes, and on a phone the
 * closed navigation drawer keeps its links out of the tab order.
 */
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signInAndSettle, useTheme } from './support';

/** The web API key of the built client (src/client/env.ts: the emulator's demo default). */
const API_KEY = 'demo-api-key';

/** One of the buyer's orders, read from the API as the buyer (no page needed). */
async function anOrderOf(page: Page, email: string): Promise<{ Id: number; OrderNumber: number }> {
  const signIn = await page.request.post(
    `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
    { data: { email, password: PASSWORD, returnSecureToken: true } },
  );
  expect(signIn.ok()).toBe(true);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const res = await page.request.get('/api/db/orders?limit=1', {
    headers: { Authorization: `Bearer ${idToken}` },
  });
  expect(res.ok()).toBe(true);
  const order = ((await res.json()) as { data: Array<{ Id: number; OrderNumber: number }> })
    .data[0];
  if (order === undefined) throw new Error(`${email} has no order`);
  return order;
}

/** Staff without a customer open an order of ACME's, and the guard sends them to choose one. */
async function openAcmeOrderAsStaff(page: Page, email: string) {
  const order = await anOrderOf(page, 'buyer@acme.test');
  await signInAndSettle(page, email, /\/app\/customer\/switch\?redirect=/, {
    open: `/app/order/${order.Id}`,
  });
  return order;
}

test('staff continue to the order they asked for once they chose its customer; each page names itself', async ({
  page,
}) => {
  const order = await openAcmeOrderAsStaff(page, 'admin@portal.test');
  await expect(page).toHaveTitle('Choose a customer · Customer Portal');
  await expect(page.getByText('This page belongs to a customer')).toBeVisible();
  await expect(page.getByText(`/app/order/${order.Id}`)).toBeVisible();

  await page.getByRole('textbox', { name: /search/i }).fill('acme');
  await page.getByRole('button', { name: /Acme Packaging/ }).click();
  await expect(page).toHaveURL(new RegExp(`/app/order/${order.Id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Order ${order.OrderNumber}`);
  await expect(page).toHaveTitle(`Order ${order.OrderNumber} · Customer Portal`);

  // Other pages, reached the way people do, each with a title of its own.
  await page.getByRole('link', { name: 'Pending', exact: true }).click();
  await expect(page).toHaveTitle(`Order ${order.OrderNumber} · Pending · Customer Portal`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [link, title] of [
    ['Orders', 'Orders · Customer Portal'],
    ['Inventory releases', 'Inventory releases · Customer Portal'],
    ['Requests', 'Requests · Customer Portal'],
    ['Docs', 'Help · Customer Portal'],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveTitle(title);
  }
  await page.getByRole('link', { name: 'Open orders' }).first().click();
  await expect(page).toHaveTitle(/^Open orders · Help · Customer Portal$/);
});

test('staff who choose another customer than the order’s land on the dashboard', async ({
  page,
}) => {
  await openAcmeOrderAsStaff(page, 'rep@portal.test');
  await page.getByRole('button', { name: /Globex Foods/ }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText('Not a page of Globex Foods')).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Customer Portal');
});

test('the progress bar runs while a slowed navigation waits for its data', async ({ page }) => {
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  // Mantine's bar: shown (faded in) while its root carries data-mounted.
  const bar = page.getByRole('progressbar', { name: 'Page loading' }).locator('..');
  await expect(bar).not.toHaveAttribute('data-mounted');
  // Every API answer from now on waits until the test lets it through: no clock decides.
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route('**/api/**', async (route) => {
    await held;
    await route.continue();
  });
  // A page whose list used to load inside it, after the navigation had ended.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Quote request' })
    .click();
  await expect(bar).toHaveAttribute('data-mounted', 'true');
  // The page it leaves stays in view meanwhile, then the new one shows and the bar goes.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  letThrough();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote request');
  await expect(bar).not.toHaveAttribute('data-mounted');
});

/**
 * Runs in the page: the contrast of the focus indicator of the focused control (or of the field
 * around a focused inner input) against what is behind it: for a ring drawn outside the control,
 * the surface around the control; for one drawn inside, the control's own fill.
 */
function focusContrast(): { what: string; ring: string; behind: string; ratio: number } | null {
  const parse = (colour: string): [number, number, number, number] | null => {
    const m = /rgba?\(([^)]+)\)/.exec(colour);
    if (!m) return null;
    const [r = 0, g = 0, b = 0, a = 1] = m[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [r, g, b, a];
  };
  const over = (top: number[], bottom: number[]) =>
    [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!)).concat(1);
  const luminance = (c: number[]) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  /** The colour that shows through at `element`: its background over its ancestors'. */
  const backgroundAt = (element: Element | null): number[] => {
    const layers: number[][] = [];
    for (let e = element; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) layers.push(c);
      if (c && c[3] === 1) break;
    }
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  let element = document.activeElement;
  for (let depth = 0; element && depth < 3; depth++, element = element.parentElement) {
    const style = getComputedStyle(element);
    let ring: number[] | null = null;
    let inside = false;
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) {
      ring = parse(style.outlineColor);
      inside = parseFloat(style.outlineOffset) < 0;
    } else if (style.boxShadow !== 'none') {
      ring = parse(style.boxShadow);
      inside = style.boxShadow.includes('inset');
    }
    if (!ring || ring[3] === 0) continue;
    const behind = backgroundAt(inside ? element : element.parentElement);
    const shown = over(ring, behind);
    const [light, dark] = [luminance(shown), luminance(behind)].sort((a, b) => b - a);
    return {
      what: `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''}`,
      ring: style.outlineColor,
      behind: `rgb(${behind.slice(0, 3).join(', ')})`,
      ratio: Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100,
    };
  }
  return null;
}

test('the focused input, button and navigation link show a ring of 3:1 or more, in both themes', async ({
  page,
}) => {
  await signInAndSettle(page, 'buyer@acme.test', '/app/order/all');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
  const controls = {
    input: page.getByRole('textbox').first(),
    button: page.getByRole('main').getByRole('button').first(),
    'navigation link': page.getByRole('navigation', { name: 'Main' }).getByRole('link').first(),
    'current navigation link': page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Orders' }),
  };
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    for (const [name, control] of Object.entries(controls)) {
      // As from the keyboard: Chromium shows focus-visible after a key press.
      await page.keyboard.press('Shift');
      await control.focus();
      const contrast = await page.evaluate(focusContrast);
      expect.soft(contrast, `${name}, ${theme}: no focus indicator`).not.toBeNull();
      expect
        .soft(contrast?.ratio ?? 0, `${name}, ${theme}: ${JSON.stringify(contrast)}`)
        .toBeGreaterThanOrEqual(3);
    }
  }
});

test('on a phone the closed navigation drawer is out of reach, and opens to the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  const nav = page.locator('#app-navigation');
  await expect(nav).toHaveJSProperty('inert', true);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav).toHaveJSProperty('inert', false);
  const orders = nav.getByRole('link', { name: 'Orders' });
  await expect(orders).toBeVisible();
  await orders.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/order\/all/);
  await expect(nav).toHaveJSProperty('inert', true);
});
