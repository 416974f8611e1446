/**
 * Webhooks on the integrations screen, at phone width in both themes: an administrator adds a
 * webhook to a system (its signing secret shown once), a delivery reaches a receiver on loopback
 * and shows in the delivery log, where it is sent again; the secret is rotated (the endpoint shows
 * two secrets until the old one is retired), and the webhook is paused and resumed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { checkLayout, scanInBothThemes, signInAndSettle, useTheme } from './support';

test('an administrator adds a webhook, reads its delivery log and rotates its secret, on a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-webhooks`;
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    const name = `Webhook ERP ${Date.now().toString(36)}`;
    await signInAndSettle(page, 'admin@portal.test', '/app/integrations');
    await page.getByRole('button', { name: 'Add a system' }).click();
    const adding = page.getByRole('dialog', { name: 'Add a system' });
    await adding.getByLabel('Name').fill(name);
    await adding.getByRole('checkbox', { name: /Manage webhooks/ }).check();
    await adding.getByRole('button', { name: 'Add the system' }).click();
    await expect(adding).toHaveCount(0);
    const card = page.getByRole('region', { name });
    await expect(card.getByText('No webhook')).toBeVisible();

    await useTheme(page, 'dark');
    await card.getByRole('button', { name: `Add a webhook for ${name}` }).click();
    const form = page.getByRole('dialog', { name: `Add a webhook for ${name}` });
    await form.getByLabel('URL').fill('ftp://nowhere');
    await form.getByRole('button', { name: 'Add the webhook' }).click();
    await expect(form.getByText(/Enter an http or https URL/)).toBeVisible();
    await form.getByLabel('URL').fill(url);
    // Told of its own secret's rotations too, so the journey makes a delivery of its own.
    await form.getByRole('combobox', { name: 'Events to send' }).fill('rotated');
    await page.getByRole('option', { name: 'Webhook secret rotated' }).click();
    await page.keyboard.press('Escape');
    await checkLayout(page, 'webhook form dark');
    await form.getByRole('button', { name: 'Add the webhook' }).click();
    const secret = page.getByRole('dialog', { name: 'The webhook’s signing secret' });
    await expect(secret.getByText(/^whsec_/)).toBeVisible();
    await expect(form).toHaveCount(0);
    await checkLayout(page, 'webhook secret dark');
    await secret.getByRole('button', { name: 'I have stored it' }).click();
    await expect(card.getByText(url)).toBeVisible();
    await expect(card.getByText('active', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Rotate the secret' }).click();
    await expect(secret.getByText(/^whsec_/)).toBeVisible();
    await secret.getByRole('button', { name: 'I have stored it' }).click();
    await expect(card.getByText('two secrets')).toBeVisible();
    await scanInBothThemes(page, 'integrations with a webhook rotating');
    await card.getByRole('button', { name: 'Retire the old secret' }).click();
    await expect(card.getByText('two secrets')).toHaveCount(0);

    // The rotation's event reaches the receiver, signed, and shows in the delivery log.
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(received[0]).toContain('webhook.secret_rotated');
    await card.getByRole('button', { name: 'Delivery log' }).click();
    // A card per attempt at this width (the table's cells are there for wider screens).
    await expect(card.getByText(/Webhook secret rotated, attempt 1/).first()).toBeVisible();
    await card
      .getByRole('button', { name: /^Send again attempt 1/ })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page.getByText('Sent again', { exact: true })).toBeVisible();
    await checkLayout(page, 'webhook delivery log');

    await card.getByRole('button', { name: 'Pause' }).click();
    await expect(card.getByText('paused', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Resume' }).click();
    await expect(card.getByText('active', { exact: true })).toBeVisible();
    await checkLayout(page, 'webhook resumed');
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
});
