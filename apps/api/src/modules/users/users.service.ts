import { isUuid } from '@tripcrew/contracts/common';
import { isCrewSearchEmail } from '@tripcrew/contracts/crew';
import type { CurrentUser, UserImage, UserPrivacy, UserProfile } from '@tripcrew/contracts/users';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import { publicFileUrl } from '../../platform/storage.ts';
import { canSeeEmail } from './users.policy.ts';
import {
  deleteUser,
  findUserByEmail,
  findUserByEmailForUpdate,
  findUserById,
  findUserByIdForUpdate,
  findUserCardsByIds,
  findUserCardsByName,
  insertUser,
  lockUserCards,
  searchUserCards,
  updateUser,
  userCardJsonSql,
  userExists,
  userDisplayNameSql,
  type UserCardJson,
  type UserCardRow,
} from './users.repository.ts';
import type { UserRow } from './users.table.ts';

export type { UserCardJson, UserCardRow, UserRow };

/**
 * Name and picture of each of these users, in one query (other modules show people through this,
 * never through the users table). Ids that are not user ids, or unknown, are left out of the map.
 */
export async function findUserCards(db: Db, ids: readonly string[]): Promise<Map<string, UserCardRow>> {
  const wanted = [...new Set(ids.filter(isUserId))];
  const rows = await findUserCardsByIds(db, wanted);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The cards of these users, by name (unknown and malformed ids are left out). */
export async function findUserCardsSortedByName(db: Db, ids: readonly string[]): Promise<UserCardRow[]> {
  return findUserCardsByName(db, [...new Set(ids.filter(isUserId))]);
}

/**
 * Locks these users' rows until the transaction `tx` ends (every change between two people
 * serialises on their rows); resolves to the cards of those that exist.
 */
export async function lockUsers(tx: Db, ids: readonly string[]): Promise<UserCardRow[]> {
  return lockUserCards(tx, ids.filter(isUserId));
}

/**
 * People search for other modules (the crew search): confirmed users other than `excludeId`, by
 * name, at most `limit`. A whole email address finds its owner alone (case-insensitively);
 * anything else finds the names and last names that contain `term`, and the phone whose digits
 * are exactly `term`. `term` is an email address or letters and digits only (it is not
 * LIKE-escaped): never a part of an email or a phone number.
 */
export async function searchUsers(
  db: Db,
  search: { term: string; excludeId: string; limit: number },
): Promise<UserCardRow[]> {
  const term = search.term.trim();
  const match = isCrewSearchEmail(term)
    ? { email: term.toLowerCase() }
    : { namePattern: `%${term}%`, ...(/^\d+$/.test(term) ? { phoneDigits: term } : {}) };
  return searchUserCards(db, { ...match, excludeId: search.excludeId, limit: search.limit });
}

/** SQL (a scalar subquery): "Ana Silva" for the user with this id, null when there is none. */
export { userDisplayNameSql };

/** SQL (a scalar subquery): a user's name, last name and thumbnail as JSON (see UserCardJson). */
export { userCardJsonSql };

/**
 * The account's own data for "Download my data": the profile and the stored avatar file names
 * (the password hash is never part of it). Undefined when the account is gone.
 */
export async function exportUserProfile(db: Db, userId: string) {
  const row = await findUserById(db, userId);
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    lastName: row.lastName,
    phone: row.phone,
    emailConfirmedAt: row.emailVerifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    avatarKeys:
      row.imageOriginal && row.imageThumbnail
        ? { original: row.imageOriginal, thumbnail: row.imageThumbnail }
        : null,
  };
}

/**
 * Account primitives for the auth module (registration, sign-in, social linking). Each takes the
 * database or an open transaction, so auth can make one transaction per operation.
 */
export const userAccounts = {
  findById: findUserById,
  findByEmail: findUserByEmail,
  findByEmailForUpdate: findUserByEmailForUpdate,
  findByIdForUpdate: findUserByIdForUpdate,
  /** Deletes the account (the account module's deletion, inside its transaction). */
  delete: deleteUser,
  /** Inserts, or resolves to undefined when the email is already taken. */
  insert: insertUser,
  update: updateUser,
};

