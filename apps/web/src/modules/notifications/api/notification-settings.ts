import { api } from '../../../lib/api-client.ts';
import { apiWrite } from '../../../lib/api-write.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EmailTopic,
  type NotificationSettings,
  type NotificationSettingsPatch,
  notificationSettingsSchema,
  unsubscribeResultSchema,
} from '@tripcrew/contracts/notifications';

import { notificationKeys } from './notification-keys.ts';

export type { NotificationSettings, NotificationSettingsPatch, EmailTopic };

const SETTINGS_PATH = '/users/notification-settings';
const settingsKey = [...notificationKeys.all, 'settings'] as const;

function parseSettings(data: unknown): NotificationSettings {
  const parsed = notificationSettingsSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected notification settings');
  return parsed.data;
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () => parseSettings(await api.get<unknown>(SETTINGS_PATH)),
  });
}

/** A switch flips at once; the server's answer replaces it, a refusal puts it back. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: NotificationSettingsPatch) =>
      parseSettings(await apiWrite<unknown>('PATCH', SETTINGS_PATH, patch)),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const previous = queryClient.getQueryData<NotificationSettings>(settingsKey);
      if (previous) {
        queryClient.setQueryData<NotificationSettings>(settingsKey, {
          trips: { ...previous.trips, ...patch.trips },
          crew: { ...previous.crew, ...patch.crew },
          messages: { ...previous.messages, ...patch.messages },
        });
      }
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKey, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/** The one-click unsubscribe of a mail's link (no sign-in needed). */
export async function unsubscribe(token: string): Promise<EmailTopic> {
  const data = await apiWrite<unknown>(
    'POST',
    `/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
  );
  const parsed = unsubscribeResultSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected answer');
  return parsed.data.topic;
}
