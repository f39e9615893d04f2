/**
 * The SQL of the raw reference of `npm run bench:api` (bench/api-reference-server.mjs): what an
 * efficient implementation of each authenticated call runs, as named prepared statements with as
 * few round trips as possible, and the JSON each answers (the same shape and bytes as the API's).
 * Written from the trips, users, notifications, chats and wishlist repositories and their tables:
 * keep in step with apps/api/src/modules/*\/*.repository.ts and *.table.ts.
 */

const EDITOR_ROLES = `('admin', 'member', 'driver', 'guide')`;

/**
 * A trip as the API answers it, from `t` (a trips row) and `role` (the caller's role): members
 * with name and picture (joined first, admin first, then by name and id), the place's image
 * and the feature count, all in the same statement.
 */
const tripColumns = (
  role,
) => `t.id, t.trip_name, t.start_date::text as start_date, t.end_date::text as end_date,
  t.transport_mode, t.image_original, t.image_landscape, t.place_id, t.categories, t.created_at, t.version,
  coalesce(p.image_original, '/api/core/images/place/' || t.place_id || '.svg') as place_image,
  ${role} as my_role,
  (select count(*)::int from trip_features tf where tf.trip_id = t.id) as feature_count,
  (select json_agg(json_build_object('_id', u.id, 'role', tm.role, 'name', u.name, 'lastName', u.last_name,
      'image', json_build_object('thumbnail', '/api/assets/files/' || u.image_thumbnail))
      order by tm.created_at, tm.role <> 'admin', u.name, u.id)
    from trip_members tm join users u on u.id = tm.user_id where tm.trip_id = t.id) as users`;

/** A planner item's place of the trip's own (kind 'place'), as p_*. */
const TRIP_PLACE_COLUMNS = `tp.id as p_id, tp.name as p_name, tp.category as p_category, tp.address as p_address,
  tp.lat as p_lat, tp.lng as p_lng, tp.website as p_website, tp.phone as p_phone, tp.notes as p_notes,
  tp.created_by as p_created_by, tp.created_at as p_created_at, tp.updated_at as p_updated_at, tp.version as p_version`;

const FEATURE_COLUMNS = `f.id as f_id, f.key as f_key, f.place_id as f_place_id, f.title as f_title,
  f.address as f_address, f.description as f_description, f.rank as f_rank, f.categories as f_categories,
  f.model as f_model, f.lat as f_lat, f.lng as f_lng, f.image_original as f_image`;

/** Reads: $1 is always the caller. */
export const READS = {
  me: {
    name: 'ref_users_me',
    text: `select id, name, last_name, email, image_original, image_thumbnail, created_at from users where id = $1`,
  },
  trips: {
    name: 'ref_trips_of_user',
    // With each trip's next booking (the soonest to start from now on), as trip-views.repository.ts.
    text: `select ${tripColumns('me.role')},
      (select json_build_object('id', b.id, 'kind', b.kind, 'title', b.title, 'carrier', b.carrier,
          'number', b.number, 'startLocal', b.start_local, 'startZone', b.start_zone, 'startAt', b.start_at,
          'placeName', coalesce(b.start_name, b.start_iata))
        from trip_bookings b where b.trip_id = t.id and b.start_at >= now()
        order by b.start_at, b.created_at, b.id limit 1) as next
      from trip_members me join trips t on t.id = me.trip_id
      left join places p on p.id = t.place_id where me.user_id = $1
      order by t.start_date desc nulls last, t.created_at desc, t.id asc`,
  },
  trip: {
    name: 'ref_trip',
    text: `select ${tripColumns('me.role')} from trip_members me join trips t on t.id = me.trip_id
      left join places p on p.id = t.place_id where me.user_id = $1 and me.trip_id = $2`,
  },
  // The caller's membership, the trip's dates and every planner item with its feature, in order:
  // the tray first, then day by day.
  planner: {
    name: 'ref_planner',
    text: `select t.start_date::text as start_date, t.end_date::text as end_date, i.id, i.kind, i.text, i.time,
      i.day::text as day, i.position, i.version, ${FEATURE_COLUMNS}, ${TRIP_PLACE_COLUMNS}
      from trip_members me join trips t on t.id = me.trip_id
      left join planner_items i on i.trip_id = t.id left join features f on f.id = i.feature_id
      left join trip_places tp on tp.id = i.place_id
      where me.user_id = $1 and me.trip_id = $2
      order by i.day asc nulls first, i.position, i.created_at, i.id`,
  },
  // Earliest added first, then by rank (unranked last), title and id.
  tripFeatures: {
    name: 'ref_trip_features',
    text: `select ${FEATURE_COLUMNS} from trip_members me
      left join trip_features tf on tf.trip_id = me.trip_id left join features f on f.id = tf.feature_id
      where me.user_id = $1 and me.trip_id = $2
      order by tf.created_at, f.rank asc nulls last, f.title, f.id`,
  },
  // A page, newest first, with the counts of all (window functions run before the limit).
  notifications: {
    name: 'ref_notifications',
    text: `select id, kind, title, short, message, seen, ref_trip_id, ref_user_id, created_at,
      count(*) over ()::int as total, (count(*) filter (where not seen) over ())::int as unseen
      from notifications where user_id = $1 order by created_at desc, id desc offset $2 limit $3`,
  },
  // Most recent first: the other person, the last message and the unread count of each chat.
  wishlistIds: {
    name: 'ref_wishlist_ids',
    text: `select i.feature_id from wishlist_lists l join wishlist_items i on i.list_id = l.id
      where l.user_id = $1 and l.name = $2 order by i.created_at desc, i.feature_id desc`,
  },
};

