import type {
  CrewRequest,
  CrewRequestResult,
  CrewRequests,
  CrewSearchResult,
  CrewUser,
} from '@tripcrew/contracts/crew';
import { isUuid } from '@tripcrew/contracts/common';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/errors.ts';
import type { AppEvent, EventBus } from '../../platform/events.ts';
import {
  findUserCards,
  findUserCardsSortedByName,
  imageOf,
  isUserId,
  lockUsers,
  searchUsers,
  type FriendshipResolver,
  type UserCardRow,
} from '../users/index.ts';
import { canActOnRequest, type CrewRequestAction } from './crew.policy.ts';
import {
  addCrewPair,
  deleteRequest,
  findCrewIds,
  findRelations,
  findRequest,
  findRequestBetween,
  findRequestsOf,
  findUsersNotInCrew,
  inCrewSql,
  insertRequest,
  isInCrew,
  removeCrewPair,
  type RequestWithPerson,
} from './crew.repository.ts';
import type { CrewRequestRow } from './crew.table.ts';
import { findCrewOfUserForExport } from './crew-export.repository.ts';

/** Of these user ids, the ones that are not in `userId`'s crew (unknown ids included). */
export { findUsersNotInCrew };

/** SQL (an EXISTS): whether `friendId` is in `userId`'s crew, for one-statement checks elsewhere. */
export { inCrewSql };

/** A person in the data export: id and name (an account deleted meanwhile shows as an empty name). */
export interface ExportPerson {
  id: string;
  name: string;
  lastName: string;
}

/** The user's crew for "Download my data": members and the pending requests both ways. */
export async function exportCrewData(db: Db, userId: string) {
  const { links, requests } = await findCrewOfUserForExport(db, userId);
  const cards = await findUserCards(db, [
    ...links.map((l) => l.friendId),
    ...requests.flatMap((r) => [r.fromUserId, r.toUserId]),
  ]);
  const person = (id: string): ExportPerson => {
    const card = cards.get(id);
    return { id, name: card?.name ?? '', lastName: card?.lastName ?? '' };
  };
  return {
    members: links.map((l) => ({ ...person(l.friendId), since: l.createdAt.toISOString() })),
    requestsSent: requests
      .filter((r) => r.fromUserId === userId)
      .map((r) => ({ id: r.id, to: person(r.toUserId), createdAt: r.createdAt.toISOString() })),
    requestsReceived: requests
      .filter((r) => r.toUserId === userId)
      .map((r) => ({ id: r.id, from: person(r.fromUserId), createdAt: r.createdAt.toISOString() })),
  };
}

/** What a crew user is made of: a users module card. */
type PersonRow = UserCardRow;

/** At most this many people per search (SPEC §7: the crew search dropdown). */
export const CREW_SEARCH_LIMIT = 20;

const NO_USER = 'There is no user with this id.';
const NO_REQUEST = 'There is no pending crew request with this id: it may have been withdrawn or answered.';

export function toCrewUser(row: PersonRow): CrewUser {
  return { _id: row.id, name: row.name, lastName: row.lastName, image: imageOf(row) };
}

/** The requests with their people (a request whose person is gone is left out). */
function toCrewRequests(rows: readonly RequestWithPerson[], people: Map<string, PersonRow>): CrewRequest[] {
  return rows.flatMap((row) => {
    const person = people.get(row.personId);
    return person ? [{ _id: row.id, user: toCrewUser(person), createdAt: row.createdAt.toISOString() }] : [];
  });
}

const fullName = (row: PersonRow) => `${row.name} ${row.lastName}`.trim();

/**
 * Friend state of a profile for its viewer (PROFILE-10), for users.service (app.ts wires it):
 * a friend is someone in the viewer's crew; a request is sent while the viewer's request to the
 * profile owner is pending.
 */
export function crewFriendship(db: Db): FriendshipResolver {
  return async (viewerId, profileId) => {
    if (!isUserId(viewerId) || !isUserId(profileId))
      return { isYourFriend: false, isFriendRequestSent: false };
    const [friend, request] = await Promise.all([
      isInCrew(db, viewerId, profileId),
      findRequestBetween(db, viewerId, profileId),
    ]);
    return { isYourFriend: friend, isFriendRequestSent: !friend && request !== undefined };
  };
}

export interface CrewServiceDeps {
  db: Db;
  events: EventBus;
}

