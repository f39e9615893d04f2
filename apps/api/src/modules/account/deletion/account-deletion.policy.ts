import { ACCOUNT_DELETION_ERRORS as E, type TripChoice } from '@tripcrew/contracts/account-deletion';
import { AppError } from '../../../platform/errors.ts';
import type { SoleAdminTrip } from '../../trips/index.ts';

/**
 * The rules of deleting one's account (decision 019), in one place: who may, and what the
 * trips they alone administer need first.
 */

/** How recent the sign-in of an account without a password must be (its only proof). */
export const RECENT_SIGN_IN_MINUTES = 15;

const refuse = (code: string, message: string, status: number, field?: string) =>
  new AppError(code, message, status, field ? { field } : {});

/** An account with a password confirms with it. */
export function assertPassword(hasPassword: boolean, given: string | undefined, matches: boolean): void {
  if (!hasPassword) return;
  if (!given)
    throw refuse(E.passwordRequired, 'Enter your password to delete your account.', 400, 'password');
  if (!matches) throw refuse(E.wrongPassword, 'Your password is wrong.', 403, 'password');
}

/**
 * An account without a password (Google or GitHub only) types its email address and must have
 * signed in within the last RECENT_SIGN_IN_MINUTES.
 */
export function assertSocialConfirmation(input: {
  email: string;
  confirmEmail: string | undefined;
  signedInAt: Date | undefined;
  now: Date;
}): void {
  if ((input.confirmEmail ?? '').trim().toLowerCase() !== input.email.toLowerCase()) {
    throw refuse(
      E.confirmationWrong,
      'Type the email address of your account to confirm that you want to delete it.',
      400,
      'confirmEmail',
    );
  }
  const limit = input.now.getTime() - RECENT_SIGN_IN_MINUTES * 60_000;
  if (!input.signedInAt || input.signedInAt.getTime() < limit) {
    throw refuse(
      E.recentSignInRequired,
      `Sign out and sign in again, then delete your account within ${RECENT_SIGN_IN_MINUTES} minutes.`,
      403,
    );
  }
}

/** What happens to each trip the user alone administers. */
export interface TripPlan {
  handOvers: Array<{ tripId: string; toUserId: string }>;
  deletions: string[];
}

/**
 * Every trip the user alone administers that has other members needs a choice: hand it to one
 * of them (any role: the same rule as the trips' own hand-over) or delete it. Trips without
 * other members are deleted. Choices for other trips are ignored: someone else administers them.
 */
export function planTrips(trips: readonly SoleAdminTrip[], choices: readonly TripChoice[]): TripPlan {
  const byTrip = new Map(choices.map((choice) => [choice.tripId.toLowerCase(), choice]));
  const plan: TripPlan = { handOvers: [], deletions: [] };
  for (const trip of trips) {
    if (trip.members.length === 0) {
      plan.deletions.push(trip.tripId);
      continue;
    }
    const choice = byTrip.get(trip.tripId);
    if (!choice) {
      throw refuse(
        E.tripChoiceMissing,
        `You are the only admin of "${trip.tripName}": hand it over to another member or delete it.`,
        400,
        'trips',
      );
    }
    if (choice.action === 'delete') {
      plan.deletions.push(trip.tripId);
      continue;
    }
    const to = choice.toUserId?.toLowerCase();
    if (!to || !trip.members.some((member) => member.userId === to)) {
      throw refuse(
        E.tripChoiceInvalid,
        `"${trip.tripName}" can only be handed over to one of its other members.`,
        400,
        'trips',
      );
    }
    plan.handOvers.push({ tripId: trip.tripId, toUserId: to });
  }
  return plan;
}