/** Writes: $1 is always the caller. */
export const WRITES = {
  // The place, the features (of the place, or inside a country or region), the trip, its admin,
  // its features and their planner items in the tray: one statement, so one transaction. Nothing
  // is inserted when a feature is refused.
  createTrip: {
    name: 'ref_create_trip',
    text: `with p as (select id, type, title, country, country_code, region_code from places where id = $2),
      req as (select fid, ord from unnest($3::uuid[]) with ordinality as x(fid, ord)),
      ok as (select req.fid, req.ord from req join features f on f.id = req.fid join p on f.place_id = p.id
        or (f.country_code = p.country_code and (p.type = 'Country'
          or (p.type = 'Region' and p.region_code is not null and f.region_code = p.region_code)))),
      t as (insert into trips (place_id, trip_name, start_date, end_date, transport_mode, categories, created_by)
        select p.id, left(case when p.type = 'Country' or p.title = p.country then p.title
          else p.title || ', ' || p.country end, 120), $4::date, $5::date, $6, $7::text[], $1
        from p where (select count(*) from ok) = cardinality($3::uuid[]) returning id),
      m as (insert into trip_members (trip_id, user_id, role) select t.id, $1, 'admin' from t),
      tf as (insert into trip_features (trip_id, feature_id) select t.id, ok.fid from t, ok),
      pi as (insert into planner_items (trip_id, kind, feature_id, day, position)
        select t.id, 'feature', ok.fid, null, ok.ord - 1 from t, ok)
      select id from t`,
  },
  // The update takes the row lock (and checks the role); the answer is the updated trip.
  renameTrip: {
    name: 'ref_rename_trip',
    text: `with t as (update trips t set trip_name = $3, updated_at = now(), version = t.version + 1 from trip_members me
        where t.id = $2 and me.trip_id = t.id and me.user_id = $1 and me.role in ${EDITOR_ROLES}
        returning t.*, me.role as my_role)
      select ${tripColumns('t.my_role')} from t left join places p on p.id = t.place_id`,
  },
  /** In a transaction: the trip row locked first (every trip write serialises on it). */
  lockTrip: {
    name: 'ref_lock_trip',
    text: `select t.start_date::text as start_date, t.end_date::text as end_date, me.role
      from trips t join trip_members me on me.trip_id = t.id and me.user_id = $1
      where t.id = $2 for update of t`,
  },
  // After lockTrip: the item $2 of trip $1 leaves its list and goes to $3 (a day, null: the tray)
  // at index $4; both lists are renumbered 0..n-1 in one update, and the item's version rises when
  // its day changes. Nothing changes when the item is not in the trip.
  movePlannerItem: {
    name: 'ref_move_planner_item',
    text: `with item as (select id, day from planner_items where trip_id = $1 and id = $2),
      src as (select i.id, item.day, row_number() over (order by i.position, i.created_at, i.id) - 1 as pos
        from planner_items i, item where i.trip_id = $1 and i.day is not distinct from item.day
        and i.id <> item.id and item.day is distinct from $3::date),
      tgt as (select i.id, row_number() over (order by i.position, i.created_at, i.id) - 1 as r
        from planner_items i, item where i.trip_id = $1 and i.day is not distinct from $3::date and i.id <> item.id),
      k as (select least($4::int, (select count(*) from tgt)::int) as k),
      moves as (select id, day, pos from src
        union all select tgt.id, $3::date, r + case when r >= k.k then 1 else 0 end from tgt, k
        union all select item.id, $3::date, k.k from item, k)
      update planner_items pi set day = moves.day, position = moves.pos,
        version = pi.version + case when pi.id = $2 and pi.day is distinct from moves.day then 1 else 0 end from moves
      where pi.id = moves.id and pi.trip_id = $1 returning pi.id`,
  },
  // After lockTrip: the caller's entries replaced (those gone deleted, the others in order) and the
  // version of their list raised (answered).
  saveChecklist: {
    name: 'ref_save_checklist',
    text: `with d as (delete from checklist_entries where trip_id = $2 and user_id = $1 and entry <> all($3::text[])),
      e as (insert into checklist_entries (trip_id, user_id, entry, position)
        select $2, $1, e, o - 1 from unnest($3::text[]) with ordinality as x(e, o)
        on conflict (trip_id, user_id, entry) do update set position = excluded.position)
      update trip_members set checklist_version = checklist_version + 1 where trip_id = $2 and user_id = $1
      returning checklist_version as version`,
  },
  createChat: {
    name: 'ref_create_chat',
    text: `insert into chats (user_a, user_b) values ($1, $2) on conflict do nothing`,
  },
};