/** Crew search, requests (send, approve, decline or withdraw) and the crew itself (SPEC §7). */
export function createCrewService(deps: CrewServiceDeps) {
  const { db, events } = deps;

  /** The request the user may act on, or 404 (also for requests of other people). */
  async function requestFor(tx: Db, userId: string, requestId: string, action: CrewRequestAction) {
    const request = isUuid(requestId) ? await findRequest(tx, requestId) : undefined;
    if (!request || !canActOnRequest(request, userId, action)) throw notFound(NO_REQUEST);
    // Serialise with any other change between the two people, then take the request for good.
    await lockUsers(tx, [request.fromUserId, request.toUserId]);
    if (!(await deleteRequest(tx, request.id))) throw notFound(NO_REQUEST);
    return request;
  }

  const accepted = (request: CrewRequestRow): AppEvent => ({
    type: 'crew.accepted',
    requestId: request.id,
    fromUserId: request.fromUserId,
    toUserId: request.toUserId,
  });

  return {
    async search(userId: string, query: string): Promise<CrewSearchResult[]> {
      // `query` is letters and digits or a whole email (the contract): it needs no LIKE escaping.
      const rows = await searchUsers(db, { term: query.trim(), excludeId: userId, limit: CREW_SEARCH_LIMIT });
      const relations = await findRelations(
        db,
        userId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => {
        const relation = relations.get(row.id);
        const status = relation?.friend
          ? 'friend'
          : relation?.pending
            ? 'pending'
            : relation?.incoming
              ? 'incoming'
              : undefined;
        return { ...toCrewUser(row), ...(status ? { status } : {}) };
      });
    },

    /**
     * Asks `targetId` to join the caller's crew. A pending request of the caller is answered
     * again (created: false); a pending request of the other person is accepted instead.
     */
    async request(
      userId: string,
      targetId: string,
    ): Promise<{ result: CrewRequestResult; created: boolean }> {
      const otherId = targetId.toLowerCase();
      if (otherId === userId.toLowerCase()) {
        throw badRequest('You cannot send a crew request to yourself.', 'userId');
      }
      if (!isUserId(otherId)) throw notFound(NO_USER);
      const outcome = await db.transaction(async (tx) => {
        const people = await lockUsers(tx, [userId, otherId]);
        const me = people.find((p) => p.id === userId);
        const other = people.find((p) => p.id === otherId);
        if (!me) throw unauthorized('Your account no longer exists. Please sign in again.');
        if (!other) throw notFound(NO_USER);
        if (await isInCrew(tx, userId, otherId)) {
          throw conflict(`${fullName(other)} is already in your crew.`);
        }
        const theirs = await findRequestBetween(tx, otherId, userId);
        if (theirs) {
          // They asked first: sending a request back accepts theirs.
          await deleteRequest(tx, theirs.id);
          await addCrewPair(tx, userId, otherId);
          return { kind: 'accepted' as const, request: theirs };
        }
        const existing = await findRequestBetween(tx, userId, otherId);
        if (existing) return { kind: 'pending' as const, request: existing, other };
        const inserted = await insertRequest(tx, userId, otherId);
        if (!inserted) throw conflict('Your crew request is being sent already: reload and try again.');
        return { kind: 'created' as const, request: inserted, other };
      });

      if (outcome.kind === 'accepted') {
        await events.emit(accepted(outcome.request));
        return { result: { status: 'friend' }, created: false };
      }
      const request: CrewRequest = {
        _id: outcome.request.id,
        user: toCrewUser(outcome.other),
        createdAt: outcome.request.createdAt.toISOString(),
      };
      if (outcome.kind === 'created') {
        await events.emit({
          type: 'crew.requested',
          requestId: outcome.request.id,
          fromUserId: userId,
          toUserId: otherId,
        });
      }
      return { result: { status: 'pending', request }, created: outcome.kind === 'created' };
    },

    async requests(userId: string): Promise<CrewRequests> {
      const [incoming, outgoing] = await Promise.all([
        findRequestsOf(db, userId, 'incoming'),
        findRequestsOf(db, userId, 'outgoing'),
      ]);
      const people = await findUserCards(
        db,
        [...incoming, ...outgoing].map((row) => row.personId),
      );
      return { incoming: toCrewRequests(incoming, people), outgoing: toCrewRequests(outgoing, people) };
    },

    /** The receiver accepts: both join each other's crew and the request is gone. */
    async approve(userId: string, requestId: string): Promise<void> {
      const request = await db.transaction(async (tx) => {
        const found = await requestFor(tx, userId, requestId, 'approve');
        await addCrewPair(tx, found.fromUserId, found.toUserId);
        return found;
      });
      await events.emit(accepted(request));
    },

    /** The receiver declines, or the sender withdraws. */
    async decline(userId: string, requestId: string): Promise<void> {
      const request = await db.transaction((tx) => requestFor(tx, userId, requestId, 'decline'));
      await events.emit({
        type: 'crew.declined',
        requestId: request.id,
        fromUserId: request.fromUserId,
        toUserId: request.toUserId,
        byUserId: userId,
      });
    },

    async crew(userId: string): Promise<CrewUser[]> {
      const ids = await findCrewIds(db, userId);
      return (await findUserCardsSortedByName(db, ids)).map(toCrewUser);
    },

    /** Removes the pair from both crews. */
    async remove(userId: string, friendId: string): Promise<void> {
      const id = friendId.toLowerCase();
      const removed = isUserId(id) ? await db.transaction((tx) => removeCrewPair(tx, userId, id)) : 0;
      if (removed === 0) throw notFound('This person is not in your crew.');
      await events.emit({ type: 'crew.removed', userId, friendId: id });
    },
  };
}
export type CrewService = ReturnType<typeof createCrewService>;
