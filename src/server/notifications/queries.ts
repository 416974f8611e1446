/**
 * The SQL of notifications: a person's own list (keyset, newest first), the unread count, marking
 * read. Every query is bound to the caller's user id: nobody reads or marks another's.
 */
import { and, count, eq, isNull, lte, sql } from 'drizzle-orm';
import { describeNotification, type NotificationTopic } from '../../shared/notifications';
import type { NotificationRow } from '../../shared/schemas/notifications';
import type { Db } from '../db/database';
import {
  keysetAfterCursor,
  keysetOrder,
  keysetPage,
  type Keyset,
  type Page,
  type PageRequest,
} from '../db/keyset';
import { events, notifications } from '../db/schema';

/** Newest first: by id, which is unique and given in the order notifications are made. */
const NEWEST_FIRST: Keyset = { columns: [notifications.Id], descending: true };
const LIST_SORT = 'notifications';

export async function listNotifications(
  db: Db,
  userId: number,
  { limit, cursor }: PageRequest,
): Promise<Page<NotificationRow>> {
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
      and(eq(notifications.UserId, userId), keysetAfterCursor(cursor, LIST_SORT, NEWEST_FIRST)),
    )
    .orderBy(...keysetOrder(NEWEST_FIRST))
    .limit(limit + 1);
  const page = keysetPage(found, limit, LIST_SORT, (row) => [row.Id]);
  const rows = page.rows.map((row): NotificationRow => {
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
  return { rows, nextCursor: page.nextCursor };
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
