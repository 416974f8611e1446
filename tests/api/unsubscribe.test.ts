/**
 * The one-click unsubscribe link of notification emails (RFC 8058) under load from one address.
 * Mail providers post those for their users from a few shared servers, so many genuine
 * unsubscribes come from one address: none may be refused. What is limited per address is what a
 * script guessing tokens produces, links that fail verification.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSuppressions } from '../../src/server/db/schema';
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
