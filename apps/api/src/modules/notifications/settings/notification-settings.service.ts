import type {
  EmailTopic,
  NotificationSettings,
  NotificationSettingsPatch,
} from '@tripcrew/contracts/notifications';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { userAccounts } from '../../users/index.ts';
import { readUnsubscribeToken } from '../core/notification-mails.ts';
import { findSettings, saveSettings, type SettingsColumns } from './notification-settings.repository.ts';

/** The profile's notification settings and the one-click unsubscribe of the mails. */

function toSettings(columns: SettingsColumns): NotificationSettings {
  return {
    trips: { inApp: columns.tripsInApp, email: columns.tripsEmail },
    crew: { inApp: columns.crewInApp },
    messages: { email: columns.messagesEmail },
  };
}

function toColumns(patch: NotificationSettingsPatch): Partial<SettingsColumns> {
  const columns: Partial<SettingsColumns> = {};
  if (patch.trips?.inApp !== undefined) columns.tripsInApp = patch.trips.inApp;
  if (patch.trips?.email !== undefined) columns.tripsEmail = patch.trips.email;
  if (patch.crew?.inApp !== undefined) columns.crewInApp = patch.crew.inApp;
  if (patch.messages?.email !== undefined) columns.messagesEmail = patch.messages.email;
  return columns;
}

const TOPIC_COLUMN: Record<EmailTopic, keyof SettingsColumns> = {
  trips: 'tripsEmail',
  messages: 'messagesEmail',
};

export function createNotificationSettingsService(deps: { db: Db; secret: string }) {
  const { db, secret } = deps;
  return {
    async get(userId: string): Promise<NotificationSettings> {
      const found = (await findSettings(db, [userId])).get(userId.toLowerCase());
      if (!found) throw new Error('settings lookup lost the user');
      return toSettings(found);
    },

    async update(userId: string, patch: NotificationSettingsPatch): Promise<NotificationSettings> {
      const columns = toColumns(patch);
      if (Object.keys(columns).length === 0) throw badRequest('Nothing to change: name a setting');
      return toSettings(await saveSettings(db, userId, columns));
    },

    /** One click from a mail: that topic's mails stop. Repeating it is harmless. */
    async unsubscribe(token: string): Promise<{ topic: EmailTopic }> {
      const read = readUnsubscribeToken(secret, token);
      if (!read) {
        throw badRequest(
          'This unsubscribe link is not valid. Change your email settings in your profile.',
          'token',
        );
      }
      if (!(await userAccounts.findById(db, read.userId))) throw notFound('This account no longer exists.');
      await saveSettings(db, read.userId, { [TOPIC_COLUMN[read.topic]]: false });
      return { topic: read.topic };
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
