// The load bench (`npm run bench:load`, bench/load.mjs) in a tiny configuration: a few virtual
// users for seconds, against one API instance and then two sharing PostgreSQL and Redis. The
// figures themselves are not asserted (the machine is shared), only that every operation is
// measured, that nothing answers 5xx or fails on the network, and that every acknowledged write
// is in the database exactly once. The run keeps its databases (BENCH_LOAD_KEEP_DB=1) so that the
// last test can break them on purpose and watch the verifier notice.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../bench/lib/load-metrics.mjs';
import { verifyWrites } from '../../bench/lib/load-verify.mjs';
import { runBench } from './run-bench.mjs';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const results = mkdtempSync(join(tmpdir(), 'tripcrew-bench-load-'));
let run;
let data;

async function sql(databaseUrl, text, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  run = await runBench('load.mjs', {
    BENCH_LOAD_VUS: '20',
    BENCH_LOAD_SECONDS: '10',
    BENCH_LOAD_THINK_MS: '500',
    BENCH_LOAD_KEEP_DB: '1',
    BENCH_RESULTS_DIR: results,
    BENCH_MAX_SECONDS: '230',
  });
  const files = readdirSync(join(results, 'load')).filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f));
  if (files.length === 1) data = JSON.parse(readFileSync(join(results, 'load', files[0]), 'utf8'));
}, 240_000);

afterAll(async () => {
  for (const setup of data?.setups ?? []) {
    if (!setup.database) continue;
    const name = new URL(setup.database).pathname.slice(1);
    await sql(ADMIN_URL, `drop database if exists ${name} with (force)`);
  }
  rmSync(results, { recursive: true, force: true });
});

