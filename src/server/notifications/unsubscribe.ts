/**
 * One-click unsubscribe (RFC 8058) for notification emails: each email's List-Unsubscribe names a
 * link that stops that kind of email for that recipient, without signing in (a mail program posts
 * to it for the person). The link carries what it stops, signed with the server's secret, so it
 * cannot be forged to stop anyone else's emails.
 *
 * A person's link turns the topic's email off in their settings; a notice address of a customer
 * (EmailAddresses), which has no settings, is suppressed for that topic of that customer's emails.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { NotificationTopic } from '../../shared/notifications';
import { NOTIFICATION_TOPICS } from '../../shared/notifications';
import type { Db } from '../db/database';
import { emailSuppressions } from '../db/schema';
import { keptServerValue } from '../db/server-keys';
import { readSettings, writeSettings } from './settings-queries';

export interface UnsubscribeClaim {
  topic: NotificationTopic;
  email: string;
  /** The person, when the address is someone's login. */
  userId: number | null;
  /** The customer whose notice list holds the address, for an address of nobody's login. */
  customerId: number | null;
}

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64url');

export function signUnsubscribe(secret: string, claim: UnsubscribeClaim): string {
  const body = Buffer.from(
    JSON.stringify([claim.topic, claim.email, claim.userId, claim.customerId]),
  ).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The claim of a genuine token; null for anything forged, changed or malformed. */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeClaim | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [topic, email, userId, customerId] = JSON.parse(
      Buffer.from(body, 'base64url').toString('utf8'),
    ) as unknown[];
    if (typeof topic !== 'string' || !(topic in NOTIFICATION_TOPICS)) return null;
    if (typeof email !== 'string') return null;
    const idOrNull = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
    return {
      topic: topic as NotificationTopic,
      email,
      userId: idOrNull(userId),
      customerId: idOrNull(customerId),
    };
  } catch {
    return null;
  }
}

export const unsubscribeSecret = (db: Db): Promise<string> =>
  keptServerValue(db, 'unsubscribe', () => randomBytes(32).toString('base64url'));

/**
 * Stops the claimed emails: the topic's email turned off in the person's settings, or the address
 * suppressed for the customer. Saying it twice is harmless.
 */
export async function applyUnsubscribe(db: Db, claim: UnsubscribeClaim): Promise<void> {
  if (claim.userId !== null) {
    // A concurrent change of the settings makes the versioned write stale: read and try again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await readSettings(db, claim.userId);
      const choices = {
        ...current.Choices,
        [claim.topic]: { ...current.Choices[claim.topic], email: false },
      };
      if (await writeSettings(db, claim.userId, current.Version, choices)) return;
    }
    throw new Error('The settings kept changing; try again.');
  }
  if (claim.customerId !== null) {
    await db
      .insert(emailSuppressions)
      .values({
        CustomerId: claim.customerId,
        Email: claim.email.trim().toLowerCase(),
        Topic: claim.topic,
      })
      .onConflictDoNothing();
  }
}

/**
 * Undoes `applyUnsubscribe`: the topic's email on again in the person's settings, or the
 * address's suppression lifted. Saying it twice is harmless too.
 */
export async function undoUnsubscribe(db: Db, claim: UnsubscribeClaim): Promise<void> {
  if (claim.userId !== null) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await readSettings(db, claim.userId);
      const choices = {
        ...current.Choices,
        [claim.topic]: { ...current.Choices[claim.topic], email: true },
      };
      if (await writeSettings(db, claim.userId, current.Version, choices)) return;
    }
    throw new Error('The settings kept changing; try again.');
  }
  if (claim.customerId !== null) {
    await db
      .delete(emailSuppressions)
      .where(
        and(
          eq(emailSuppressions.CustomerId, claim.customerId),
          eq(emailSuppressions.Email, claim.email.trim().toLowerCase()),
          eq(emailSuppressions.Topic, claim.topic),
        ),
      );
  }
}
