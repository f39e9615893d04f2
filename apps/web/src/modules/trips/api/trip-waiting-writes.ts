import { isRecord } from '../../../lib/api-error.ts';
import { useWaitingWrite, type WaitingWrite } from '../../../lib/use-waiting-write.ts';
import { checklistPath } from './trip-checklist.ts';
import { tripPath } from './trip-keys.ts';
import { updateTripPath } from './update-trip.ts';

/**
 * What of a trip waits in the offline queue (issue 35): each edit made offline is marked on the
 * page it was made on — a planner item or note, a packing item, a place, the checklist, the trip's name
 * or dates — until it is sent.
 */

const bodyId = (write: WaitingWrite): unknown => (isRecord(write.body) ? write.body._id : undefined);

/** A planner item moved, edited or (a note) added offline. */
export function usePlannerItemWaiting(tripId: string, itemId: string): boolean {
  const item = `${tripPath(tripId)}/planner/items/${encodeURIComponent(itemId)}`;
  const notes = `${tripPath(tripId)}/planner/notes`;
  return useWaitingWrite(
    (write) =>
      write.path === item ||
      write.path === `${item}/move` ||
      (write.method === 'POST' && write.path === notes && bodyId(write) === itemId),
  );
}

/** A packing item added or changed offline. */
export function usePackingItemWaiting(tripId: string, itemId: string): boolean {
  const list = `${tripPath(tripId)}/packing`;
  return useWaitingWrite(
    (write) =>
      write.path === `${list}/${encodeURIComponent(itemId)}` ||
      (write.method === 'POST' && write.path === list && bodyId(write) === itemId),
  );
}

/** A place of the trip's own added offline. */
export function useTripPlaceWaiting(tripId: string, placeId: string): boolean {
  const list = `${tripPath(tripId)}/places`;
  return useWaitingWrite(
    (write) => write.method === 'POST' && write.path === list && bodyId(write) === placeId,
  );
}

/** Ticks of the checklist made offline. */
export function useChecklistWaiting(tripId: string): boolean {
  const path = checklistPath(tripId);
  return useWaitingWrite((write) => write.path === path);
}

/** A change of the trip's `fields` (its name, its dates) made offline. */
export function useTripFieldsWaiting(tripId: string, fields: readonly string[]): boolean {
  const path = updateTripPath(tripId);
  return useWaitingWrite(
    (write) =>
      write.path === path && isRecord(write.body) && fields.some((field) => field in (write.body as object)),
  );
}
