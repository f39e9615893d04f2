import { TRIP_EDITOR_ROLES, type TripRole } from '@tripcrew/contracts/trips';
import { forbidden, notFound } from '../../../platform/errors.ts';

/**
 * The one permission rule of trips (TRIP-11..13), checked on the server by every trip route.
 * The table of route × role is docs/trips-permissions.md.
 *
 * - Non-members may do nothing, and learn nothing: every route answers 404 'Trip not found',
 *   exactly as for a trip that does not exist.
 * - guest and other are read-only for the trip: every trip write answers 403.
 * - member, driver and guide edit name, dates, transport mode, features and the planner.
 * - admin also changes the image (upload or PATCH image), manages members, deletes the trip
 *   and manages its private calendar feed. An admin hands the admin role to another member
 *   (viewer included) in one step, and becomes a member.
 * - The checklist is personal (each member's own ticks, never seen by others), not a trip
 *   write: every member, guest and other included, may read and tick their own.
 * - Any member may leave (remove themselves).
 * - viewer is read-only and sees nothing private: the trip, its features and plan, its calendar
 *   and its shared packing list; no checklist of their own.
 * - admin also manages invite links and the public share link.
 * - The shared packing list is part of the trip, not a private extra: every role, viewer included,
 *   reads it ('trip.read'); every role but viewer adds, edits, assigns, ticks and removes its items
 *   ('packing.edit').
 * - The trip's places of its own (the group's flat, a friend's restaurant) are part of the plan:
 *   every role reads them ('trip.read'); those who edit the trip add, change and remove them
 *   ('places.edit'); guest, other and viewer read them only.
 * - Bookings (flights, the hotel, tickets): every role reads them ('trip.read'); those who edit the
 *   trip add bookings and change or remove those they added ('bookings.add'); an admin changes and
 *   removes every booking ('bookings.edit-any'); guest, other and viewer read them only.
 */
export type TripAction =
  | 'trip.read'
  | 'trip.edit'
  | 'trip.image'
  | 'trip.delete'
  | 'features.edit'
  | 'planner.edit'
  | 'members.manage'
  | 'members.hand-over'
  | 'members.leave'
  | 'checklist.own'
  | 'calendar-feed.manage'
  | 'packing.edit'
  | 'places.edit'
  | 'bookings.add'
  | 'bookings.edit-any'
  | 'invites.manage'
  | 'share.manage';

const EVERY_ROLE: readonly TripRole[] = ['admin', 'member', 'driver', 'guide', 'guest', 'other', 'viewer'];
/** Every role but viewer: those who have private parts of the trip (their checklist). */
const PARTICIPANTS: readonly TripRole[] = EVERY_ROLE.filter((role) => role !== 'viewer');
const ADMIN: readonly TripRole[] = ['admin'];

const ALLOWED: Record<TripAction, readonly TripRole[]> = {
  'trip.read': EVERY_ROLE,
  'trip.edit': TRIP_EDITOR_ROLES,
  'trip.image': ADMIN,
  'trip.delete': ADMIN,
  'features.edit': TRIP_EDITOR_ROLES,
  'planner.edit': TRIP_EDITOR_ROLES,
  'members.manage': ADMIN,
  'members.hand-over': ADMIN,
  'members.leave': EVERY_ROLE,
  'checklist.own': PARTICIPANTS,
  'calendar-feed.manage': ADMIN,
  'packing.edit': PARTICIPANTS,
  'places.edit': TRIP_EDITOR_ROLES,
  'bookings.add': TRIP_EDITOR_ROLES,
  'bookings.edit-any': ADMIN,
  'invites.manage': ADMIN,
  'share.manage': ADMIN,
};

const REFUSALS: Record<TripAction, string> = {
  'trip.read': 'You cannot see this trip.',
  'trip.edit': 'Your role in this trip is read-only: ask an admin to make you a member to edit it.',
  'trip.image': 'Only an admin of the trip can change its image.',
  'trip.delete': 'Only an admin of the trip can delete it.',
  'features.edit': 'Your role in this trip is read-only: you cannot change its features.',
  'planner.edit': 'Your role in this trip is read-only: you cannot change its planner.',
  'members.manage': 'Only an admin of the trip can manage its members.',
  'members.hand-over': 'Only an admin of the trip can hand over the admin role.',
  'members.leave': 'You cannot leave this trip.',
  'checklist.own': 'Your role in this trip is read-only (viewer): you have no checklist in it.',
  'calendar-feed.manage': 'Only an admin of the trip can manage its calendar feed.',
  'packing.edit': 'Your role in this trip is read-only (viewer): you cannot change the packing list.',
  'places.edit': 'Your role in this trip is read-only: you cannot change its places.',
  'bookings.add': 'Your role in this trip is read-only: you cannot add or change its bookings.',
  'bookings.edit-any': 'Only an admin of the trip or the person who added this booking can change it.',
  'invites.manage': 'Only an admin of the trip can manage its invite links.',
  'share.manage': 'Only an admin of the trip can share it publicly.',
};

/** The message of every non-member (and unknown trip) answer: no sign of existence. */
export const TRIP_NOT_FOUND = 'Trip not found';

/** Whether a caller with `role` (null: not a member) may do `action`. */
export function can(role: TripRole | null, action: TripAction): boolean {
  return role !== null && ALLOWED[action].includes(role);
}

/** Throws 404 for non-members (and unknown trips) and 403 when the role lacks the action. */
export function assertTripAccess(role: TripRole | null, action: TripAction): asserts role is TripRole {
  if (role === null) throw notFound(TRIP_NOT_FOUND);
  if (!can(role, action)) throw forbidden(REFUSALS[action]);
}

export const UNDO_REFUSED = 'Only an admin of the trip or the person who made this change can undo it.';

/**
 * The trip's history (decision 035): every member reads it ('trip.read'); a change is undone by
 * its author or an admin, who must also be allowed to make the change itself (its edit action).
 */
export function mayUndo(role: TripRole, userId: string, authorId: string | null): boolean {
  return role === 'admin' || (authorId !== null && authorId === userId);
}
