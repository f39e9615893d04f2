import { checklistResponseSchema } from '@tripcrew/contracts/trips';
import { api } from '../../../lib/api-client.ts';
import { tripPath } from './trip-keys.ts';

const checklistPath = (tripId: string): string => `${tripPath(tripId)}/checklist`;

/** GET /core/trips/{id}/checklist: the caller's ticked entries, latest last. */
export async function getTripChecklist(tripId: string): Promise<string[]> {
  const parsed = checklistResponseSchema.safeParse(await api.get<unknown>(checklistPath(tripId)));
  if (!parsed.success) throw new Error('Unexpected checklist data');
  return parsed.data.entries;
}

/** PUT /core/trips/{id}/checklist {entries}: replaces the caller's ticked entries. */
export function putTripChecklist(tripId: string, entries: readonly string[]): Promise<unknown> {
  return api.put<unknown>(checklistPath(tripId), { entries });
}
