/**
 * The mixed workload of the load bench: what one virtual user does in a loop with think time,
 * and the ledger of every acknowledged (2xx) write it made, from which the verifier knows what
 * the database must hold afterwards.
 *
 * Each user writes only to its own trips, chat messages and wishlist, one request at a time, so
 * the expected final state follows from the order of its own acknowledged writes: trip ids,
 * planner lists in order (notes appended, moves applied as the API documents them), message ids
 * and texts, the wishlist's set of feature ids. A write that ends in a network error has an
 * unknown outcome: its trip, chat or wishlist is marked uncertain (and the run fails anyway).
 */
import { call, mapLimit } from './load-client.mjs';
import { sleep } from './harness.mjs';

/** Relative weights of the operations a virtual user picks from on each turn. */
const WEIGHTS = [
  ['autocomplete', 12],
  ['place by id', 8],
  ['feature search', 14],
  ['categories', 5],
  ['suggestions', 5],
  ['create trip', 4],
  ['planner read', 8],
  ['add planner note', 8],
  ['move planner item', 14],
  ['send message', 10],
  ['wishlist toggle', 12],
  ['add expense', 6],
  ['read balances', 6],
  ['edit shared note', 8],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((t, [, w]) => t + w, 0);

/** Autocomplete prefixes of places in the curated catalogue. */
const QUERIES = ['par', 'lis', 'rom', 'ber', 'lon', 'bar', 'ams', 'pra', 'vie', 'tok', 'new', 'mad'];
const TRIP_DAYS = 4;
const MAX_TRIPS_PER_USER = 6;
const MAX_ITEMS_PER_TRIP = 40;

const pick = (list) => list[Math.floor(Math.random() * list.length)];

function addDays(day, n) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * What the virtual users browse and plan with: curated places (autocomplete) with the ids of
 * their features (feature search). Read once before the measured window.
 */
export async function discoverCatalogue(session) {
  const places = new Map();
  for (const q of QUERIES) {
    const { status, body } = await call(null, 'discover', session, 'GET', `/core/places/autocomplete?q=${q}`);
    if (status !== 200) throw new Error(`autocomplete ${q}: ${status}`);
    for (const place of body) places.set(place._id, place);
  }
  const catalogue = [];
  await mapLimit([...places.values()], 4, async (place) => {
    const { status, body } = await call(
      null,
      'discover',
      session,
      'GET',
      `/core/features/search?placeId=${place._id}&limit=30`,
    );
    if (status === 200 && body.data.length >= 5) {
      catalogue.push({ placeId: place._id, featureIds: body.data.map((f) => f._id), total: body.total });
    }
  });
  if (catalogue.length === 0) throw new Error('no place with features: is the curated catalogue seeded?');
  return catalogue;
}

/** An empty ledger for one setup. */
export function createLedger(runId) {
  return {
    runId,
    users: [],
    trips: {},
    messages: {},
    wishlists: {},
    expenses: {},
    noteEdits: [],
    conflictsTold: 0,
    uncertain: [],
    plannerAnswerMismatches: [],
    balanceMismatches: [],
  };
}

/** The lists of a planner answer as { tray: ids, <day>: ids }, each in order. */
function listsOf(planner) {
  const lists = { tray: planner.tray.map((item) => item._id) };
  for (const day of planner.days) lists[day.date] = day.items.map((item) => item._id);
  return lists;
}

function sameLists(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key] ?? [];
    const y = b[key] ?? [];
    if (x.length !== y.length || x.some((id, i) => id !== y[i])) return false;
  }
  return true;
}

/**
 * One virtual user: `me` and its crew partner `partner` (sessions), the shared `catalogue`,
 * the `metrics` and the setup's `ledger`. Runs until `until` (epoch ms).
 */
