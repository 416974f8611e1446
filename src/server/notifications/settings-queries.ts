/**
 * The SQL of a person's notification settings and push devices. Every query is bound to the
 * caller's user id: nobody reads or changes another's choices or devices.
 */
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { NotificationChoices } from '../../shared/notifications';
import type {
  NotificationSettings,
  PushSubscriptionInput,
  PushSubscriptionRow,
} from '../../shared/schemas/notifications';
import type { Db } from '../db/database';
import { notificationPreferences, pushSubscriptions } from '../db/schema';

export async function readSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const [row] = await db
    .select({ Choices: notificationPreferences.Choices, Version: notificationPreferences.Version })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.UserId, userId));
  return row
    ? { Choices: row.Choices as NotificationChoices, Version: row.Version }
    : { Choices: {}, Version: 0 };
}

/**
 * Saves the choices if `version` is the one in force (0: never saved); null when it is stale, so
 * two tabs never overwrite each other silently.
 */
export async function writeSettings(
  db: Db,
  userId: number,
  version: number,
  choices: NotificationChoices,
): Promise<NotificationSettings | null> {
  const saved =
    version === 0
      ? await db
          .insert(notificationPreferences)
          .values({ UserId: userId, Choices: choices, Version: 1 })
          .onConflictDoNothing()
          .returning()
      : await db
          .update(notificationPreferences)
          .set({
            Choices: choices,
            Version: sql`${notificationPreferences.Version} + 1`,
            LastUpdatedDate: sql`now()`,
          })
          .where(
            and(
              eq(notificationPreferences.UserId, userId),
              eq(notificationPreferences.Version, version),
            ),
          )
          .returning();
  const row = saved[0];
  return row ? { Choices: row.Choices as NotificationChoices, Version: row.Version } : null;
}

const toRow = (row: typeof pushSubscriptions.$inferSelect): PushSubscriptionRow => ({
  Id: row.Id,
  Endpoint: row.Endpoint,
  Device: row.Device,
  CreatedDate: row.CreatedDate.toISOString(),
});

export async function listDevices(db: Db, userId: number): Promise<PushSubscriptionRow[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.UserId, userId))
    .orderBy(asc(pushSubscriptions.Id));
  return rows.map(toRow);
}

/**
 * Devices a person may have push on at once (docs/decisions/036): more than anyone uses (a phone,
 * a tablet, a few computers and browsers), few enough that one person cannot have the server post
 * each notice to hundreds of endpoints.
 */
export const MAX_DEVICES = 10;

/**
 * Registers the device, or refreshes its keys when the person registers it again. `foreign`: the
 * endpoint is registered to someone else, and stays theirs. A new device beyond MAX_DEVICES
 * replaces the person's oldest: a browser that was reset or uninstalled never says so, so old
 * rows are the likeliest dead, and refusing the new one would leave the person without push on
 * the device in their hand.
 */
export async function saveDevice(
  db: Db,
  userId: number,
  input: PushSubscriptionInput,
  device: string,
): Promise<{ row: PushSubscriptionRow; created: boolean } | { foreign: true }> {
  const [inserted] = await db
    .insert(pushSubscriptions)
    .values({
      UserId: userId,
      Endpoint: input.endpoint,
      P256dh: input.keys.p256dh,
      Auth: input.keys.auth,
      Device: device,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.UserId, userId),
          notInArray(
            pushSubscriptions.Id,
            db
              .select({ Id: pushSubscriptions.Id })
              .from(pushSubscriptions)
              .where(eq(pushSubscriptions.UserId, userId))
              .orderBy(desc(pushSubscriptions.Id))
              .limit(MAX_DEVICES),
          ),
        ),
      );
    return { row: toRow(inserted), created: true };
  }
  const [updated] = await db
    .update(pushSubscriptions)
    .set({ P256dh: input.keys.p256dh, Auth: input.keys.auth, Device: device })
    .where(
      and(eq(pushSubscriptions.Endpoint, input.endpoint), eq(pushSubscriptions.UserId, userId)),
    )
    .returning();
  return updated ? { row: toRow(updated), created: false } : { foreign: true };
}

export async function removeDevice(db: Db, userId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.Id, id), eq(pushSubscriptions.UserId, userId)))
    .returning({ Id: pushSubscriptions.Id });
  return removed.length > 0;
}
