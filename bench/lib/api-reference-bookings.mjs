/**
 * A trip's bookings in the raw reference of `npm run bench:api` (bench/api-reference-server.mjs):
 * the SQL an efficient implementation of GET and POST /api/core/trips/{id}/bookings runs, and
 * the JSON they answer (tripBookingView of apps/api/src/modules/trips/bookings/booking-ends.ts).
 * Written from trip-bookings.service.ts, trip-bookings.repository.ts, the trip_bookings table
 * (apps/api/drizzle/0027_trip-bookings.sql), its files (0028_booking-files.sql, read with the
 * list), record-versions.ts (the history row of an added booking) and booking-notifications.ts
 * (the other members' notification): keep in step. The API also writes the trip chat's line of
 * the new booking after its commit (chats/trip-chat/booking-chat-events.ts); this does not.
 *
 * The reference runs under plain node (no TypeScript), so the kinds and the cap are copied from
 * packages/contracts/src/trip-bookings.ts. It reads what the bench sends: a start and end with
 * their zone given (a body without one is refused with 400; finding a zone from an airport or a
 * point is not part of it), places named or pinned, no airport codes, travellers, cost, id or
 * hiding (400 too).
 */

const BOOKING_KINDS = new Set([
  'flight',
  'train',
  'bus',
  'ferry',
  'car-rental',
  'lodging',
  'restaurant',
  'event',
  'tour',
  'other',
]);
const TRIP_BOOKINGS_MAX = 500;

/** How the other members' notification names a kind (booking-notifications.ts). */
const KIND_WORDS = {
  flight: 'a flight',
  train: 'a train booking',
  bus: 'a bus booking',
  ferry: 'a ferry booking',
  'car-rental': 'a car rental',
  lodging: 'a stay',
  restaurant: 'a table',
  event: 'tickets',
  tour: 'a tour',
  other: 'a booking',
};

const COLUMNS = [
  'id',
  'kind',
  'title',
  'provider',
  'confirmation_code',
  'carrier',
  'number',
  'seat',
  'party_size',
  'travellers',
  'cost_minor',
  'cost_currency',
  'notes',
  'hidden_from_share',
  ...['start', 'end'].flatMap((p) =>
    ['local', 'zone', 'at', 'name', 'address', 'lat', 'lng', 'iata'].map((c) => `${p}_${c}`),
  ),
  'created_by',
  'created_at',
  'updated_at',
  'version',
];

export const BOOKING_SQL = {
  // The caller's membership (any role reads) and the trip's bookings, soonest first: one statement.
  list: {
    name: 'ref_trip_bookings',
    text: `select ${COLUMNS.map((c) => `b.${c}`).join(', ')},
        (select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'type', f.type, 'size', f.size,
            'createdBy', f.created_by, 'createdAt', f.created_at) order by f.created_at, f.id), '[]'::json)
          from trip_booking_files f where f.booking_id = b.id) as files
      from trip_members me left join trip_bookings b on b.trip_id = me.trip_id
      where me.user_id = $1 and me.trip_id = $2
      order by b.start_at, b.created_at, b.id`,
  },
  // After lockTrip (the count is then exact): the instants from the local times and zones, the
  // cap and the order checked, the booking, its history row (recordArrival: 'added', its fields
  // after) and the notification of every other member whose trip notifications are on. $1 the
  // caller, $2 the trip; no row in b: full (n) or an end before the start. The instant is
  // PostgreSQL's reading of the local time in its zone (the API's instantOf in zoned-time.ts may
  // differ only in the hour a clock change skips or repeats, which the bench's times avoid).
  create: {
    name: 'ref_add_trip_booking',
    text: `with v as (select ($12::text::timestamp at time zone $13::text) as start_at,
        ($18::text::timestamp at time zone $19::text) as end_at,
        (select count(*)::int from trip_bookings where trip_id = $2::uuid) as n),
      b as (insert into trip_bookings (trip_id, kind, title, provider, confirmation_code, carrier, number, seat,
          party_size, notes, start_local, start_zone, start_at, start_name, start_address, start_lat, start_lng,
          end_local, end_zone, end_at, end_name, end_address, end_lat, end_lng, created_by)
        select $2::uuid, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::int, $11::text,
          $12::text, $13::text, v.start_at, $14::text, $15::text, $16::float8, $17::float8,
          $18::text, $19::text, v.end_at, $20::text, $21::text, $22::float8, $23::float8, $1::uuid
        from v where v.n < ${TRIP_BOOKINGS_MAX} and (v.end_at is null or v.end_at >= v.start_at)
        returning ${COLUMNS.join(', ')}),
      a as (insert into trip_activity (trip_id, actor_id, kind, record_id, action, version, label, after)
        select $2::uuid, $1::uuid, 'booking', b.id, 'added', b.version, $24::text, $25::jsonb from b),
      who as (select coalesce(nullif(trim(u.name || ' ' || u.last_name), ''), 'Someone') as name, t.trip_name
        from users u, trips t where u.id = $1::uuid and t.id = $2::uuid),
      nt as (insert into notifications (user_id, kind, title, short, message, ref_trip_id, ref_user_id)
        select m.user_id, 'trip-booking', 'A booking of your trip',
          who.name || ' added ' || $26::text || ' in ' || who.trip_name,
          who.name || ' added ' || $26::text || ' (“' || b.title || '”) in the trip ' || who.trip_name
            || '. The trip''s bookings are on its Bookings tab.',
          $2::uuid, $1::uuid
        from b, who, trip_members m left join notification_settings s on s.user_id = m.user_id
        where m.trip_id = $2::uuid and m.user_id <> $1::uuid and coalesce(s.trips_in_app, true))
      select v.n, b.* from v left join b on true`,
  },
};

