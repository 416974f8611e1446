/**
 * The notices' emails and the unsubscribe pages as a phone shows them: each drawn by the server's
 * own code (composeEmail, unsubscribePageHtml), opened in Chromium at 390 px in the light and the
 * dark scheme, where nothing may be wider than the screen and the dark scheme must paint dark. With
 * `E2E_SCREENSHOTS=1` their screenshots are kept for a person to look at (keepScreenshot).
 */
import { expect, test, type Page } from '@playwright/test';
import { composeEmail } from '../../src/server/notifications/email';
import { unsubscribePageHtml } from '../../src/server/notifications/unsubscribe-page';
import {
  describeNotification,
  noticeDetails,
  type NotificationTopic,
} from '../../src/shared/notifications';
import { keepScreenshot } from './support';

const lines = [
  {
    LineNumber: 1,
    ItemNumber: 'ACM-1001',
    Description: 'Shipper for 12 × 16 oz jars, printed 2 colour',
    QtyOrdered: 280,
    RequestedShipDate: '2030-03-20',
    PromisedShipDate: '2030-03-25',
    Late: false,
    Qty: 60,
    QtyShipped: 60,
  },
  {
    LineNumber: 2,
    ItemNumber: 'ACM-1002',
    Description: 'Display tray, printed 4 colour',
    QtyOrdered: 1500,
    RequestedShipDate: '2030-03-01',
    PromisedShipDate: '2030-03-01',
    Late: true,
    Qty: 1500,
    QtyShipped: 1500,
  },
];

const NOTICES: Array<[NotificationTopic, Record<string, unknown>]> = [
  [
    'order_received',
    {
      OrderNumber: 100200,
      PoNumber: 'PO-2030-0417',
      ShipTo:
        'Acme East Warehouse, Building C, 45 Commerce Park Drive, Shelbyville IL 62565, United States',
      RequestedShipDate: '2030-03-20',
      Lines: lines,
    },
  ],
  ['order_confirmed', { OrderNumber: 100200, PromisedShipDate: '2030-03-25', Lines: lines }],
  [
    'promised_date_changed',
    {
      OrderNumber: 100200,
      LineNumber: 2,
      ItemNumber: 'ACM-1002',
      PromisedShipDate: '2030-04-04',
      Was: '2030-03-25',
      Reason: 'The board for the trays arrives a week late from the mill',
    },
  ],
  [
    'release_scheduled',
    {
      OrderNumber: 100200,
      ReleaseNumber: '100200-R2',
      Qty: 60,
      LineNumber: 1,
      ItemNumber: 'ACM-1001',
      RequestedShipDate: '2030-03-22',
    },
  ],
  [
    'shipment_recorded',
    {
      OrderNumber: 100200,
      Carrier: 'UPS',
      TrackingNumber: '1Z999AA10123456784',
      BolNumber: 'BOL-100200-4',
      ShipDate: '2030-03-22',
      Lines: lines.slice(0, 1),
    },
  ],
];

async function look(page: Page, html: string, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setContent(html, { waitUntil: 'load' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} in ${colorScheme}: wider than the phone`).toBeLessThanOrEqual(390);
    const background = await page.evaluate(() => {
      const card = document.querySelector('.pc-card, .card') ?? document.body;
      return getComputedStyle(card).backgroundColor;
    });
    const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number) as [number, number, number];
    if (colorScheme === 'dark') expect(r + g + b, `${name} stays light in dark`).toBeLessThan(200);
    else expect(r + g + b, `${name} is dark in light`).toBeGreaterThan(600);
    await keepScreenshot(page, `${name}-${colorScheme}`, { fullPage: true });
  }
}

test.describe('notice emails at 390 px', () => {
  for (const [topic, data] of NOTICES) {
    test(`${topic} reads on a phone, light and dark`, async ({ page }) => {
      const email = await composeEmail({
        text: describeNotification(topic, data, { entity: 'orders', id: 7 }),
        details: noticeDetails(topic, data),
        data,
        publicUrl: 'https://portal.test',
        sender: {
          name: 'Example Plant',
          address: ['1 Mill Road', 'Springfield IL 62701', 'United States'],
        },
        recipient: { kind: 'person' },
        messageId: '<delivery-1@portal.test>',
        unsubscribeUrl: 'https://portal.test/api/unsubscribe?token=abc.def',
        attachmentName:
          topic === 'shipment_recorded' ? 'packing-list-order-100200-shipment-4.pdf' : undefined,
      });
      await look(page, email.html, topic);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(email.subject);
    });
  }
});

test('the unsubscribe pages read on a phone, light and dark', async ({ page }) => {
  await look(
    page,
    unsubscribePageHtml({
      title: 'Unsubscribed',
      lines: [
        'No more emails of “Order received (acknowledgement of your order)” go to purchasing.department@acme-packaging.test.',
        'Changed your mind?',
      ],
      form: { action: '/api/unsubscribe/undo?token=x', label: 'Undo: send them again' },
      settingsUrl: '/app/account/notifications',
    }),
    'unsubscribed',
  );
  await expect(page.getByRole('button', { name: 'Undo: send them again' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'notification settings' })).toBeVisible();
});
