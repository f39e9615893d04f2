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

/** What one device ticked and unticked since it last heard from the server. */
export interface ChecklistChange {
  tick: string[];
  untick: string[];
}

/** The change from `before` to `after` (a reorder alone changes nothing). */
export function checklistChange(before: readonly string[], after: readonly string[]): ChecklistChange {
  return {
    tick: after.filter((entry) => !before.includes(entry)),
    untick: before.filter((entry) => !after.includes(entry)),
  };
}

/** `change` applied to `entries` as the server applies it: unticked ones go, new ticks go last. */
export function applyChecklistChange(entries: readonly string[], change: ChecklistChange): string[] {
  return [
    ...entries.filter((entry) => !change.untick.includes(entry)),
    ...change.tick.filter((entry) => !entries.includes(entry)),
  ];
}

/**
 * PATCH /core/trips/{id}/checklist {tick, untick} through the offline queue (decision 016): sent
 * now, or kept and replayed in order. The server applies it to the list as it is then, so a
 * device that was offline never unticks what another device ticked meanwhile.
 */
export function saveChecklistChange(
  tripId: string,
  change: ChecklistChange,
  label: string,
): Promise<SubmitResult> {
  return apiOfflineWrite({ method: 'PATCH', path: checklistPath(tripId), body: change, label });
}

/** The same PATCH sent now (the first push of ticks made before the list was ever saved). */
export function sendChecklistChange(tripId: string, change: ChecklistChange): Promise<unknown> {
  return apiWrite<unknown>('PATCH', checklistPath(tripId), change);
}

/** The entries of a checklist answer, or null when it is not one. */
export function entriesOf(data: unknown): string[] | null {
  if (typeof data !== 'object' || data === null || !('entries' in data)) return null;
  const { entries } = data;
  return Array.isArray(entries) && entries.every((entry) => typeof entry === 'string') ? entries : null;
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