// ---------------------------------------------------------------- the API's JSON

const exponents = new Map();
/** 42000 EUR → "420.00" (fromMinorUnits; the exponent from Intl for the codes the bench uses). */
function fromMinorUnits(minor, code) {
  let exponent = exponents.get(code);
  if (exponent === undefined) {
    exponent = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits;
    exponents.set(code, exponent);
  }
  const digits = Math.abs(minor)
    .toString()
    .padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  return `${minor < 0 ? '-' : ''}${whole}${exponent === 0 ? '' : `.${digits.slice(-exponent)}`}`;
}

/** A start or end (endView): null without one; its place when named, pinned or an airport. */
function endJson(r, p) {
  const [local, zone, at] = [r[`${p}_local`], r[`${p}_zone`], r[`${p}_at`]];
  if (local === null || zone === null || at === null) return null;
  const [name, lat, lng, iata] = [r[`${p}_name`], r[`${p}_lat`], r[`${p}_lng`], r[`${p}_iata`]];
  const located = name !== null || lat !== null || iata !== null;
  return {
    local,
    zone,
    at: at.toISOString(),
    place: located
      ? {
          name: name ?? iata ?? '',
          address: r[`${p}_address`] ?? '',
          coordinates: lat !== null && lng !== null ? { lat, lng } : null,
          iata,
        }
      : null,
  };
}

/** tripBookingView (booking-ends.ts) from COLUMNS and, read with them, its `files`. */
export function bookingJson(r, tripId) {
  return {
    _id: r.id,
    kind: r.kind,
    title: r.title,
    provider: r.provider,
    confirmationCode: r.confirmation_code,
    carrier: r.carrier,
    number: r.number,
    seat: r.seat,
    partySize: r.party_size,
    travellers: r.travellers,
    cost:
      r.cost_minor !== null && r.cost_currency !== null
        ? { amount: fromMinorUnits(Number(r.cost_minor), r.cost_currency), currency: r.cost_currency }
        : null,
    notes: r.notes,
    hiddenFromShare: r.hidden_from_share,
    start: endJson(r, 'start'),
    end: endJson(r, 'end'),
    files: (r.files ?? []).map((f) => ({
      _id: f.id,
      name: f.name,
      type: f.type,
      size: f.size,
      createdBy: f.createdBy,
      createdAt: new Date(f.createdAt).toISOString(),
      url: `/api/core/trips/${tripId}/bookings/${r.id}/files/${f.id}`,
    })),
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    version: r.version,
  };
}

// ---------------------------------------------------------------- the body

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const zones = new Map();

/** isTimeZone (zoned-time.ts): a name the platform knows, checked once per zone. */
function isTimeZone(zone) {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone))
    return false;
  if (!zones.has(zone)) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      zones.set(zone, true);
    } catch {
      zones.set(zone, false);
    }
  }
  return zones.get(zone);
}

/** isLocalDateTime (zoned-time.ts): "2026-12-01T07:40", a day that exists. */
function isLocalDateTime(value) {
  const match = typeof value === 'string' ? LOCAL.exec(value) : null;
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    year >= 1900 &&
    year <= 2200 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60
  );
}

/**
 * Checks a create body as the contract does for what the bench sends; answers the columns'
 * values, the history's fields and the notification's words, or refuses (400).
 */