describe('load bench', () => {
  it('[PERF-04] drives the mixed workload with signed-up crew pairs against one and two API instances and reports count, throughput, p50/p95/p99 and errors per operation', () => {
    expect(run.code, run.output).toBe(0);
    expect(data, run.output).toBeDefined();
    expect(data.setups.map((s) => [s.instances, s.redis, s.virtualUsers])).toEqual([
      [1, false, 20],
      [2, true, 20],
    ]);
    for (const setup of data.setups) {
      expect(setup.operations.map((o) => o.operation).sort(), setup.setup).toEqual([...OPERATIONS].sort());
      for (const op of setup.operations) {
        const what = `${setup.setup}: ${op.operation}`;
        expect(op.count, what).toBeGreaterThan(0);
        expect(op.perSec, what).toBeGreaterThan(0);
        for (const p of [op.p50, op.p95, op.p99]) expect(p, what).toEqual(expect.any(Number));
        expect(op.p50, what).toBeLessThanOrEqual(op.p95);
        expect(op.p95, what).toBeLessThanOrEqual(op.p99);
        expect(op, what).toMatchObject({
          errors4xx: expect.any(Number),
          errors5xx: expect.any(Number),
          networkErrors: expect.any(Number),
        });
      }
      // Every virtual user signed up through the API (register, mailed code, confirm).
      const confirm = setup.preparation.find((o) => o.operation === 'sign-up: confirm');
      expect(confirm.ok, setup.setup).toBe(20);
    }
    expect(run.output).toMatch(/\| operation \| count \| req\/s \| p50 ms \| p95 ms \| p99 ms/);
  });

  it('[PERF-05] has zero 5xx and zero network errors, and every acknowledged write is in PostgreSQL exactly once afterwards', () => {
    expect(data, run.output).toBeDefined();
    for (const setup of data.setups) {
      expect(setup.totals.errors5xx, setup.setup).toBe(0);
      expect(setup.totals.networkErrors, setup.setup).toBe(0);
      expect(setup.verification, setup.setup).toMatchObject({
        ok: true,
        lost: 0,
        duplicated: 0,
        misplaced: 0,
        answerMismatches: 0,
        uncertain: 0,
      });
      // The check covered real writes of every kind.
      for (const kind of ['trips', 'plannerNotes', 'plannerMoves', 'messages']) {
        expect(setup.acknowledged[kind], `${setup.setup}: ${kind}`).toBeGreaterThan(0);
      }
      expect(setup.verification.checked.plannerItems, setup.setup).toBeGreaterThan(0);
      // Conflicting edits of shared notes: every accepted one checked against the trip's history.
      expect(setup.verification.checked.noteEdits, setup.setup).toBe(setup.acknowledged.noteEdits);
      expect(setup.verification.checked.wishlistUsers, setup.setup).toBe(20);
      expect(setup.pass, setup.setup).toBe(true);
    }
    expect(data.pass).toBe(true);
  });

  it('[PERF-05] the write verifier detects a lost, a duplicated and a misplaced write', async () => {
    expect(data, run.output).toBeDefined();
    const setup = data.setups[0];
    const ledger = JSON.parse(readFileSync(setup.ledgerFile, 'utf8'));
    const db = setup.database;
    expect((await verifyWrites(db, ledger)).ok).toBe(true);

    // A message the API acknowledged goes missing.
    const [messageId] = Object.keys(ledger.messages);
    const [deleted] = await sql(db, 'delete from messages where id = $1 returning chat_id, sender_id, text', [
      messageId,
    ]);
    let result = await verifyWrites(db, ledger);
    expect(result).toMatchObject({ ok: false, lost: 1, duplicated: 0, misplaced: 0 });
    expect(result.problems.join('\n')).toContain(messageId);

    // It comes back twice (the original id and a copy).
    await sql(
      db,
      'insert into messages (id, chat_id, sender_id, text) values ($1, $2, $3, $4), (default, $2, $3, $4)',
      [messageId, deleted.chat_id, deleted.sender_id, deleted.text],
    );
    result = await verifyWrites(db, ledger);
    expect(result.ok).toBe(false);
    expect(result.lost).toBe(0);
    expect(result.duplicated).toBeGreaterThan(0);
    await sql(db, 'delete from messages where text = $1 and id <> $2', [deleted.text, messageId]);
    expect((await verifyWrites(db, ledger)).ok).toBe(true);

    // A planner list with two items in the wrong order: not where the last moves put them.
    const trip = Object.values(ledger.trips).find((t) =>
      Object.values(t.lists ?? {}).some((list) => list.length >= 2),
    );
    const [key, list] = Object.entries(trip.lists).find(([, l]) => l.length >= 2);
    await sql(
      db,
      `update planner_items set position = case id when $1::uuid then 1 when $2::uuid then 0 end
        where id in ($1::uuid, $2::uuid)`,
      [list[0], list[1]],
    );
    result = await verifyWrites(db, ledger);
    expect(result).toMatchObject({ ok: false, lost: 0, duplicated: 0 });
    expect(result.misplaced).toBeGreaterThan(0);
    expect(result.problems.join('\n')).toContain(`${trip.id} ${key}`);

    // A doctored expectation: one more acknowledged trip than the database has.
    const doctored = { ...ledger, trips: { ...ledger.trips, '00000000-0000-4000-8000-000000000000': trip } };
    delete doctored.trips[trip.id];
    result = await verifyWrites(db, doctored);
    expect(result.lost).toBeGreaterThan(0);
    expect(result.duplicated).toBeGreaterThan(0); // the real trip is now one nobody acknowledged

    // An acknowledged edit of a shared note that the database never kept (overwritten silently).
    const noted = Object.values(ledger.trips).find((t) => Object.keys(t.notes).length > 0);
    const [noteId] = Object.keys(noted.notes);
    const silent = {
      ...ledger,
      noteEdits: [
        ...ledger.noteEdits,
        { trip: noted.id, note: noteId, text: 'an edit nobody kept', version: 99 },
      ],
    };
    result = await verifyWrites(db, silent);
    expect(result).toMatchObject({ ok: false, lost: 1 });
    expect(result.problems.join('\n')).toContain('an edit nobody kept');
  });
});
