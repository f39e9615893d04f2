import { api } from '../../../lib/api-client.ts';

import { apiOfflineWrite, apiWrite, type SubmitResult } from '../../../lib/api-write.ts';
import { tripPath } from './trip-keys.ts';

export const checklistPath = (tripId: string): string => `${tripPath(tripId)}/checklist`;

/** GET /core/trips/{id}/checklist: the caller's ticked entries, latest last. */
export async function getTripChecklist(tripId: string): Promise<string[]> {
  // The schema loads beside the request: the trip page's first render waits for no contract chunk.
  const [data, { checklistResponseSchema }] = await Promise.all([
    api.get<unknown>(checklistPath(tripId)),
    import('@tripcrew/contracts/trips'),
  ]);
  const parsed = checklistResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected checklist data');
  return parsed.data.entries;
}

/** PUT /core/trips/{id}/checklist {entries}: replaces the caller's ticked entries. */
export function putTripChecklist(tripId: string, entries: readonly string[]): Promise<unknown> {
  return apiWrite<unknown>('PUT', checklistPath(tripId), { entries });
}

/** The PUT through the offline queue (decision 016): sent now, or kept and replayed in order. */
export function saveTripChecklist(
  tripId: string,
  entries: readonly string[],
  label: string,
): Promise<SubmitResult> {
  return apiOfflineWrite({ method: 'PUT', path: checklistPath(tripId), body: { entries }, label });
}

/** What a change of the ticked entries did, for a notice: 'tick “Passport”', 'untick “Tent”'. */
export function checklistChangeName(before: readonly string[], after: readonly string[]): string {
  const ticked = after.filter((entry) => !before.includes(entry));
  const unticked = before.filter((entry) => !after.includes(entry));
  const names = (list: string[]) => list.map((entry) => `“${entry}”`).join(', ');
  const parts = [
    ...(ticked.length > 0 ? [`tick ${names(ticked)}`] : []),
    ...(unticked.length > 0 ? [`untick ${names(unticked)}`] : []),
  ];
  return parts.length > 0 ? parts.join(' and ') : 'reorder the checklist';
}
