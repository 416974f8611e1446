/**
 * The SQL of notifications: a person's own list (keyset, newest first), the unread count, marking
 * read. Every query is bound to the caller's user id: nobody reads or marks another's.
 */
import { and, count, desc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { describeNotification, type NotificationTopic } from '../../shared/notifications';
import type { NotificationRow } from '../../shared/schemas/notifications';
import type { Db } from '../db/database';
import { events, notifications } from '../db/schema';
import { decodeCursor, encodeCursor } from '../http/pagination';
import { z } from 'zod';
import type { Page, PageRequest } from '../db/keyset';

const cursorKey = z.number().int().positive();

export async function listNotifications(
  db: Db,
  userId: number,
  { limit, cursor }: PageRequest,
): Promise<Page<NotificationRow>> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor, cursorKey);
  const found = await db
    .select({
      Id: notifications.Id,
      Topic: notifications.Topic,
      ReadAt: notifications.ReadAt,
      At: events.At,
      Data: events.Data,
      SubjectEntity: events.SubjectEntity,
      SubjectId: events.SubjectId,
    })
    .from(notifications)
    .innerJoin(events, eq(events.Id, notifications.EventId))
    .where(
      and(
        eq(notifications.UserId, userId),
        after === undefined ? undefined : lt(notifications.Id, after),
      ),
    )
    .orderBy(desc(notifications.Id))
    .limit(limit + 1);
  const rows = found.slice(0, limit).map((row): NotificationRow => {
    const words = describeNotification(
      row.Topic as NotificationTopic,
      (row.Data ?? {}) as Record<string, unknown>,
      { entity: row.SubjectEntity, id: row.SubjectId },
    );
    return {
      Id: row.Id,
      Topic: row.Topic,
      Title: words.title,
      Body: words.body,
      Link: words.link,
      At: row.At.toISOString(),
      Read: row.ReadAt !== null,
    };
  });
  const last = rows.at(-1);
  return {
    rows,
    nextCursor: found.length > limit && last ? encodeCursor(last.Id) : null,
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.UserId, userId), isNull(notifications.ReadAt)));
  return row?.n ?? 0;
}

/** Marks one of the person's notifications read; false when they have none of that id. */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const found = await db
    .update(notifications)
    .set({ ReadAt: sql`coalesce(${notifications.ReadAt}, now())` })
    .where(and(eq(notifications.Id, id), eq(notifications.UserId, userId)))
    .returning({ Id: notifications.Id });
  return found.length > 0;
}

export async function markAllRead(db: Db, userId: number, upToId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ ReadAt: sql`now()` })
    .where(
      and(
        eq(notifications.UserId, userId),
        isNull(notifications.ReadAt),
        lte(notifications.Id, upToId),
      ),
    );
}
