/**
 * Requests end to end: a quote request answered and accepted, a sign-up approved into a buyer of
 * ACME, a contact message answered, a rejected sign-up reading why (axe on the request
 * screens is in screens-a11y.spec.ts). Each journey makes its own data (unique subjects and emails), so the
 * journeys run in parallel with each other and with the rest of the suite.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, localToday } from '../../src/shared/calendar-date';
import { PASSWORD, confirmEmailFor, signIn, signInAndSettle } from './support';

const unique = () => Math.random().toString(36).slice(2, 8);

/** A calendar day `days` from today, as a date input takes it. */
const inDays = (days: number): string => addDays(localToday(), days);

/** A second person, in a browser context of their own (sign-in is per browser session). */
async function asPerson(browser: Browser, email: string, landing: RegExp): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAndSettle(page, email, landing);
  return page;
}

/** An administrator in their own session, on the inbox. */
async function adminOnInbox(browser: Browser): Promise<Page> {
  const admin = await asPerson(browser, 'admin@portal.test', /\/app\/customer\/switch$/);
  await admin.goto('/app/requests/all');
  await expect(admin.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  return admin;
}

test('a buyer asks for a quote, staff price it, the buyer accepts', async ({ page, browser }) => {
  const subject = `E2E shipper ${unique()}`;
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  await page.getByRole('link', { name: 'Quote request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quote request' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Quote request' });
  await form.getByLabel('Subject (optional)').fill(subject);
  await form.getByLabel('Description').fill('Shipper box');
  await form.getByLabel('Material').fill('200# C-flute kraft');
  await form.getByLabel('Length (inches)').fill('12');
  await form.getByLabel('Length fraction').selectOption('3/8');
  await form.getByLabel('Width (inches)').fill('10');
  await form.getByLabel('Width fraction').selectOption('1/4');
  await form.getByLabel('Height (inches)').fill('6');
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('500');
  await form.getByRole('button', { name: 'Add quantity to item 1' }).click();
  await form.getByRole('textbox', { name: 'Quantity 2' }).fill('1000');
  await form.getByRole('button', { name: 'Add quantity to item 1' }).click();
  await form.getByRole('textbox', { name: 'Quantity 3' }).fill('5000');
  await form.getByLabel('Needed by').fill(inDays(30));
  await form.getByRole('button', { name: 'Send quote request' }).click();
  await expect(page.getByText('Quote request sent')).toBeVisible();
  // The form is empty again, ready for the next request.
  await expect(form.getByLabel('Subject (optional)')).toHaveValue('');

  const mine = page.getByRole('button', { name: new RegExp(subject) });
  await expect(mine).toContainText('New');

  // Staff see it in the inbox, unread, and answer with a price per quantity break.
  const admin = await adminOnInbox(browser);
  const item = admin.getByRole('link', { name: new RegExp(subject) });
  await expect(item).toContainText('Unread');
  await item.click();
  await expect(admin.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(admin.getByRole('row', { name: /Shipper box/ }).first()).toContainText(
    '12 3/8″ × 10 1/4″ × 6″',
  );
  const prices = admin.getByRole('form', { name: 'Send prices' });
  await prices.getByLabel('Unit price at 500').fill('1.25');
  await prices.getByLabel('Unit price at 1,000').fill('1.1');
  await prices.getByLabel('Unit price at 5,000').fill('0.95');
  await prices.getByLabel('Valid until').fill(inDays(20));
  await prices.getByRole('button', { name: 'Send prices' }).click();
  await expect(admin.getByText('Prices sent to the customer.')).toBeVisible();
  await expect(admin.getByText('Answered', { exact: true }).first()).toBeVisible();
  await admin.context().close();

  // The buyer sees the prices and accepts them.
  await page.reload();
  await page.getByRole('button', { name: new RegExp(subject) }).click();
  const table = page.getByRole('table', { name: 'Unit prices per quantity' });
  await expect(table).toContainText('$1.25');
  await expect(table).toContainText('$4,750.00');
  await page.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByText('Quote accepted')).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toContainText('Closed');
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toContainText('Accepted');
});

test('someone signs up, waits, is approved as a buyer of ACME and signs in to /app', async ({
  page,
  browser,
}) => {
  const id = unique();
  const email = `e2e-signup-${id}@newco.test`;
  await page.goto('/');
  await page.getByRole('tab', { name: 'Create an account' }).click();
  const signUp = page.getByRole('form', { name: 'Create an account' });
  await signUp.getByLabel('First name').fill('Sasha');
  await signUp.getByLabel('Last name').fill(`Signup ${id}`);
  await signUp.getByLabel('Company').fill('Acme Packaging, plant 2');
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signUp.getByLabel('Confirm password').fill(PASSWORD);
  await signUp.getByLabel('What do you need access for?').fill('Ordering cartons for plant 2.');
  await signUp.getByRole('button', { name: 'Request access' }).click();

  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your access request is waiting for approval',
  );
  await expect(page.getByText('Acme Packaging, plant 2')).toBeVisible();
  // The sign-up had Firebase send a link that proves the address; until it is followed, staff
  // cannot approve.
  await expect(page.getByText('Confirm your email address')).toBeVisible();
  await expect(page.getByText(`We sent a link to ${email}.`, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Send the email again' }).click();
  await expect(page.getByText(`We sent the email again to ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the email again' })).toBeDisabled();

  const admin = await adminOnInbox(browser);
  await admin.getByLabel('Search').fill(`Signup ${id}`);
  // Wait for the filtered list: a click while the list re-renders can land beside the link.
  await expect(admin).toHaveURL(/search=/);
  const found = admin.getByRole('link', { name: new RegExp(`Sasha Signup ${id}`) });
  await expect(found).toHaveCount(1);
  await expect(admin.getByRole('main').getByRole('link')).toHaveCount(1);
  await found.click();
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(`Sasha Signup ${id}`);
  // Anyone can sign up with any address: staff see that this one was never proven.
  await expect(admin.getByText('Email not verified')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Approve access' })).toBeDisabled();
  await expect(admin.getByText('has not confirmed this email address yet')).toBeVisible();

  // The person follows the link (in another tab) and comes back to the waiting page.
  await confirmEmailFor(page, email);
  await page.getByRole('button', { name: 'I have confirmed it' }).click();
  await expect(page.getByText('Your email address is confirmed')).toBeVisible();

  // Staff look again: the address is proven now.
  await admin.reload();
  await expect(admin.getByText('Email not verified')).toHaveCount(0);
  await expect(admin.getByLabel('Role')).toHaveValue('3');
  await admin.getByRole('combobox', { name: 'Customer' }).fill('Acme');
  // The picker asks the API as one types: wait for the answer to the search, not the first list,
  // whose options are replaced under the pointer when it arrives.
  await expect(admin.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await admin.getByRole('option', { name: 'Acme Packaging (ACME)' }).click();
  await admin.getByRole('button', { name: 'Approve access' }).click();
  await expect(admin.getByText(`Sasha Signup ${id} can now sign in to the portal.`)).toBeVisible();
  await expect(admin.getByText('Approved', { exact: true })).toBeVisible();
  await admin.context().close();

  // Still on the waiting page, the person learns of the approval and goes in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your access was approved');
  await page.getByRole('button', { name: 'Open the portal' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('banner')).toContainText('Acme Packaging');

  // And signing in afresh, in a new browser session, lands on /app with ACME.
  const later = await asPerson(browser, email, /\/app$/);
  await expect(later.getByRole('banner')).toContainText('Acme Packaging');
  await later.context().close();
});

test('a rejected sign-up reads the reason when signing in', async ({ page }) => {
  await signIn(page, 'rejected@example.test');
  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your access request was not approved',
  );
  await expect(page.getByText('The portal is for our customers.')).toBeVisible();
});

test('a contact message reaches the inbox, and the sender reads the reply', async ({
  page,
  browser,
}) => {
  const subject = `E2E pallet labels ${unique()}`;
  await signInAndSettle(page, 'buyer@globex.test', /\/app$/);
  await page.getByRole('link', { name: 'Contact us' }).click();
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Which label format do you need on our pallets?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you: your message reached our team')).toBeVisible();

  const admin = await adminOnInbox(browser);
  await admin.getByLabel('Type').selectOption('contact');
  await admin.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(admin.getByText('Which label format do you need on our pallets?')).toBeVisible();
  await admin.getByLabel('Your reply').fill('GS1-128 on two adjacent sides, please.');
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.getByRole('list', { name: 'Messages' })).toContainText('GS1-128');
  await admin.context().close();

  await page.reload();
  await page.getByRole('button', { name: new RegExp(subject) }).click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(
    'GS1-128 on two adjacent sides, please.',
  );
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toContainText('Answered');
});
