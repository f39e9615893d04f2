/**
 * After a load run: is every acknowledged write in the database exactly once? Compares the
 * ledger of the virtual users (bench/lib/load-workload.mjs) with what PostgreSQL holds, by SQL:
 *
 * - trips: every acknowledged trip exists; no other trip of the bench users exists;
 * - planner: every list (tray, each day) of every trip holds exactly the expected items, in the
 *   expected order, at dense positions 0..n-1 (so each moved item is where its last acknowledged
 *   move put it); every acknowledged note once, with its text; one item per picked feature;
 * - messages: every acknowledged message id exists with its text and sender, each text once, and
 *   the bench users sent nothing else;
 * - wishlists: each user's default list holds exactly the expected set of features.
 *
 * Writes whose outcome is unknown (a network error) are marked uncertain in the ledger and only
 * checked for presence; such a run fails on its network errors anyway.
 */
import pg from 'pg';

/** The ledger as plain JSON (sets become arrays), to write to a file or hand to verifyWrites. */
export function ledgerToJson(ledger) {
  const wishlists = {};
  for (const [userId, w] of Object.entries(ledger.wishlists)) {
    wishlists[userId] = { items: [...w.items], uncertain: w.uncertain };
  }
  return { ...ledger, wishlists };
}

/**
 * Checks `ledger` (plain JSON, see ledgerToJson) against the database at `databaseUrl`.
 * Resolves to { ok, lost, duplicated, misplaced, checked, problems } where problems lists the
 * first 50 findings in words.
 */