export async function runVirtualUser({ me, partner, catalogue, metrics, ledger, until, thinkMs }) {
  const wishlist = new Set();
  ledger.wishlists[me.userId] = { items: wishlist, uncertain: false };
  const myTrips = [];
  // A handful of favourite features, so that toggling the wishlist both adds and removes.
  const favourites = Array.from({ length: 6 }, () => pick(pick(catalogue).featureIds));
  let counter = 0;
  const uncertain = (kind, what) => ledger.uncertain.push({ kind, what, user: me.userId });
  /** A request of this user, measured as `operation`. */
  const send = (operation, method, path, body) => call(metrics, operation, me, method, path, body);

  const checkAnswer = (trip, planner, request) => {
    if (!sameLists(trip.lists, listsOf(planner))) {
      ledger.plannerAnswerMismatches.push({ trip: trip.id, request });
    }
  };

  const ops = {
    autocomplete: () => send('autocomplete', 'GET', `/core/places/autocomplete?q=${pick(QUERIES)}`),
    'place by id': () => send('place by id', 'GET', `/core/places/place/${pick(catalogue).placeId}`),
    'feature search': () => {
      const place = pick(catalogue);
      const skip = pick([0, 0, 0, 5, 10]);
      return send('feature search', 'GET', `/core/features/search?placeId=${place.placeId}&skip=${skip}`);
    },
    categories: () => send('categories', 'GET', '/core/categories/all'),
    suggestions: () => send('suggestions', 'GET', '/core/suggestions'),

    'create trip': async () => {
      const place = pick(catalogue);
      const featureIds = [...new Set(Array.from({ length: 3 }, () => pick(place.featureIds)))];
      const startDate = addDays('2027-05-01', Math.floor(Math.random() * 60));
      const endDate = addDays(startDate, TRIP_DAYS - 1);
      const created = await send('create trip', 'POST', '/core/trips', {
        placeId: place.placeId,
        startDate,
        endDate,
        featureIds,
        members: [partner.userId],
      });
      if (created.status === 0) uncertain('trip', `create by ${me.email}`);
      if (created.status !== 201) return;
      const trip = {
        id: created.body._id,
        owner: me.userId,
        featureIds,
        days: Array.from({ length: TRIP_DAYS }, (_, i) => addDays(startDate, i)),
        lists: null,
        notes: {},
        uncertain: false,
      };
      ledger.trips[trip.id] = trip;
      myTrips.push(trip);
      // The planner as created: each feature an item in the tray, the days empty.
      const read = await send('planner read', 'GET', `/core/trips/${trip.id}/planner`);
      if (read.status === 200) trip.lists = listsOf(read.body);
      else trip.uncertain = true;
    },

    'planner read': () => {
      // Your own trip, or your crew partner's (you are a member of the trips they create).
      const theirs = Object.values(ledger.trips).filter((t) => t.owner === partner.userId);
      const trip = Math.random() < 0.5 && theirs.length > 0 ? pick(theirs) : pick(myTrips);
      return send('planner read', 'GET', `/core/trips/${trip.id}/planner`);
    },

    'add planner note': async () => {
      const trip = pick(myTrips.filter((t) => t.lists && !t.uncertain));
      if (!trip) return;
      const date = Math.random() < 0.2 ? null : pick(trip.days);
      counter += 1;
      const text = `note ${ledger.runId} ${me.index}-${counter}`;
      const answer = await send('add planner note', 'POST', `/core/trips/${trip.id}/planner/notes`, {
        date,
        text,
      });
      if (answer.status === 0) trip.uncertain = true;
      if (answer.status !== 200) return;
      const list = date === null ? answer.body.tray : answer.body.days.find((d) => d.date === date)?.items;
      const item = list?.find((i) => i.kind === 'note' && i.text === text);
      if (!item) {
        ledger.plannerAnswerMismatches.push({
          trip: trip.id,
          request: `note ${text} missing from the answer`,
        });
        trip.uncertain = true;
        return;
      }
      trip.notes[item._id] = text;
      trip.lists[date ?? 'tray'] = [...(trip.lists[date ?? 'tray'] ?? []), item._id];
      checkAnswer(trip, answer.body, `add note ${text}`);
    },

    'move planner item': async () => {
      const trip = pick(myTrips.filter((t) => t.lists && !t.uncertain));
      if (!trip) return;
      const from = pick(Object.keys(trip.lists).filter((k) => trip.lists[k].length > 0));
      if (!from) return;
      const itemId = pick(trip.lists[from]);
      const to = pick(['tray', ...trip.days]);
      const remaining = (trip.lists[to] ?? []).filter((id) => id !== itemId);
      // Sometimes past the end: the API puts the item last.
      const index = Math.floor(Math.random() * (remaining.length + 2));
      const answer = await send(
        'move planner item',
        'POST',
        `/core/trips/${trip.id}/planner/items/${itemId}/move`,
        { date: to === 'tray' ? null : to, index },
      );
      if (answer.status === 0) trip.uncertain = true;
      if (answer.status !== 200) return;
      trip.lists[from] = trip.lists[from].filter((id) => id !== itemId);
      const target = to === from ? trip.lists[from] : remaining;
      target.splice(Math.min(index, target.length), 0, itemId);
      trip.lists[to] = target;
      checkAnswer(trip, answer.body, `move ${itemId} to ${to}@${index}`);
    },

    'edit shared note': async () => {
      const shared = Object.values(ledger.trips).filter(
        (t) =>
          (t.owner === me.userId || t.owner === partner.userId) &&
          !t.uncertain &&
          Object.keys(t.notes).length > 0,
      );
      const trip = pick(shared);
      if (!trip) return;
      const noteId = pick(Object.keys(trip.notes));
      // The editor opens on the note as it is now; the user types for a moment; then saves.
      const read = await send('planner read', 'GET', `/core/trips/${trip.id}/planner`);
      if (read.status !== 200) return;
      const found = [...read.body.tray, ...read.body.days.flatMap((d) => d.items)].find(
        (i) => i._id === noteId,
      );
      if (!found) return;
      await sleep(Math.random() * 300);
      counter += 1;
      const text = `edit ${ledger.runId} ${me.index}-${counter}`;
      const answer = await send(
        'edit shared note',
        'PATCH',
        `/core/trips/${trip.id}/planner/items/${noteId}`,
        {
          text,
          version: found.version,
        },
      );
      if (answer.status === 0) trip.uncertain = true;
      if (answer.status === 409) ledger.conflictsTold += 1;
      if (answer.status !== 200) return;
      const item = [...answer.body.tray, ...answer.body.days.flatMap((d) => d.items)].find(
        (i) => i._id === noteId,
      );
      const version = item?.version ?? 0;
      ledger.noteEdits.push({ trip: trip.id, note: noteId, text, version, user: me.userId });
      // The note's expected text: the accepted edit with the highest version.
      trip.noteVersions ??= {};
      if (version > (trip.noteVersions[noteId] ?? 0)) {
        trip.noteVersions[noteId] = version;
        trip.notes[noteId] = text;
      }
    },

    'send message': async () => {
      counter += 1;
      const text = `msg ${ledger.runId} ${me.index}-${counter}`;
      const sent = await send('send message', 'POST', `/users/messages/direct/${partner.userId}`, {
        text,
      });
      if (sent.status === 0) uncertain('message', text);
      if (sent.status !== 201) return;
      ledger.messages[sent.body._id] = { text, senderId: me.userId, recipientId: partner.userId };
    },

    'add expense': async () => {
      const trip = pick(myTrips.filter((t) => t.lists && !t.uncertain));
      if (!trip) return;
      counter += 1;
      const title = `expense ${ledger.runId} ${me.index}-${counter}`;
      const cents = 100 + Math.floor(Math.random() * 20_000);
      const answer = await send('add expense', 'POST', `/core/trips/${trip.id}/expenses`, {
        title,
        amount: (cents / 100).toFixed(2),
        currency: 'EUR',
        date: trip.days[0],
        paidBy: me.userId,
        split: { kind: 'equal', people: [{ userId: me.userId }, { userId: partner.userId }] },
      });
      if (answer.status === 0) uncertain('expense', title);
      if (answer.status !== 201) return;
      ledger.expenses[answer.body._id] = { trip: trip.id, title, amountMinor: cents };
    },

    'read balances': async () => {
      const theirs = Object.values(ledger.trips).filter((t) => t.owner === partner.userId);
      const trip = Math.random() < 0.5 && theirs.length > 0 ? pick(theirs) : pick(myTrips);
      if (!trip) return;
      const answer = await send('read balances', 'GET', `/core/trips/${trip.id}/balances`);
      if (answer.status !== 200) return;
      // Whatever the others wrote meanwhile, a trip's balances always add up to zero.
      const sum = answer.body.balances.reduce((t, b) => t + b.balanceMinor, 0);
      if (sum !== 0) ledger.balanceMismatches.push({ trip: trip.id, sum });
    },

    'wishlist toggle': async () => {
      // Half the time un-heart something saved, otherwise heart one of the favourites.
      const featureId = wishlist.size > 0 && Math.random() < 0.5 ? pick([...wishlist]) : pick(favourites);
      const remove = wishlist.has(featureId);
      const answer = remove
        ? await send('wishlist remove', 'DELETE', `/core/wishlist/${featureId}`)
        : await send('wishlist add', 'POST', '/core/wishlist', { featureId });
      if (answer.status === 0) ledger.wishlists[me.userId].uncertain = true;
      if (answer.status < 200 || answer.status >= 300) return;
      if (remove) wishlist.delete(featureId);
      else wishlist.add(featureId);
    },
  };

  const choose = () => {
    let r = Math.random() * TOTAL_WEIGHT;
    for (const [name, weight] of WEIGHTS) {
      r -= weight;
      if (r < 0) return name;
    }
    return WEIGHTS[0][0];
  };

  // Spread the first requests over one think time, so the users do not start in lockstep.
  await sleep(Math.random() * thinkMs);
  while (Date.now() < until) {
    let name = choose();
    const planned = myTrips.filter((t) => t.lists && !t.uncertain);
    const full = planned.every((t) => Object.values(t.lists).flat().length >= MAX_ITEMS_PER_TRIP);
    const needsTrip = [
      'planner read',
      'add planner note',
      'move planner item',
      'add expense',
      'read balances',
    ];
    if (needsTrip.includes(name) && planned.length === 0) {
      name = 'create trip';
    }
    if (name === 'add planner note' && full && myTrips.length < MAX_TRIPS_PER_USER) name = 'create trip';
    if (name === 'add planner note' && full) name = 'move planner item';
    if (name === 'create trip' && myTrips.length >= MAX_TRIPS_PER_USER) name = 'move planner item';
    await ops[name]();
    // Think time: uniform between half and one and a half times the mean.
    await sleep(thinkMs * (0.5 + Math.random()));
  }
}
