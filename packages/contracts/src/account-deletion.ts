import { z } from 'zod';
import { idSchema, lineText } from './common.ts';
import { tripRoleSchema } from './trips.ts';

/**
 * Deleting one's account (issue 22, decision 019): GET /account/deletion says what has to be
 * decided first; POST /account/delete does it.
 */

/** The most trips one deletion request may name (far above any real account). */
export const ACCOUNT_DELETION_MAX_TRIPS = 500;

/** The error codes of POST /account/delete the web app acts on. */
export const ACCOUNT_DELETION_ERRORS = {
  wrongPassword: 'WRONG_PASSWORD',
  passwordRequired: 'PASSWORD_REQUIRED',
  confirmationWrong: 'CONFIRMATION_WRONG',
  recentSignInRequired: 'RECENT_SIGN_IN_REQUIRED',
  tripChoiceMissing: 'TRIP_CHOICE_MISSING',
  tripChoiceInvalid: 'TRIP_CHOICE_INVALID',
  /** The second factor (TOTP) is on and the code is missing or wrong: show the code field. */
  twoFactorRequired: 'TWO_FACTOR_CODE_REQUIRED',
  twoFactorWrong: 'TWO_FACTOR_CODE_WRONG',
  twoFactorUsed: 'TWO_FACTOR_CODE_USED',
} as const;

/** A trip the user is the only admin of: the other members are the people it can go to. */
export const soleAdminTripSchema = z.object({
  tripId: z.string(),
  tripName: z.string(),
  /** Empty: nobody else is in the trip, so it is deleted with the account. */
  members: z.array(
    z.object({ _id: z.string(), name: z.string(), lastName: z.string(), role: tripRoleSchema }),
  ),
});
export type SoleAdminTrip = z.infer<typeof soleAdminTripSchema>;

export const accountDeletionPlanSchema = z.object({
  email: z.string(),
  /** False for accounts that only sign in with Google or GitHub: they confirm with their email. */
  hasPassword: z.boolean(),
  /** Whether a second-factor code is needed too. */
  twoFactor: z.boolean(),
  trips: z.array(soleAdminTripSchema),
});
export type AccountDeletionPlan = z.infer<typeof accountDeletionPlanSchema>;

/** What to do with a trip the user alone administers: hand it to `toUserId` (a member), or delete it. */
export const tripChoiceSchema = z.strictObject({
  tripId: idSchema,
  action: z.enum(['hand-over', 'delete']),
  /** Required for 'hand-over': the member who becomes the trip's admin. */
  toUserId: idSchema.optional(),
});
export type TripChoice = z.infer<typeof tripChoiceSchema>;

export const deleteAccountBodySchema = z.strictObject({
  /** The current password (accounts that have one). */
  password: z.string().max(1000).optional(),
  /** Accounts without a password type their email address instead. */
  confirmEmail: lineText().max(320).optional(),
  /** The second-factor code when it is on. */
  code: lineText().max(64).optional(),
  /** One choice per trip the user is the only admin of (and that has other members). */
  trips: z.array(tripChoiceSchema).max(ACCOUNT_DELETION_MAX_TRIPS).default([]),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;
