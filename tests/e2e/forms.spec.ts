/**
 * Forms on a phone: a refused submit takes the person to the first invalid field, its message
 * beside it and tied to it; a number is never rewritten (0, −5 and 1.5 are refused as typed and
 * nothing is placed), and a date typed in part is refused rather than taken for no date. One
 * buyer, the order form and the quote form.
 */
import { expect, test, type Locator } from '@playwright/test';
import { signInAndSettle } from './support';

test.use({ viewport: { width: 390, height: 844 } });

/** The field is focused, on screen, marked invalid, and described by `message`. */
async function expectRefused(field: Locator, message: string | RegExp): Promise<void> {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

test('a refused submit goes to the first invalid field; quantities are refused as typed, never rewritten', async ({
  page,
}) => {
  const orders: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/db/orders') {
      orders.push(request.url());
    }
  });
  await signInAndSettle(page, 'buyer@acme.test', '/app/order/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();

  const poNumber = page.getByLabel('PO number');
  const quantity = page.getByLabel('Quantity, line 1');
  const review = page.getByRole('button', { name: 'Review order' });
  await page.getByRole('combobox', { name: 'Item, line 1', exact: true }).fill('ACM-1001');
  await quantity.fill('10');
  // The button is at the bottom of the form, the PO number at its top, off screen.
  await review.click();
  await expectRefused(poNumber, 'Enter your purchase order number.');

  await poNumber.fill(`FORMS-${Date.now().toString(36)}`);
  for (const [typed, message] of [
    ['0', 'Enter at least 1.'],
    ['-5', 'Enter at least 1.'],
    ['1.5', 'Use whole units.'],
  ] as const) {
    await quantity.fill(typed);
    await review.click();
    await expectRefused(quantity, message);
    await expect(quantity).toHaveValue(typed);
  }
  await expect(page.getByRole('heading', { name: 'Review your order' })).toHaveCount(0);
  expect(orders).toEqual([]);

  // A date typed in part is no date to the browser: refused on the field, not sent as none.
  await quantity.fill('12');
  const shipDate = page.getByLabel('Requested ship date (optional)');
  await shipDate.focus();
  await page.keyboard.type('11');
  await review.click();
  await expect(shipDate).toBeFocused();
  expect(await shipDate.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
    'Enter the whole date (month, day and year), or clear it.',
  );
  await expect(page.getByRole('heading', { name: 'Review your order' })).toHaveCount(0);
  await shipDate.fill('');

  // A valid order reaches the review, whose heading takes the focus from the gone button.
  await review.click();
  await expect(page.getByRole('heading', { name: 'Review your order' })).toBeFocused();

  // The quote form: its first field is refused first, wherever the submit button was.
  await page.goto('/app/quote-request');
  const quote = page.getByRole('form', { name: 'Quote request' });
  await quote.getByRole('button', { name: 'Send quote request' }).click();
  await expectRefused(quote.getByLabel('Description'), 'Enter what the item is.');
});
