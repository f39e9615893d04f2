import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { notifications, type NotificationRow } from './notifications.table.ts';

export type NewNotificationRow = typeof notifications.$inferInsert;

/** The user's notifications, newest first (a refreshed chat notification counts as new). */
/**
 * A page of the user's notifications with the counts of all of them, in one prepared statement
 * (the window counts run before the offset and limit).
 */
const pageQuery = preparedQuery((db) =>
  db
    .select({
      row: notifications,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      unseen: sql<number>`count(*) filter (where ${notifications.seen} = false) over ()`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .offset(sql.placeholder('skip'))
    .limit(sql.placeholder('limit'))
    .prepare('notifications_page'),
);

export async function findNotificationsPage(
  db: Db,
  userId: string,
  page: { skip: number; limit: number },
): Promise<{ rows: NotificationRow[]; total: number; unseen: number }> {
  const found = await pageQuery(db).execute({ userId, skip: page.skip, limit: page.limit });
  const first = found[0];
  // A page past the end has no rows to carry the counts: ask for them alone.
  if (!first) return { rows: [], ...(await countNotifications(db, userId)) };
  return { rows: found.map((r) => r.row), total: first.total, unseen: first.unseen };
}

export async function countNotifications(db: Db, userId: string): Promise<{ total: number; unseen: number }> {
  const [row] = await db
    .select({
      total: count(),
      unseen: sql<number>`count(*) filter (where ${notifications.seen} = false)`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { total: row?.total ?? 0, unseen: row?.unseen ?? 0 };
}

/** Marks one of the user's notifications seen; undefined when it is not theirs (or does not exist). */
export async function markNotificationSeen(
  db: Db,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ seen: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function insertNotifications(db: Db, rows: NewNotificationRow[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

/**
 * The one unseen notification of a user for a chat (NOTIF-08): inserted, or, when an unseen one
 * exists, refreshed in place (text and created_at), through the partial unique index
 * notifications_unseen_chat. Race-safe: concurrent messages end in one row.
 */
export async function upsertChatNotification(
  db: Db,
  row: NewNotificationRow & { chatId: string },
): Promise<NotificationRow | undefined> {
  const [saved] = await db
    .insert(notifications)
    .values(row)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.chatId],
      targetWhere: sql`${notifications.seen} = false and ${notifications.chatId} is not null`,
      set: {
        kind: row.kind,
        title: row.title,
        short: row.short,
        message: row.message,
        refUserId: row.refUserId ?? null,
        createdAt: sql`now()`,
      },
    })
    .returning();
  return saved;
}

/**
 * Account deletion (decision 019): the notifications of others that point at this user (their
 * crew request, their message, what they did in a trip) go with the account; the user's own go
 * by the foreign key.
 */
export async function deleteNotificationsAbout(db: Db, userId: string): Promise<void> {
  await db.delete(notifications).where(eq(notifications.refUserId, userId));
}
