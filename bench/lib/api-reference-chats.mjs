/**
 * The chat list in the raw reference of `npm run bench:api` (bench/api-reference-server.mjs):
 * GET /api/users/chats as chats.service.ts `list` answers it — the direct chats and the trip
 * chats of the caller's trips that hold a message. Keep in step with chats/core and trip-chat.
 */
import { userImageJson } from './api-reference-sql.mjs';

export const CHATS_SQL = {
  name: 'ref_chats',
  // The direct chats, then the trip chats of the caller's trips that hold a message (the
  // booking lines count: chats/trip-chat), unread counted from when the caller joined the trip.
  text: `select * from (
    select c.id, false as is_trip, o.id as other_id, o.name, o.last_name, o.image_original, o.image_thumbnail,
      null::uuid as trip_id, null::text as trip_name, null::text as role,
      lm.text, lm.sender_id, lm.created_at, c.last_message_at,
      (select count(*)::int from messages m where m.chat_id = c.id and m.sender_id <> $1
        and m.seq > case when c.user_a = $1 then c.a_read_seq else c.b_read_seq end) as unread
    from chats c join users o on o.id = case when c.user_a = $1 then c.user_b else c.user_a end
    left join lateral (select text, sender_id, created_at from messages m where m.chat_id = c.id
      order by m.seq desc limit 1) lm on true
    where (c.user_a = $1 or c.user_b = $1) and c.trip_id is null
    union all
    select c.id, true, null, null, null, null, null, t.id, t.trip_name, me.role,
      lm.text, lm.sender_id, lm.created_at, c.last_message_at,
      (select count(*)::int from messages m where m.chat_id = c.id and m.sender_id is distinct from $1
        and m.seq > coalesce((select r.read_seq from chat_reads r where r.chat_id = c.id and r.user_id = $1), 0)
        and m.created_at >= me.created_at)
    from trip_members me join trips t on t.id = me.trip_id join chats c on c.trip_id = t.id
    join lateral (select text, sender_id, created_at from messages m where m.chat_id = c.id
      order by m.seq desc limit 1) lm on true
    where me.user_id = $1) x
    order by last_message_at desc, is_trip, id`,
};

export function chatJson(r) {
  if (r.is_trip)
    return {
      _id: r.id,
      kind: 'trip',
      user: null,
      trip: { _id: r.trip_id, name: r.trip_name ?? 'Trip' },
      lastMessage: { text: r.text, senderId: r.sender_id, createdAt: r.created_at.toISOString() },
      unread: r.unread,
      canWrite: r.role !== 'viewer',
    };
  return {
    _id: r.id,
    kind: 'direct',
    user: {
      _id: r.other_id,
      name: r.name,
      lastName: r.last_name,
      image: userImageJson(r),
    },
    trip: null,
    lastMessage:
      r.sender_id === null
        ? null
        : { text: r.text, senderId: r.sender_id, createdAt: r.created_at.toISOString() },
    unread: r.unread,
    canWrite: true,
  };
}