/**
 * Whether the viewer and the profile owner are friends, or the viewer already asked. The crew
 * module provides the real answer (app.ts passes it in); until then nobody is anybody's friend.
 */
export type FriendshipResolver = (
  viewerId: string,
  profileId: string,
) => Promise<{ isYourFriend: boolean; isFriendRequestSent: boolean }>;

const noFriendship: FriendshipResolver = async () => ({ isYourFriend: false, isFriendRequestSent: false });

/** True when `id` has the shape of a user id (anything else can never match a user). */
export function isUserId(id: string): boolean {
  return isUuid(id);
}

export interface StoredImage {
  original: string;
  thumbnail: string;
}

export function imageOf(row: Pick<UserRow, 'imageOriginal' | 'imageThumbnail'>): UserImage {
  return row.imageOriginal && row.imageThumbnail
    ? { original: publicFileUrl(row.imageOriginal), thumbnail: publicFileUrl(row.imageThumbnail) }
    : null;
}

/** The API shape of the signed-in user (SPEC §3). */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    _id: row.id,
    name: row.name,
    lastName: row.lastName,
    email: row.email,
    image: imageOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface UsersServiceDeps {
  db: Db;
  friendship?: FriendshipResolver | undefined;
}

export function createUsersService(deps: UsersServiceDeps) {
  const { db } = deps;
  const friendship = deps.friendship ?? noFriendship;

  return {
    /** Whether the account exists (the auth guard asks for every verified token). */
    exists(userId: string): Promise<boolean> {
      return userExists(db, userId);
    },

    async getMe(userId: string): Promise<CurrentUser> {
      const row = await findUserById(db, userId);
      if (!row) throw unauthorized('Your account no longer exists. Please sign in again.');
      return toCurrentUser(row);
    },

    /** Who may find the user (the crew search by whole email address). */
    async getPrivacy(userId: string): Promise<UserPrivacy> {
      const row = await findUserById(db, userId);
      if (!row) throw unauthorized('Your account no longer exists. Please sign in again.');
      return { findableByEmail: row.findableByEmail };
    },

    async setPrivacy(userId: string, privacy: UserPrivacy): Promise<UserPrivacy> {
      const row = await updateUser(db, userId, { findableByEmail: privacy.findableByEmail });
      if (!row) throw unauthorized('Your account no longer exists. Please sign in again.');
      return { findableByEmail: row.findableByEmail };
    },

    async getProfile(profileId: string, viewer: AuthUser | null): Promise<UserProfile> {
      const row = isUserId(profileId) ? await findUserById(db, profileId) : undefined;
      if (!row) throw notFound('There is no user with this id.');
      const friends =
        viewer && viewer.id !== row.id
          ? await friendship(viewer.id, row.id)
          : { isYourFriend: false, isFriendRequestSent: false };
      return {
        _id: row.id,
        name: row.name,
        lastName: row.lastName,
        image: imageOf(row),
        createdAt: row.createdAt.toISOString(),
        ...(canSeeEmail(viewer, row.id, friends.isYourFriend) ? { email: row.email } : {}),
        ...friends,
      };
    },

    /**
     * Points the user's avatar at newly stored files, in one transaction; resolves to the files
     * it replaced (for the caller to delete) and the new image.
     */
    async replaceAvatar(
      userId: string,
      files: StoredImage,
    ): Promise<{ previous: StoredImage | null; image: NonNullable<UserImage> }> {
      return db.transaction(async (tx) => {
        const before = await findUserByIdForUpdate(tx, userId);
        if (!before) throw unauthorized('Your account no longer exists. Please sign in again.');
        await updateUser(tx, userId, { imageOriginal: files.original, imageThumbnail: files.thumbnail });
        const previous =
          before.imageOriginal && before.imageThumbnail
            ? { original: before.imageOriginal, thumbnail: before.imageThumbnail }
            : null;
        return {
          previous,
          image: { original: publicFileUrl(files.original), thumbnail: publicFileUrl(files.thumbnail) },
        };
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
