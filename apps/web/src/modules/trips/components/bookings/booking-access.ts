import type { TripRole } from '@tripcrew/contracts/constants';
import type { TripBooking } from '../../api/trip-bookings.ts';
import { tripPermissions } from '../trip-roles.ts';

/**
 * Whether the caller may change and remove a booking: an admin any, an editor those they added
 * (the server decides again: 'bookings.edit-any' of the trips policy).
 */
export function mayManageBooking(
  role: TripRole | null | undefined,
  userId: string | null,
  booking: Pick<TripBooking, 'createdBy'>,
): boolean {
  const { canEdit, isAdmin } = tripPermissions(role);
  return isAdmin || (canEdit && userId !== null && booking.createdBy === userId);
}
