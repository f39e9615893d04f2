import { and, count, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { tripInviteBlocks } from './trip-invite-blocks.table.ts';
import { tripInvites } from '../core/trips.table.ts';

/** SQL of the invitations by mail: how many went out lately, and the addresses that want none. */

/** Invitations mailed since `since`, to one address or by one sender. */
export async function countInviteMailsSince(
  db: Db,
  by: { email: string } | { senderId: string },
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tripInvites)
    .where(
      and(
        isNotNull(tripInvites.email),
        'email' in by ? eq(tripInvites.email, by.email) : eq(tripInvites.createdBy, by.senderId),
        gt(tripInvites.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function isInviteBlocked(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ email: tripInviteBlocks.email })
    .from(tripInviteBlocks)
    .where(eq(tripInviteBlocks.email, email))
    .limit(1);
  return rows.length > 0;
}

export async function insertInviteBlock(db: Db, email: string): Promise<void> {
  await db.insert(tripInviteBlocks).values({ email }).onConflictDoNothing();
}
