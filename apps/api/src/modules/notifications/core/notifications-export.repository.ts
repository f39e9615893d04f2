import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications, type NotificationRow } from './notifications.table.ts';

/** Every notification of the user, oldest first (for the data export). */
export async function findAllNotificationsOf(db: Db, userId: string): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}