export async function verifyWrites(databaseUrl, ledger) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems = [];
  const tally = { lost: 0, duplicated: 0, misplaced: 0 };
  const problem = (kind, text) => {
    tally[kind] += 1;
    if (problems.length < 50) problems.push(`${kind}: ${text}`);
  };
  const checked = {
    trips: 0,
    plannerItems: 0,
    notes: 0,
    noteEdits: 0,
    messages: 0,
    wishlistUsers: 0,
    wishlistItems: 0,
    expenses: 0,
  };
  const userIds = ledger.users.map((u) => u.userId);
  const uncertainTripCreators = new Set(ledger.uncertain.filter((u) => u.kind === 'trip').map((u) => u.user));
  const uncertainTexts = new Set(ledger.uncertain.filter((u) => u.kind === 'message').map((u) => u.what));
  const uncertainExpenses = new Set(ledger.uncertain.filter((u) => u.kind === 'expense').map((u) => u.what));
  try {
    // ------------------------------------------------------------ trips
    const tripRows = (
      await client.query(
        'select id::text as id, created_by::text as owner from trips where created_by = any($1)',
        [userIds],
      )
    ).rows;
    const tripCount = new Map();
    for (const row of tripRows) tripCount.set(row.id, (tripCount.get(row.id) ?? 0) + 1);
    for (const [id, trip] of Object.entries(ledger.trips)) {
      checked.trips += 1;
      const n = tripCount.get(id) ?? 0;
      if (n === 0) problem('lost', `trip ${id} (acknowledged 201) is missing`);
      if (n > 1) problem('duplicated', `trip ${id} is there ${n} times`);
      if (n > 0 && tripRows.find((r) => r.id === id).owner !== trip.owner) {
        problem('misplaced', `trip ${id} has another creator`);
      }
    }
    for (const row of tripRows) {
      if (!ledger.trips[row.id] && !uncertainTripCreators.has(row.owner)) {
        problem('duplicated', `trip ${row.id} exists but no create was acknowledged for it`);
      }
    }

    // ------------------------------------------------------------ planner
    const certain = Object.values(ledger.trips).filter((t) => t.lists && !t.uncertain);
    const itemRows = (
      await client.query(
        `select id::text as id, trip_id::text as trip, kind, text, feature_id::text as feature,
                day::text as day, position
           from planner_items where trip_id = any($1)`,
        [certain.map((t) => t.id)],
      )
    ).rows;
    const byTrip = new Map();
    for (const row of itemRows) {
      if (!byTrip.has(row.trip)) byTrip.set(row.trip, []);
      byTrip.get(row.trip).push(row);
    }
    for (const trip of certain) {
      const rows = byTrip.get(trip.id) ?? [];
      const actual = {};
      for (const row of rows) (actual[row.day ?? 'tray'] ??= []).push(row);
      for (const key of new Set([...Object.keys(trip.lists), ...Object.keys(actual)])) {
        const expected = trip.lists[key] ?? [];
        const list = (actual[key] ?? []).sort((a, b) => a.position - b.position);
        checked.plannerItems += expected.length;
        const ids = list.map((r) => r.id);
        for (const id of expected) {
          const n = ids.filter((x) => x === id).length;
          if (n > 1) problem('duplicated', `planner item ${id} of trip ${trip.id} is ${n} times in ${key}`);
          if (n === 0 && !rows.some((r) => r.id === id)) {
            problem('lost', `planner item ${id} of trip ${trip.id} (expected in ${key}) is missing`);
          } else if (n === 0) {
            const at = rows.find((r) => r.id === id);
            problem(
              'misplaced',
              `planner item ${id} of trip ${trip.id}: expected in ${key}, found in ${at.day ?? 'tray'}`,
            );
          }
        }
        for (const row of list) {
          if (!expected.includes(row.id) && !Object.values(trip.lists).some((l) => l.includes(row.id))) {
            problem(
              'duplicated',
              `planner item ${row.id} (${row.kind} ${row.text ?? row.feature}) of trip ${trip.id} was never acknowledged`,
            );
          }
        }
        const order = list.map((r) => r.id).filter((id) => expected.includes(id));
        const want = expected.filter((id) => ids.includes(id));
        if (order.some((id, i) => id !== want[i])) {
          problem(
            'misplaced',
            `trip ${trip.id} ${key}: order ${order.join(',')} instead of ${want.join(',')}`,
          );
        }
        if (list.some((r, i) => r.position !== i)) {
          problem(
            'misplaced',
            `trip ${trip.id} ${key}: positions ${list.map((r) => r.position).join(',')} are not 0..n-1`,
          );
        }
      }
      for (const [id, text] of Object.entries(trip.notes)) {
        checked.notes += 1;
        const same = rows.filter((r) => r.kind === 'note' && r.text === text);
        const row = rows.find((r) => r.id === id);
        if (row && row.text !== text) {
          // An edited note holds its newest accepted text; anything else lost an acknowledged edit.
          if (trip.noteVersions?.[id])
            problem('lost', `note ${id} of trip ${trip.id}: "${row.text}" instead of "${text}"`);
          else problem('misplaced', `note ${id} of trip ${trip.id} has another text`);
        }
        if (same.length > 1)
          problem('duplicated', `note "${text}" of trip ${trip.id} is there ${same.length} times`);
      }
      const features = rows.filter((r) => r.kind === 'feature');
      if (features.length !== trip.featureIds.length) {
        problem(
          features.length > trip.featureIds.length ? 'duplicated' : 'lost',
          `trip ${trip.id} has ${features.length} feature items for ${trip.featureIds.length} picked features`,
        );
      }
    }

    // ------------------------------------------------------------ messages
    const messageRows = (
      await client.query(
        'select id::text as id, text, sender_id::text as sender from messages where sender_id = any($1)',
        [userIds],
      )
    ).rows;
    const byId = new Map(messageRows.map((r) => [r.id, r]));
    const textCount = new Map();
    for (const row of messageRows) textCount.set(row.text, (textCount.get(row.text) ?? 0) + 1);
    for (const [id, message] of Object.entries(ledger.messages)) {
      checked.messages += 1;
      const row = byId.get(id);
      if (!row) problem('lost', `message ${id} "${message.text}" (acknowledged 201) is missing`);
      else if (row.text !== message.text || row.sender !== message.senderId) {
        problem('misplaced', `message ${id} has text "${row.text}" from ${row.sender}`);
      }
      const n = textCount.get(message.text) ?? 0;
      if (n > 1) problem('duplicated', `message "${message.text}" is there ${n} times`);
    }
    const acknowledgedTexts = new Set(Object.values(ledger.messages).map((m) => m.text));
    for (const row of messageRows) {
      if (!ledger.messages[row.id] && !acknowledgedTexts.has(row.text) && !uncertainTexts.has(row.text)) {
        problem('duplicated', `message ${row.id} "${row.text}" exists but was never acknowledged`);
      }
    }

    // ------------------------------------------------------------ expenses
    const expenseRows = (
      await client.query(
        `select e.id::text as id, e.title, e.amount_minor::bigint as amount, e.base_minor::bigint as base,
                coalesce(sum(s.share_base_minor), 0)::bigint as shares
           from trip_expenses e left join trip_expense_shares s on s.expense_id = e.id
          where e.trip_id = any($1) group by e.id`,
        [Object.keys(ledger.trips)],
      )
    ).rows;
    const expenseById = new Map(expenseRows.map((r) => [r.id, r]));
    const titleCount = new Map();
    for (const row of expenseRows) titleCount.set(row.title, (titleCount.get(row.title) ?? 0) + 1);
    for (const [id, expense] of Object.entries(ledger.expenses ?? {})) {
      checked.expenses += 1;
      const row = expenseById.get(id);
      if (!row) problem('lost', `expense ${id} "${expense.title}" (acknowledged 201) is missing`);
      else if (Number(row.amount) !== expense.amountMinor) {
        problem('misplaced', `expense ${id} holds ${row.amount}, not ${expense.amountMinor}`);
      }
      if ((titleCount.get(expense.title) ?? 0) > 1) problem('duplicated', `expense "${expense.title}" twice`);
    }
    const acknowledgedTitles = new Set(Object.values(ledger.expenses ?? {}).map((e) => e.title));
    for (const row of expenseRows) {
      if (!acknowledgedTitles.has(row.title) && !uncertainExpenses.has(row.title)) {
        problem('duplicated', `expense ${row.id} "${row.title}" exists but was never acknowledged`);
      }
      if (Number(row.shares) !== Number(row.base)) {
        problem('misplaced', `expense ${row.id}: shares add up to ${row.shares}, not ${row.base}`);
      }
    }

    // ------------------------------------------------------------ wishlists
    const wishRows = (
      await client.query(
        `select l.user_id::text as "user", i.feature_id::text as feature
           from wishlist_items i join wishlist_lists l on l.id = i.list_id
          where l.user_id = any($1) and l.name = 'default'`,
        [userIds],
      )
    ).rows;
    const actualWish = new Map();
    for (const row of wishRows) {
      if (!actualWish.has(row.user)) actualWish.set(row.user, []);
      actualWish.get(row.user).push(row.feature);
    }
    for (const [userId, wish] of Object.entries(ledger.wishlists)) {
      if (wish.uncertain) continue;
      checked.wishlistUsers += 1;
      checked.wishlistItems += wish.items.length;
      const actual = actualWish.get(userId) ?? [];
      for (const featureId of wish.items) {
        const n = actual.filter((f) => f === featureId).length;
        if (n === 0) problem('lost', `wishlist of ${userId}: ${featureId} (acknowledged add) is missing`);
        if (n > 1) problem('duplicated', `wishlist of ${userId}: ${featureId} is there ${n} times`);
      }
      for (const featureId of new Set(actual)) {
        if (!wish.items.includes(featureId)) {
          problem(
            'duplicated',
            `wishlist of ${userId}: ${featureId} is there after its acknowledged removal`,
          );
        }
      }
    }

    // ------------------------------------------------------------ shared notes (decision 035)
    // Every accepted edit of a shared note is in the trip's history with its text: none was
    // replaced silently (a later accepted edit from a newer version supersedes it, on the record).
    const edits = ledger.noteEdits ?? [];
    if (edits.length > 0) {
      const recorded = (
        await client.query(
          `select record_id::text as note, after->>'text' as text from trip_activity
            where action = 'changed' and record_id = any($1) and after ? 'text'`,
          [[...new Set(edits.map((edit) => edit.note))]],
        )
      ).rows;
      const seen = new Set(recorded.map((row) => `${row.note} ${row.text}`));
      for (const edit of edits) {
        checked.noteEdits += 1;
        if (!seen.has(`${edit.note} ${edit.text}`)) {
          problem('lost', `note ${edit.note}: the accepted edit "${edit.text}" is not in the trip's history`);
        }
      }
    }
  } finally {
    await client.end();
  }
  const answerMismatches =
    (ledger.plannerAnswerMismatches?.length ?? 0) + (ledger.balanceMismatches?.length ?? 0);
  for (const m of (ledger.balanceMismatches ?? []).slice(0, 10)) {
    if (problems.length < 50) problems.push(`answer: trip ${m.trip}: balances added up to ${m.sum}`);
  }
  for (const m of (ledger.plannerAnswerMismatches ?? []).slice(0, 10)) {
    if (problems.length < 50) problems.push(`answer: trip ${m.trip}: ${m.request} answered another planner`);
  }
  return {
    ok: tally.lost === 0 && tally.duplicated === 0 && tally.misplaced === 0 && answerMismatches === 0,
    ...tally,
    answerMismatches,
    uncertain: ledger.uncertain.length,
    checked,
    problems,
  };
}