function bookingValues(body, refuse) {
  const text = (value, max, what) => {
    if (value === undefined) return '';
    const trimmed = typeof value === 'string' ? value.trim() : refuse(400, `${what} is text`);
    return trimmed.length <= max ? trimmed : refuse(400, `${what} has at most ${max} characters`);
  };
  const unsupported = ['_id', 'travellers', 'cost', 'hiddenFromShare'].filter((k) => body[k] !== undefined);
  if (unsupported.length > 0) refuse(400, `${unsupported.join(', ')}: not part of the reference`);
  if (!BOOKING_KINDS.has(body.kind)) refuse(400, 'The kind is one of the booking kinds');
  const end = (given, which, fallbackZone) => {
    if (given === null || given === undefined) return null;
    if (!isLocalDateTime(given.local))
      refuse(400, `${which}.local: give the date and time as YYYY-MM-DDTHH:mm`);
    const place = given.place ?? null;
    if (place?.iata !== undefined) refuse(400, 'Airport codes are not part of the reference');
    const pinned = place?.lat !== undefined || place?.lng !== undefined;
    if (pinned && (typeof place.lat !== 'number' || typeof place.lng !== 'number'))
      refuse(400, `${which}.place: give both lat and lng`);
    const zone = given.zone ?? (pinned ? undefined : fallbackZone);
    if (!isTimeZone(zone)) refuse(400, `${which}.zone: give the time zone (like Europe/Lisbon)`);
    const name = text(place?.name, 120, 'A place name') || null;
    if (place && !name && !pinned) refuse(400, `${which}.place: name the place`);
    return {
      local: given.local,
      zone,
      name,
      address: text(place?.address, 300, 'An address') || null,
      lat: pinned ? place.lat : null,
      lng: pinned ? place.lng : null,
    };
  };
  const start = end(body.start ?? refuse(400, 'Give the start'), 'start');
  const finish = end(body.end, 'end', start.zone);
  const partySize = body.partySize ?? null;
  if (partySize !== null && !(Number.isInteger(partySize) && partySize >= 1 && partySize <= 500))
    refuse(400, 'The party size is a whole number from 1 to 500');
  const title = text(body.title, 120, 'A title') || refuse(400, 'Give a title (the reference makes none)');
  const fields = {
    kind: body.kind,
    title,
    provider: text(body.provider, 120, 'A provider'),
    confirmationCode: text(body.confirmationCode, 40, 'A confirmation code'),
    carrier: text(body.carrier, 120, 'A carrier'),
    number: text(body.number, 20, 'A number'),
    seat: text(body.seat, 40, 'A seat'),
    partySize,
    travellers: '',
    cost: null,
    notes: text(body.notes, 4000, 'Notes'),
    hiddenFromShare: false,
    start: endText(start),
    end: endText(finish),
  };
  return { start, end: finish, fields };
}

/** endText (booking-ends.ts): a start or end in one line, as the history keeps it. */
function endText(end) {
  if (!end) return null;
  const where = [end.name, end.address].filter(Boolean).join(', ');
  const point = end.lat !== null && end.lng !== null ? ` @${end.lat.toFixed(5)},${end.lng.toFixed(5)}` : '';
  return `${end.local} ${end.zone}${where ? ` · ${where}` : ''}${point}`;
}

/** labelOf (record-versions.ts): the first line, at most 80 characters. */
function labelOf(text) {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * The bookings routes of the raw reference, on its helpers: `query` (a prepared statement on the
 * pool), `inTransaction`, `lockTrip` (the trip row locked, the caller's role checked), `tripId`
 * (404 for a malformed id) and `refuse`.
 */
export function bookingRoutes({ query, inTransaction, lockTrip, tripId, refuse }) {
  const path = /^\/api\/core\/trips\/([^/]+)\/bookings$/;
  return {
    reads: [
      [
        path,
        async (userId, [id]) => {
          const { rows } = await query(BOOKING_SQL.list, [userId, tripId(id)]);
          if (rows.length === 0) refuse(404, 'Trip not found');
          return [200, rows.filter((r) => r.id !== null).map((r) => bookingJson(r, id))];
        },
      ],
    ],
    writes: [
      [
        'POST',
        path,
        async (userId, [id], body) => {
          // The input first (it needs no database), then the editor's role under the trip's lock.
          if (typeof body !== 'object' || body === null) refuse(400, 'The body is a booking');
          const { start, end, fields } = bookingValues(body, refuse);
          const row = await inTransaction(async (client) => {
            await lockTrip(client, userId, id, true);
            const values = [
              userId,
              id,
              fields.kind,
              fields.title,
              fields.provider,
              fields.confirmationCode,
              fields.carrier,
              fields.number,
              fields.seat,
              fields.partySize,
              fields.notes,
              ...[start, end].flatMap((e) => [
                e?.local ?? null,
                e?.zone ?? null,
                e?.name ?? null,
                e?.address ?? null,
                e?.lat ?? null,
                e?.lng ?? null,
              ]),
              labelOf(fields.title),
              JSON.stringify(fields),
              KIND_WORDS[fields.kind],
            ];
            return (await client.query({ ...BOOKING_SQL.create, values })).rows[0];
          });
          if (row.id === null) {
            refuse(
              400,
              row.n >= TRIP_BOOKINGS_MAX
                ? `A trip has at most ${TRIP_BOOKINGS_MAX} bookings.`
                : 'The end is before the start: check the dates, times and time zones.',
            );
          }
          return [200, bookingJson(row, id)];
        },
      ],
    ],
  };
}
