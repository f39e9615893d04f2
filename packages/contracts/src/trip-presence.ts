import { z } from 'zod';
import { lineText } from './common.ts';

/**
 * Live presence on a trip (issue 35, "a group that sees each other"): who has the trip page open
 * now and which item each of them is editing. A page announces itself with a heartbeat
 * (PUT /core/trips/{id}/presence) about every 20 s while it is visible, and when an
 * editor opens or closes; it leaves with DELETE. A member counts as present while their last
 * heartbeat is younger than PRESENCE_WINDOW_MS; older rows simply stop counting.
 */
export const PRESENCE_WINDOW_MS = 45_000;

/** The kinds of item an editor may be open on: `<kind>:<item id>`. */
export const PRESENCE_ITEM_KINDS = ['packing-item', 'planner-item', 'trip-place', 'booking'] as const;
export type PresenceItemKind = (typeof PRESENCE_ITEM_KINDS)[number];

/** The longest editing key: the longest kind, a colon and a UUID. */
export const PRESENCE_EDITING_MAX = 64;

const EDITING_KEY = new RegExp(
  `^(${PRESENCE_ITEM_KINDS.join('|')}):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`,
  'i',
);

/** The key of what an editor is open on, e.g. `packing-item:<uuid>` (lower-cased). */
export const presenceEditingSchema = lineText(undefined, { trim: false })
  .max(PRESENCE_EDITING_MAX, `An editing key has at most ${PRESENCE_EDITING_MAX} characters`)
  .regex(EDITING_KEY, `Name what you edit as ${PRESENCE_ITEM_KINDS.join(' or ')}, a colon and its id`)
  .transform((key) => key.toLowerCase());

/** PUT /core/trips/{id}/presence: the heartbeat, with what the caller is editing (null: nothing). */
export const announcePresenceBodySchema = z.strictObject({
  editing: presenceEditingSchema.nullable(),
});
export type AnnouncePresenceBody = z.input<typeof announcePresenceBodySchema>;

/** A member who has the trip page open now. */
export const presentMemberSchema = z.object({
  _id: z.string().describe('the user id'),
  name: z.string(),
  lastName: z.string(),
  image: z.object({ thumbnail: z.string().nullable() }),
  editing: z.string().nullable().describe('the key of the item their editor is open on, or null'),
  seenAt: z.string().describe('their last heartbeat (ISO date-time)'),
});
export type PresentMember = z.infer<typeof presentMemberSchema>;

/** GET and PUT /core/trips/{id}/presence: the OTHER members present now (never the caller), in the member list's order. */
export const tripPresenceSchema = z.array(presentMemberSchema);
export type TripPresence = z.infer<typeof tripPresenceSchema>;
