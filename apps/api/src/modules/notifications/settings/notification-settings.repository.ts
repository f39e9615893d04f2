import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notificationSettings, type NotificationSettingsRow } from './notification-settings.table.ts';

/** SQL of the notification settings. No row is the defaults. */

export type SettingsColumns = Omit<NotificationSettingsRow, 'userId' | 'updatedAt'>;

export const DEFAULT_SETTINGS: SettingsColumns = {
  tripsInApp: true,
  tripsEmail: true,
  crewInApp: true,
  messagesEmail: true,
};

/** The settings of each user asked for (the defaults for users without a row). */
export async function findSettings(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, SettingsColumns>> {
  const found = new Map<string, SettingsColumns>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select()
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, [...userIds]));
  for (const { userId, updatedAt: _updatedAt, ...columns } of rows) found.set(userId.toLowerCase(), columns);
  for (const id of userIds) if (!found.has(id.toLowerCase())) found.set(id.toLowerCase(), DEFAULT_SETTINGS);
  return found;
}

export async function saveSettings(
  db: Db,
  userId: string,
  patch: Partial<SettingsColumns>,
): Promise<SettingsColumns> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ ...DEFAULT_SETTINGS, ...patch, userId })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { ...patch, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('the notification settings were not saved');
  const { userId: _userId, updatedAt: _updatedAt, ...columns } = row;
  return columns;
}