/**
 * A direct message in one statement: the crew check and the sender's name, the chat of the pair
 * locked, the message, the chat's order and the sender's read mark, and the recipient's one
 * unseen notification for the chat (inserted or refreshed). $2 recipient, $3/$4 the ordered pair,
 * $5 the text, $6/$7 the notification's previews. One statement per side of the sender.
 */
const sendMessage = (side) => ({
  name: `ref_send_message_${side}`,
  text: `with r as (select exists (select 1 from crew_links where user_id = $1 and friend_id = $2) as in_crew,
      coalesce(nullif((select trim(name || ' ' || last_name) from users where id = $1), ''), 'Someone') as sender),
    chat as (select id from chats where user_a = $3 and user_b = $4 for update),
    msg as (insert into messages (chat_id, sender_id, text) select chat.id, $1, $5::text from chat, r where r.in_crew
      returning id, seq, chat_id, sender_id, text, created_at),
    touched as (update chats set last_message_at = msg.created_at, ${side}_read_seq = msg.seq
      from msg where chats.id = msg.chat_id),
    n as (insert into notifications (user_id, kind, title, short, message, ref_user_id, chat_id)
      select $2, 'message', 'New message from ' || r.sender, r.sender || ': ' || $6::text, $7::text, $1, msg.chat_id from msg, r
      on conflict (user_id, chat_id) where seen = false and chat_id is not null do update set
        kind = excluded.kind, title = excluded.title, short = excluded.short, message = excluded.message,
        ref_user_id = excluded.ref_user_id, created_at = now())
    select r.in_crew, msg.id, msg.seq, msg.chat_id, msg.sender_id, msg.text, msg.created_at
    from r left join msg on true`,
});
export const SEND_MESSAGE = { a: sendMessage('a'), b: sendMessage('b') };

// ---------------------------------------------------------------- the API's JSON shapes

const fileUrl = (key) => `/api/assets/files/${key}`;

/** A user's picture (both sizes) or null. */
export function userImageJson(r) {
  return r.image_original && r.image_thumbnail
    ? { original: fileUrl(r.image_original), thumbnail: fileUrl(r.image_thumbnail) }
    : null;
}

/** toFeature (features.service.ts) from FEATURE_COLUMNS. */
export function featureJson(r) {
  return {
    _id: r.f_id,
    title: r.f_title,
    address: r.f_address,
    description: r.f_description,
    rank: r.f_rank,
    image: { original: r.f_image ?? `/api/core/images/feature/${r.f_key}.svg` },
    categoryId: r.f_categories,
    model: r.f_model,
    coordinates: r.f_lat !== null && r.f_lng !== null ? { lat: r.f_lat, lng: r.f_lng } : null,
    placeId: r.f_place_id,
  };
}

