import { Pencil } from 'lucide-react';
import { useEffect } from 'react';
import { type PresenceItemKind, presenceKey, usePresentMembers } from '../../api/trip-presence.ts';
import { startEditing } from '../../api/trip-presence-editing.ts';
import { editingLabel } from './presence-names.ts';

/**
 * "Ben is editing" (issue 35): the two pieces an item editor needs to show who else is editing.
 *
 * Usage, e.g. in the planner's note editor (the trip page already runs the heartbeat, through
 * useTripPresence in its header):
 *
 *   import { EditingBadge, editingKey, useEditingPresence } from '../presence/editing-presence.tsx';
 *
 *   const key = editingKey('planner-item', item._id);
 *   // In the editor: announces "I am editing this item" while the editor is mounted.
 *   useEditingPresence(tripId, key);
 *   // Beside the item (its row and/or its editor): "Ben is editing", or nothing.
 *   <EditingBadge tripId={tripId} itemKey={key} />
 *
 * The server takes the kinds of PRESENCE_ITEM_KINDS (packages/contracts/src/trip-presence.ts);
 * add a kind there for a new kind of item.
 */

/** The key of an item for the two below: `packing-item:<id>`, `planner-item:<id>`. */
export const editingKey = (kind: PresenceItemKind, itemId: string): string => presenceKey(kind, itemId);

/**
 * Announces to the other members that this tab's user is editing `itemKey` on the trip, from mount
 * to unmount (null: nothing). Sent with the next heartbeat, at once.
 */
export function useEditingPresence(tripId: string, itemKey: string | null): void {
  useEffect(() => (itemKey === null ? undefined : startEditing(tripId, itemKey)), [tripId, itemKey]);
}

/** The OTHER members editing `itemKey` now (never the caller). */
export function useItemEditors(tripId: string, itemKey: string) {
  return usePresentMembers(tripId).filter((member) => member.editing === itemKey);
}

interface EditingBadgeProps {
  tripId: string;
  itemKey: string;
  className?: string;
}

/** "Ben is editing", "Ben and Carla are editing" on an item; nothing when nobody else edits it. */
export function EditingBadge({ tripId, itemKey, className }: EditingBadgeProps) {
  const editors = useItemEditors(tripId, itemKey);
  if (editors.length === 0) return null;
  return (
    <p
      data-testid="editing-badge"
      className={`flex min-w-0 items-center gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300 ${className ?? ''}`}
    >
      <Pencil aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="min-w-0 truncate">{editingLabel(editors)}</span>
    </p>
  );
}
