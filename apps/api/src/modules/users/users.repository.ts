import { and, asc, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { users, type NewUserRow, type UserRow } from './users.table.ts';

/** SQL for accounts. Every function takes the database or an open transaction. */

/** The one user `where` selects; `lock` holds its row until the transaction ends. */
async function findOneUser(db: Db, where: SQL, lock: boolean): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(where).limit(1);
  const rows = await (lock ? query.for('update') : query);
  return rows[0];
}

const userById = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_by_id'),
);

/** A user by id: prepared once (every signed-in page load asks for /users/me). */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await userById(db).execute({ id });
  return rows[0];
}

const userIdById = preparedQuery((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_exists_by_id'),
);

/** Whether the account exists: prepared once (the auth guard asks on every signed-in call). */
export async function userExists(db: Db, id: string): Promise<boolean> {
  const rows = await userIdById(db).execute({ id });
  return rows.length > 0;
}

export const findUserByIdForUpdate = (db: Db, id: string) => findOneUser(db, eq(users.id, id), true);

/** `email` must already be normalised (trimmed, lower-cased). */
export const findUserByEmail = (db: Db, email: string) => findOneUser(db, eq(users.email, email), false);

/** Locks the row until the transaction ends (serialises concurrent changes to one account). */
export const findUserByEmailForUpdate = (db: Db, email: string) =>
  findOneUser(db, eq(users.email, email), true);

/** Inserts, or returns undefined when the email is taken (a concurrent registration won). */
export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow | undefined> {
  const rows = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return rows[0];
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Omit<NewUserRow, 'id' | 'createdAt' | 'updatedAt'>>,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

/** What other modules show of a person: name and picture. */
export type UserCardRow = Pick<UserRow, 'id' | 'name' | 'lastName' | 'imageOriginal' | 'imageThumbnail'>;

const cardColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  imageOriginal: users.imageOriginal,
  imageThumbnail: users.imageThumbnail,
};

/** People are listed by name, then last name (the id breaks ties). */
const byName = [asc(users.name), asc(users.lastName), asc(users.id)];

export async function findUserCardsByIds(db: Db, ids: readonly string[]): Promise<UserCardRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(cardColumns)
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** The cards of these users, by name. */
export async function findUserCardsByName(db: Db, ids: readonly string[]): Promise<UserCardRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(cardColumns)
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(...byName);
}

/**
 * Locks the rows of these users (in id order, so two transactions never deadlock) until the
 * transaction ends, and resolves to the cards of those that exist. FOR NO KEY UPDATE leaves
 * inserts that only reference the users unblocked.
 */
export async function lockUserCards(db: Db, ids: readonly string[]): Promise<UserCardRow[]> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return [];
  return db
    .select(cardColumns)
    .from(users)
    .where(inArray(users.id, sorted))
    .orderBy(asc(users.id))
    .for('no key update');
}

/**
 * Confirmed users other than `excludeId`, by name, at most `limit`: with `email`, its owner (an
 * exact match of the stored, lower-cased address); otherwise those whose name or last name
 * matches the LIKE `namePattern` (case-insensitive) or whose phone's digits are `phoneDigits`.
 */
export async function searchUserCards(
  db: Db,
  search: { email?: string; namePattern?: string; phoneDigits?: string; excludeId: string; limit: number },
): Promise<UserCardRow[]> {
  const { email, namePattern, phoneDigits } = search;
  const matches: SQL[] = [];
  // A whole address finds only people who allow it: otherwise a search would confirm to a stranger
  // that an address has an account.
  if (email !== undefined)
    matches.push(sql`(lower(${users.email}) = ${email.toLowerCase()} and ${users.findableByEmail})`);
  if (namePattern !== undefined)
    matches.push(ilike(users.name, namePattern), ilike(users.lastName, namePattern));
  if (phoneDigits !== undefined)
    matches.push(sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') = ${phoneDigits}`);
  if (matches.length === 0) return [];
  return db
    .select(cardColumns)
    .from(users)
    .where(and(ne(users.id, search.excludeId), isNotNull(users.emailVerifiedAt), or(...matches)))
    .orderBy(...byName)
    .limit(search.limit);
}

/**
 * SQL for one value: "Ana Silva" for the user with this id, null when there is none. A scalar
 * subquery, for statements of other modules that must check a person in the same round trip.
 */
export function userDisplayNameSql(id: string): SQL<string | null> {
  return sql<
    string | null
  >`(select trim(${users.name} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${id})`;
}

/** Deletes the account; the rows that belong to it go by their foreign keys (decision 019). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** A user's card as userCardJsonSql selects it. */
export interface UserCardJson {
  id: string;
  name: string;
  lastName: string;
  imageOriginal: string | null;
  imageThumbnail: string | null;
}

/**
 * SQL (a scalar subquery): the card of the user whose id is `id` (a column or a value) as JSON,
 * null when there is none, for reads that show people in the same statement as their own rows.
 */
export function userCardJsonSql(id: SQLWrapper): SQL<UserCardJson | null> {
  return sql<UserCardJson | null>`(select json_build_object('id', ${users.id}, 'name', ${users.name}, 'lastName', ${users.lastName}, 'imageOriginal', ${users.imageOriginal}, 'imageThumbnail', ${users.imageThumbnail}) from ${users} where ${users.id} = ${id})`;
}
