import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { countInviteMailsSince, isInviteBlocked } from './trip-invite-mails.repository.ts';

/** Invitations one address may receive in an hour, from everyone together. */
export const INVITE_MAILS_PER_RECIPIENT_PER_HOUR = 3;
/** Invitations one person may send in an hour, to all addresses together. */
export const INVITE_MAILS_PER_SENDER_PER_HOUR = 20;

const HOUR_MS = 60 * 60 * 1000;

/**
 * The rules of an invitation by mail, checked in the transaction that records it (so two at once
 * count each other): an address that blocked invitations gets none, and mails are capped per
 * recipient and per sender per hour, so nobody uses the server to flood a stranger's inbox.
 */
export async function assertInviteMailAllowed(
  tx: Db,
  input: { email: string; senderId: string; now: Date },
): Promise<void> {
  if (await isInviteBlocked(tx, input.email)) {
    throw new AppError(
      'INVITES_BLOCKED',
      'This address does not accept invitations. Share an invite link with the person another way.',
      403,
      { field: 'email' },
    );
  }
  const since = new Date(input.now.getTime() - HOUR_MS);
  if (
    (await countInviteMailsSince(tx, { email: input.email }, since)) >= INVITE_MAILS_PER_RECIPIENT_PER_HOUR
  ) {
    throw new AppError(
      'INVITE_MAIL_LIMIT',
      `This address got ${INVITE_MAILS_PER_RECIPIENT_PER_HOUR} invitations in the last hour. Try again later.`,
      429,
      { field: 'email' },
    );
  }
  if (
    (await countInviteMailsSince(tx, { senderId: input.senderId }, since)) >= INVITE_MAILS_PER_SENDER_PER_HOUR
  ) {
    throw new AppError(
      'INVITE_MAIL_LIMIT',
      `You sent ${INVITE_MAILS_PER_SENDER_PER_HOUR} invitations by mail in the last hour. Try again later.`,
      429,
    );
  }
}
