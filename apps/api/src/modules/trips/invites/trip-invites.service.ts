import {
  INVITE_MAX_ACTIVE,
  type CreatedTripInvite,
  type CreateTripInviteBody,
  type EmailedTripInvite,
  type EmailTripInviteBody,
  INVITE_DEFAULT_DAYS,
  type InvitePreview,
  type JoinedTrip,
  type TripInvite,
} from '@tripcrew/contracts/trip-links';
import { isUuid } from '@tripcrew/contracts/common';
import { TRIP_MAX_MEMBERS } from '@tripcrew/contracts/trips';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest, conflict, gone, notFound } from '../../../platform/errors.ts';
import { randomToken, sha256 } from '../../../platform/tokens.ts';
import { findPlaceRow } from '../../places/index.ts';
import { findUserCards, userAccounts } from '../../users/index.ts';
import { assertInviteMailAllowed } from './invite-mail-limits.ts';
import { insertInviteBlock } from './trip-invite-mails.repository.ts';
import { readAccess, writeAccess } from '../core/trip-access.ts';
import { memberIdsOf, membersChanged, tripChanged, type TripContext } from '../core/trip-context.ts';
import {
  countInviteUse,
  findActiveInvites,
  findInvite,
  findInviteByHash,
  insertInvite,
  revokeInvite,
} from './trip-links.repository.ts';
import { countMembers, findMemberRole, insertMembers } from '../members/trip-members.repository.ts';
import { findTrip, findTripWithRole } from '../core/trips.repository.ts';
import type { TripInviteRow } from '../core/trips.table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Tokens are 32 random bytes in base64url (43 characters); anything else is no token of ours. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const UNKNOWN = 'This invite link does not exist. Ask for a new one.';
const REVOKED = 'This invite link was revoked. Ask the trip admin for a new one.';
const EXPIRED = 'This invite link has expired. Ask the trip admin for a new one.';
const USED_UP =
  'This invite link has been used as many times as it allows. Ask the trip admin for a new one.';
const NO_INVITE = 'This invite link does not exist in this trip.';
const OTHER_ADDRESS =
  'This invitation was sent to another email address. Sign in with the account of that address (confirmed) to use it.';

export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/**
 * Invite links (issue: travel together): an admin makes a link that grants a role until it
 * expires or is used up, sees the active ones and revokes them; a signed-in person with the link
 * previews the trip and joins. Tokens are shown once and kept as SHA-256 hashes. Joining twice
 * is not an error and uses the link once.
 */
