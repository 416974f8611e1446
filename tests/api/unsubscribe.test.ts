/**
 * The one-click unsubscribe link of notification emails (RFC 8058) under load from one address.
 * Mail providers post those for their users from a few shared servers, so many genuine
 * unsubscribes come from one address: none may be refused. What is limited per address is what a
 * script guessing tokens produces, links that fail verification.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSuppressions, users } from '../../src/server/db/schema';
import { readSettings } from '../../src/server/notifications/settings-queries';
import { signUnsubscribe, unsubscribeSecret } from '../../src/server/notifications/unsubscribe';
import { customerIdOf, setupApi, type TestApi } from './support';

let api: TestApi;
let acme: number;
let secret: string;
beforeAll(async () => {
  api = await setupApi();
  acme = await customerIdOf(api, 'ACME');
  secret = await unsubscribeSecret(api.db);
});
afterAll(() => api?.close());

/** The link of an email sent to a notice address of ACME. */
const linkFor = (email: string) =>
  `/api/unsubscribe?token=${signUnsubscribe(secret, { topic: 'order_ready', email, userId: null, customerId: acme })}`;

/** A mail provider's one-click POST, from `address`. */
const oneClick = (link: string, address: string) =>
  api.app.request(link, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': address,
    },
    body: 'List-Unsubscribe=One-Click',
  });

describe('one-click unsubscribes from one address', () => {
  it('all succeed, however many a shared mail server posts', async () => {
    const provider = '198.51.100.25';
    const emails = Array.from({ length: 40 }, (_, n) => `notices-${n}@acme-notices.test`);
    for (const email of emails) {
      const res = await oneClick(linkFor(email), provider);
      expect(res.status, email).toBe(200);
    }
    const [stored] = await api.db
      .select({ n: count() })
      .from(emailSuppressions)
      .where(
        and(eq(emailSuppressions.CustomerId, acme), eq(emailSuppressions.Topic, 'order_ready')),
      );
    expect(stored!.n).toBeGreaterThanOrEqual(emails.length);
  });

  it('are limited once the links that fail verification pile up, and genuine ones still pass', async () => {
    const guesser = '203.0.113.77';
    const genuine = linkFor('still-works@acme-notices.test');
    const forged = (n: number) => genuine.replace(/\.[^.]+$/, `.forged${n}`);
    const statuses: number[] = [];
    for (let n = 0; n < 40; n++) statuses.push((await oneClick(forged(n), guesser)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    const refused = await oneClick(forged(99), guesser);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // A real link is not a guess: it still works from that address.
    expect((await oneClick(genuine, guesser)).status).toBe(200);
    // And another address's forged link is its own count.
    expect((await oneClick(forged(0), '203.0.113.78')).status).toBe(400);
  });
});

describe('the unsubscribe pages', () => {
  it('look like the portal, name what stops, and undo it', async () => {
    const email = 'undo-me@acme-notices.test';
    const link = linkFor(email);
    const suppressed = async () =>
      (
        await api.db
          .select({ n: count() })
          .from(emailSuppressions)
          .where(and(eq(emailSuppressions.CustomerId, acme), eq(emailSuppressions.Email, email)))
      )[0]!.n;

    const form = await api.app.request(link);
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain('name="viewport"');
    expect(formHtml).toContain('#bf0d31');
    expect(formHtml).toContain('prefers-color-scheme: dark');
    expect(formHtml).toContain(`Stop emails of “Order ready” to ${email}?`);
    expect(await suppressed()).toBe(0);

    const done = await oneClick(link, '198.51.100.40');
    const doneHtml = await done.text();
    expect(doneHtml).toContain('Unsubscribed');
    expect(await suppressed()).toBe(1);
    const undo = /action="([^"]*\/api\/unsubscribe\/undo[^"]*)"/.exec(doneHtml)?.[1];
    expect(undo).toBeDefined();

    const again = await api.app.request(undo!.replace(/&#38;/g, '&'), { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(`Emails of “Order ready” go to ${email} again.`);
    expect(await suppressed()).toBe(0);
  });

  it('send a person to their notification settings, and undo turns the email back on', async () => {
    const [buyer] = await api.db
      .select({ Id: users.Id, Email: users.Email })
      .from(users)
      .where(eq(users.CustomerId, acme))
      .limit(1);
    const token = signUnsubscribe(secret, {
      topic: 'order_ready',
      email: buyer!.Email,
      userId: buyer!.Id,
      customerId: acme,
    });
    const done = await oneClick(`/api/unsubscribe?token=${token}`, '198.51.100.41');
    expect(await done.text()).toContain('href="/app/account/notifications"');
    expect((await readSettings(api.db, buyer!.Id)).Choices.order_ready?.email).toBe(false);
    const again = await api.app.request(`/api/unsubscribe/undo?token=${token}`, {
      method: 'POST',
    });
    expect(again.status).toBe(200);
    expect((await readSettings(api.db, buyer!.Id)).Choices.order_ready?.email).toBe(true);
  });

  it('refuse an undo with a link that is not valid, changing nothing', async () => {
    const res = await api.app.request('/api/unsubscribe/undo?token=forged.token', {
      method: 'POST',
      headers: { 'X-Forwarded-For': '198.51.100.42' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This unsubscribe link is not valid.');
  });
});
