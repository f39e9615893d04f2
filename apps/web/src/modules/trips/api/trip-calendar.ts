import { api } from '../../../lib/api-client.ts';
import { apiWrite } from '../../../lib/api-write.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CalendarFeed, calendarFeedSchema } from '@tripcrew/contracts/trips';

import { saveBlob } from '../../../lib/download-file.ts';
import { tripKeys, tripPath } from './trip-keys.ts';

export const calendarPath = (tripId: string): string => `${tripPath(tripId)}/calendar.ics`;
const feedPath = (tripId: string): string => `${tripPath(tripId)}/calendar-feed`;

/** GET /core/trips/{id}/calendar.ics through the API client (it needs the bearer token), as a Blob. */
export async function fetchCalendar(tripId: string): Promise<Blob> {
  const text = await api.get<unknown>(calendarPath(tripId), { headers: { Accept: 'text/calendar' } });
  const body = typeof text === 'string' ? text : JSON.stringify(text);
  return new Blob([body], { type: 'text/calendar;charset=utf-8' });
}

export async function downloadCalendar(tripId: string, fileName = 'trip.ics'): Promise<void> {
  saveBlob(await fetchCalendar(tripId), fileName);
}

export type { CalendarFeed };

function parseFeed(data: unknown): CalendarFeed {
  const parsed = calendarFeedSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected calendar feed data');
  return parsed.data;
}

const NO_FEED: CalendarFeed = { url: null, active: false, createdAt: null };

/** GET /core/trips/{id}/calendar-feed: whether the trip has a private feed (its URL is shown only when made). */
export async function getCalendarFeed(tripId: string): Promise<CalendarFeed> {
  return parseFeed(await api.get<unknown>(feedPath(tripId)));
}

export const calendarFeedQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: tripKeys.calendarFeed(tripId),
    queryFn: () => getCalendarFeed(tripId),
    retry: false,
  });

/** The feed (admins only: `enabled`), with create or rotate (POST: the answer holds the URL) and revoke (DELETE). */
export function useCalendarFeed(tripId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = tripKeys.calendarFeed(tripId);
  const query = useQuery({ ...calendarFeedQueryOptions(tripId), enabled });
  const create = useMutation({
    mutationFn: async () => parseFeed(await apiWrite<unknown>('POST', feedPath(tripId))),
    onSuccess: (feed) => queryClient.setQueryData(key, feed),
  });
  const revoke = useMutation({
    mutationFn: async () => {
      await apiWrite<unknown>('DELETE', feedPath(tripId));
    },
    onSuccess: () => queryClient.setQueryData(key, NO_FEED),
  });
  return { query, create, revoke };
}