export function createTripInvitesService(ctx: TripContext) {
  const { db } = ctx;

  async function toInvite(conn: Db, rows: readonly TripInviteRow[]): Promise<TripInvite[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))];
    const cards = await findUserCards(conn, ids);
    return rows.map((r) => {
      const card = r.createdBy ? cards.get(r.createdBy) : undefined;
      return {
        _id: r.id,
        role: r.role,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        maxUses: r.maxUses,
        uses: r.uses,
        createdBy: card ? { _id: card.id, name: `${card.name} ${card.lastName}`.trim() } : null,
      };
    });
  }

  /** The invite of a token, or the reason it cannot be used (as the error to throw). */
  async function usableInvite(conn: Db, token: string, lock: boolean): Promise<TripInviteRow> {
    if (!TOKEN.test(token)) throw notFound(UNKNOWN);
    const invite = await findInviteByHash(conn, sha256(token), lock);
    if (!invite) throw notFound(UNKNOWN);
    if (invite.revokedAt) throw gone(REVOKED);
    if (invite.expiresAt.getTime() <= ctx.now().getTime()) throw gone(EXPIRED);
    return invite;
  }

  const usedUp = (invite: TripInviteRow) => invite.maxUses !== null && invite.uses >= invite.maxUses;

  /** An invitation by mail is for a confirmed account of that address only. */
  async function assertInvitee(conn: Db, invite: TripInviteRow, userId: string): Promise<void> {
    if (invite.email === null) return;
    const user = await userAccounts.findById(conn, userId);
    if (!user || user.email !== invite.email || !user.emailVerifiedAt) {
      throw new AppError('INVITE_FOR_ANOTHER_ADDRESS', OTHER_ADDRESS, 403);
    }
  }

  async function createInvite(
    userId: string,
    tripId: string,
    body: Required<CreateTripInviteBody>,
    email?: string,
  ): Promise<CreatedTripInvite> {
    return db.transaction(async (tx) => {
      const { trip } = await writeAccess(tx, userId, tripId, 'invites.manage');
      const now = ctx.now();
      if (email !== undefined) await assertInviteMailAllowed(tx, { email, senderId: userId, now });
      if ((await findActiveInvites(tx, trip.id, now)).length >= INVITE_MAX_ACTIVE) {
        throw badRequest(
          `A trip can have at most ${INVITE_MAX_ACTIVE} active invite links: revoke one first.`,
          'role',
        );
      }
      const token = randomToken();
      const row = await insertInvite(tx, {
        tripId: trip.id,
        tokenHash: sha256(token),
        role: body.role,
        expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
        maxUses: body.maxUses,
        createdBy: userId,
        ...(email !== undefined ? { email } : {}),
      });
      const [invite] = await toInvite(tx, [row]);
      return { ...(invite as TripInvite), token, url: `${ctx.appUrl}/invite/${token}` };
    });
  }

  return {
    create: createInvite,

    async list(userId: string, tripId: string): Promise<TripInvite[]> {
      const { trip } = await readAccess(db, userId, tripId, 'invites.manage');
      return toInvite(db, await findActiveInvites(db, trip.id, ctx.now()));
    },

    /** A one-use link for one address, mailed to it (the notifications module sends the mail). */
    async inviteByEmail(
      userId: string,
      tripId: string,
      body: Required<EmailTripInviteBody>,
    ): Promise<EmailedTripInvite> {
      const created = await createInvite(
        userId,
        tripId,
        { role: body.role, expiresInDays: INVITE_DEFAULT_DAYS, maxUses: 1 },
        body.email,
      );
      const trip = await findTrip(db, tripId);
      await ctx.emit({
        type: 'trip.invited-by-email',
        tripId,
        tripName: trip?.tripName ?? 'a trip',
        email: body.email,
        url: created.url,
        blockUrl: `${ctx.appUrl}/invites/block?token=${created.token}`,
        oneClickBlockUrl: `${ctx.appUrl}/api/core/invites/block?token=${created.token}`,
        byUserId: userId,
        expiresAt: created.expiresAt,
      });
      const { token: _token, url: _url, ...invite } = created;
      return { ...invite, sentTo: body.email };
    },

    async revoke(userId: string, tripId: string, inviteId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'invites.manage');
        const invite = isUuid(inviteId) ? await findInvite(tx, trip.id, inviteId) : undefined;
        if (!invite) throw notFound(NO_INVITE);
        await revokeInvite(tx, invite.id, ctx.now());
      });
    },

    /** What the link leads to; a link that cannot be used answers 404 or 410 with the reason. */
    async preview(userId: string, token: string): Promise<InvitePreview> {
      const invite = await usableInvite(db, token, false);
      const trip = await findTrip(db, invite.tripId);
      if (!trip) throw notFound(UNKNOWN);
      const alreadyMember = (await findMemberRole(db, trip.id, userId)) !== null;
      if (!alreadyMember) await assertInvitee(db, invite, userId);
      if (!alreadyMember && usedUp(invite)) throw gone(USED_UP);
      const [place, cards] = await Promise.all([
        findPlaceRow(db, trip.placeId),
        findUserCards(db, invite.createdBy ? [invite.createdBy] : []),
      ]);
      const inviter = invite.createdBy ? cards.get(invite.createdBy) : undefined;
      return {
        tripId: trip.id,
        tripName: trip.tripName,
        place: { _id: trip.placeId, name: place?.title ?? trip.tripName },
        startDate: trip.startDate,
        endDate: trip.endDate,
        role: invite.role,
        invitedBy: inviter ? firstName(inviter.name) : null,
        expiresAt: invite.expiresAt.toISOString(),
        alreadyMember,
      };
    },

    /**
     * Stops further invitations to the address of an invitation mail: the button of the page the
     * mail links to, or the mail client's one-click post (no sign-in: the token that only the mail
     * carries is the proof). Repeating it is harmless.
     */
    async blockInvitations(token: string): Promise<{ message: string }> {
      const invite = TOKEN.test(token) ? await findInviteByHash(db, sha256(token), false) : undefined;
      if (!invite?.email) throw notFound('This link does not exist.');
      await insertInviteBlock(db, invite.email);
      return { message: 'Done: this address will get no more invitations from Tripcrew.' };
    },

    /** Joins the trip with the link's role; a member already in the trip keeps their role. */
    async join(userId: string, token: string): Promise<JoinedTrip> {
      const result = await db.transaction(async (tx) => {
        const invite = await usableInvite(tx, token, true);
        // The trip row is locked too (as every trip write does), so member counts hold.
        const found = await findTripWithRole(tx, invite.tripId, userId, true);
        if (!found) throw notFound(UNKNOWN);
        const { trip, role: current } = found;
        if (current !== null) return { joined: { tripId: trip.id, role: current, alreadyMember: true } };
        await assertInvitee(tx, invite, userId);
        if (usedUp(invite)) throw gone(USED_UP);
        if ((await countMembers(tx, trip.id)).all >= TRIP_MAX_MEMBERS) {
          throw conflict(`This trip already has ${TRIP_MAX_MEMBERS} members, the most a trip can have.`);
        }
        await insertMembers(tx, [{ tripId: trip.id, userId, role: invite.role }]);
        await countInviteUse(tx, invite.id);
        const memberIds = await memberIdsOf(tx, trip.id);
        return {
          joined: { tripId: trip.id, role: invite.role, alreadyMember: false },
          events: [
            tripChanged(trip.id, userId, memberIds, 'members'),
            await membersChanged(tx, trip, 'joined', userId, userId),
          ],
        };
      });
      if (result.events) await ctx.emit(...result.events);
      return result.joined;
    },
  };
}

export type TripInvitesService = ReturnType<typeof createTripInvitesService>;
