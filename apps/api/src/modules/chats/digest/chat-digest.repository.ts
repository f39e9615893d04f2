import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { tripMembershipsSql, tripNameSql } from '../../trips/index.ts';
import { chatDigestMarks } from '../core/chats.table.ts';

/** SQL of the unread-messages digest: what each user has not read and not been mailed about. */

export interface DigestGroupRow {
  userId: string;
  chatId: string;
  tripId: string | null;
  tripName: string | null;
  unread: number;
  maxSeq: number;
  /** The newest messages of the group, newest first (at most three). */
  latest: Array<{ senderId: string | null; text: string; createdAt: string }>;
}

export interface DigestWindow {
  /** Messages written at or before this moment (the quiet time has passed). */
  writtenBy: Date;
  /** …and after this one (older messages are not worth a mail any more). */
  writtenAfter: Date;
  /** At most this many users per call. */
  maxUsers: number;
}

/**
 * One statement: for up to `maxUsers` users, their unread messages from others in the window,
 * newer than what they were last mailed about, grouped per chat. Direct chats count after the
 * side's read mark; trip chats after the member's read mark and since they joined, for the
 * members of the moment only. Event lines (a booking added…) are no reason for a mail: the
 * notifications module tells of them already.
 */
export async function findDigestGroups(db: Db, window: DigestWindow): Promise<DigestGroupRow[]> {
  const after = window.writtenAfter.toISOString();
  const by = window.writtenBy.toISOString();
  const rows = await queryRows<{
    user_id: string;
    chat_id: string;
    trip_id: string | null;
    trip_name: string | null;
    unread: number | string;
    max_seq: number | string;
    latest: DigestGroupRow['latest'] | null;
  }>(
    db,
    sql`
    with unread as (
      select c.id as chat_id, c.trip_id, s.user_id, m.seq, m.sender_id, m.text, m.created_at
      from chats c
      cross join lateral (values (c.user_a, c.a_read_seq), (c.user_b, c.b_read_seq)) as s(user_id, read_seq)
      join messages m on m.chat_id = c.id and m.seq > s.read_seq and m.sender_id is distinct from s.user_id
        and m.event is null
      where c.trip_id is null and s.user_id is not null and c.last_message_at > ${after}
      union all
      select c.id, c.trip_id, tm.user_id, m.seq, m.sender_id, m.text, m.created_at
      from chats c
      join ${tripMembershipsSql()} tm on tm.trip_id = c.trip_id
      left join chat_reads r on r.chat_id = c.id and r.user_id = tm.user_id
      join messages m on m.chat_id = c.id and m.seq > coalesce(r.read_seq, 0)
        and m.sender_id is distinct from tm.user_id and m.created_at >= tm.member_since
        and m.event is null
      where c.trip_id is not null and c.last_message_at > ${after}
    ), fresh as (
      select u.* from unread u
      left join chat_digest_marks d on d.user_id = u.user_id
      where u.seq > coalesce(d.mailed_seq, 0)
        and u.created_at > ${after} and u.created_at <= ${by}
    ), picked as (
      select distinct user_id from fresh order by user_id limit ${window.maxUsers}
    ), grouped as (
      select f.user_id, f.chat_id, f.trip_id, count(*) as unread, max(f.seq) as max_seq,
        to_json((array_agg(json_build_object('senderId', f.sender_id, 'text', left(f.text, 300), 'createdAt', f.created_at) order by f.seq desc))[1:3]) as latest
      from fresh f join picked p on p.user_id = f.user_id
      group by f.user_id, f.chat_id, f.trip_id
    )
    select g.*, ${tripNameSql(sql.raw('g.trip_id'))} as trip_name
    from grouped g order by g.user_id, g.max_seq desc`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    chatId: row.chat_id,
    tripId: row.trip_id,
    tripName: row.trip_name,
    unread: Number(row.unread),
    maxSeq: Number(row.max_seq),
    latest: row.latest ?? [],
  }));
}

/** Records that `userId` was mailed about every message up to `seq` (the mark never goes back). */
export async function saveDigestMark(db: Db, userId: string, seq: number): Promise<void> {
  await db
    .insert(chatDigestMarks)
    .values({ userId, mailedSeq: seq })
    .onConflictDoUpdate({
      target: chatDigestMarks.userId,
      set: { mailedSeq: sql`greatest(${chatDigestMarks.mailedSeq}, ${seq})`, mailedAt: sql`now()` },
    });
}