/** tripPlaceView (trip-views.ts) from TRIP_PLACE_COLUMNS. */
function tripPlaceJson(r) {
  return {
    _id: r.p_id,
    name: r.p_name,
    category: r.p_category,
    address: r.p_address,
    coordinates: { lat: r.p_lat, lng: r.p_lng },
    website: r.p_website,
    phone: r.p_phone,
    notes: r.p_notes,
    createdBy: r.p_created_by,
    createdAt: r.p_created_at.toISOString(),
    updatedAt: r.p_updated_at.toISOString(),
    version: r.p_version,
  };
}

/** tripViews (trip-views.ts) from tripColumns. */
/** A trip of the list: tripJson and its next booking (nextBookingOf of trip-views.ts). */
export function tripListJson(r) {
  const n = r.next;
  return {
    ...tripJson(r),
    next: n
      ? {
          _id: n.id,
          kind: n.kind,
          title: n.title,
          carrier: n.carrier,
          number: n.number,
          startLocal: n.startLocal,
          startZone: n.startZone,
          startAt: new Date(n.startAt).toISOString(),
          placeName: n.placeName,
        }
      : null,
  };
}

export function tripJson(r) {
  return {
    _id: r.id,
    tripName: r.trip_name,
    startDate: r.start_date,
    endDate: r.end_date,
    transportMode: r.transport_mode,
    image: {
      original: r.image_original ?? r.place_image,
      landscape: r.image_landscape ?? r.image_original ?? r.place_image,
    },
    users: r.users ?? [],
    placeId: r.place_id,
    categories: r.categories,
    featureCount: r.feature_count,
    myRole: r.my_role,
    createdAt: r.created_at.toISOString(),
    version: r.version,
  };
}

const DAY_MS = 86_400_000;
function eachDay(start, end) {
  const days = [];
  for (let ms = Date.parse(`${start}T00:00:00Z`); ms <= Date.parse(`${end}T00:00:00Z`); ms += DAY_MS) {
    days.push(new Date(ms).toISOString().slice(0, 10));
  }
  return days;
}

/** plannerOf (trip-planner.service.ts) from the rows of READS.planner. */
export function plannerJson(rows) {
  const first = rows[0];
  const days = first.start_date && first.end_date ? eachDay(first.start_date, first.end_date) : [];
  const byDay = new Map(days.map((d) => [d, []]));
  const tray = [];
  const stray = [];
  for (const r of rows) {
    if (r.id === null) continue;
    const item = {
      _id: r.id,
      kind: r.kind,
      feature: r.f_id === null ? null : featureJson(r),
      place: r.p_id === null ? null : tripPlaceJson(r),
      text: r.text,
      time: r.time,
      date: r.day,
      position: r.position,
      version: r.version,
    };
    if (r.day === null) tray.push(item);
    else (byDay.get(r.day) ?? stray).push(item);
  }
  return { days: days.map((date) => ({ date, items: byDay.get(date) })), tray: [...tray, ...stray] };
}

export function currentUserJson(r) {
  return {
    _id: r.id,
    name: r.name,
    lastName: r.last_name,
    email: r.email,
    image: userImageJson(r),
    createdAt: r.created_at.toISOString(),
  };
}

const KINDS = new Set([
  'crew-request',
  'crew-accepted',
  'trip-added',
  'trip-dates-changed',
  'trip-deleted',
  'trip-role-changed',
  'trip-removed',
  'message',
]);

export function notificationJson(r) {
  return {
    _id: r.id,
    kind: KINDS.has(r.kind) ? r.kind : 'message',
    title: r.title,
    short: r.short,
    message: r.message,
    seen: r.seen,
    ref: {
      ...(r.ref_trip_id ? { tripId: r.ref_trip_id } : {}),
      ...(r.ref_user_id ? { userId: r.ref_user_id } : {}),
    },
    createdAt: r.created_at.toISOString(),
  };
}

export function messageJson(r) {
  return {
    _id: r.id,
    chatId: r.chat_id,
    senderId: r.sender_id,
    text: r.text,
    createdAt: r.created_at.toISOString(),
    seq: Number(r.seq),
  };
}

/** The notification's quote of a message (notifications.service.ts preview). */
export function preview(text, max) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Keeps the last occurrence of each entry (trip-checklist.service.ts dedupeKeepLast). */
export function dedupeKeepLast(entries) {
  const seen = new Set();
  const out = [];
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    if (seen.has(entries[i])) continue;
    seen.add(entries[i]);
    out.push(entries[i]);
  }
  return out.reverse();
}
