import { TRIP_EDITOR_ROLES, type TripRole } from '@tripcrew/contracts/constants';

/** What the caller's role allows on the trip screen (the server checks again: TRIP-12). */
export interface TripPermissions {
  /** Name, dates, transport, features, planner and checklist. */
  canEdit: boolean;
  /** Cover image, members, delete, calendar feed. */
  isAdmin: boolean;
}

export function tripPermissions(role: TripRole | null | undefined): TripPermissions {
  return {
    canEdit: role !== null && role !== undefined && TRIP_EDITOR_ROLES.includes(role),
    isAdmin: role === 'admin',
  };
}
