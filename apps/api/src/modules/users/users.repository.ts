import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, type NewUserRow, type UserRow } from './users.table.ts';

/** SQL for accounts. Every function takes the database or an open transaction. */

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findUserByIdForUpdate(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return rows[0];
}

/** `email` must already be normalised (trimmed, lower-cased). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

/** Locks the row until the transaction ends (serialises concurrent changes to one account). */
export async function findUserByEmailForUpdate(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1).for('update');
  return rows[0];
}

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
