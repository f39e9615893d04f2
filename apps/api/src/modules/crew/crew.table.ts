import { index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, nowColumn, ownerColumn } from '../../db/columns.ts';
import { users } from '../users/users.table.ts';

/**
 * Who is in whose crew. A crew link is mutual and stored in both directions (a → b and b → a),
 * so "is b in a's crew" is one primary-key lookup. The crew requests feature writes these rows
 * once a request is accepted; until then tests add pairs with addCrewPair.
 */
export const crewLinks = pgTable(
  'crew_links',
  {
    userId: ownerColumn('user_id', () => users.id),
    friendId: ownerColumn('friend_id', () => users.id),
    createdAt: nowColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] }), index('crew_links_friend').on(t.friendId)],
);

export type CrewLinkRow = typeof crewLinks.$inferSelect;

/**
 * Pending crew requests: `from` asked `to`. At most one per ordered pair; a request is deleted
 * when it is approved (the pair becomes crew links), declined or withdrawn.
 */
export const crewRequests = pgTable(
  'crew_requests',
  {
    id: idColumn(),
    fromUserId: ownerColumn('from_user_id', () => users.id),
    toUserId: ownerColumn('to_user_id', () => users.id),
    createdAt: nowColumn(),
  },
  (t) => [
    uniqueIndex('crew_requests_pair').on(t.fromUserId, t.toUserId),
    index('crew_requests_to').on(t.toUserId),
  ],
);

export type CrewRequestRow = typeof crewRequests.$inferSelect;
