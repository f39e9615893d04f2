import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { allItemIds, createTrip, crewOf, day, getPlanner, useCatalogue } from '../trips.fixtures.ts';

describe('trip planner', () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  /** A trip of `days` days from tomorrow with `features` features (all in the tray). */
  async function plannedTrip(user: TestUser, days: number, features: number, members: string[] = []) {
    const id = await createTrip(t, user, {
      placeId: c.lisbon._id,
      startDate: day(1),
      endDate: day(days),
      featureIds: c.lisbonFeatures.slice(0, features).map((f) => f._id),
      members,
    });
    return { id, planner: await getPlanner(t, user, id) };
  }

  const move = (user: TestUser, tripId: string, itemId: string, date: string | null, index: number) =>
    apiCall(t, user, 'POST', `/core/trips/${tripId}/planner/items/${itemId}/move`, { date, index });

  const note = (user: TestUser, tripId: string, payload: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/planner/notes`,
      token: user.accessToken,
      payload,
    });

  /** Each list's positions are 0..n-1 and every item appears exactly once. */
  function expectConsistent(planner: Planner, expectedIds: string[]) {
    for (const list of [...planner.days.map((d) => d.items), planner.tray]) {
      expect(list.map((i) => i.position)).toEqual(list.map((_, i) => i));
    }
    for (const d of planner.days) for (const item of d.items) expect(item.date).toBe(d.date);
    for (const item of planner.tray) expect(item.date).toBeNull();
    expect([...allItemIds(planner)].sort()).toEqual([...expectedIds].sort());
  }

  const titles = (items: PlannerItem[]) => items.map((i) => i.feature?.title ?? i.text);

  it('[PLANNER-01] every day of the trip has an ordered list; feature items and notes with optional times; a tray for the rest', async () => {
    const ana = await createUser(t);
    const { id, planner } = await plannedTrip(ana, 3, 2);
    expect(planner.days.map((d) => d.date)).toEqual([day(1), day(2), day(3)]);
    expect(planner.days.every((d) => d.items.length === 0)).toBe(true);
    expect(planner.tray).toHaveLength(2);
    expect(planner.tray[0]).toMatchObject({
      kind: 'feature',
      text: null,
      time: null,
      date: null,
      position: 0,
    });
    expect(planner.tray[0]?.feature).toEqual(c.lisbonFeatures[0]);

    const first = await note(ana, id, { date: day(2), text: 'Tram 28 early', time: '08:15' });
    expect(first.statusCode, first.body).toBe(200);
    await note(ana, id, { date: day(2), text: 'Pastéis de nata' });
    const trayNote = await note(ana, id, { text: 'Buy a Viva Viagem card' });
    const after = trayNote.json() as Planner;
    expect(after.days[1]?.items.map((i) => [i.kind, i.text, i.time, i.position])).toEqual([
      ['note', 'Tram 28 early', '08:15', 0],
      ['note', 'Pastéis de nata', null, 1],
    ]);
    expect(after.tray.map((i) => i.text)).toEqual([null, null, 'Buy a Viva Viagem card']);

    // Bad notes.
    const outside = await note(ana, id, { date: day(9), text: 'x' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/is not a day of this trip/);
    expect((await note(ana, id, { date: day(1), text: 'x', time: '25:00' })).json().message).toMatch(/09:30/);
    expect((await note(ana, id, { text: '   ' })).json().message).toMatch(/Write something/);
    expect((await note(ana, id, { text: 'x'.repeat(501) })).statusCode).toBe(400);
  });

  it("[TIMELINE-05] a stop keeps its own visit length and time for the day's timeline; a note has no visit; bad lengths are refused", async () => {
    const ana = await createUser(t);
    const { id, planner } = await plannedTrip(ana, 2, 1);
    const stop = planner.tray[0]!;
    const patch = (itemId: string, body: Record<string, unknown>) =>
      apiCall(t, ana, 'PATCH', `/core/trips/${id}/planner/items/${itemId}`, body);
    const set = await patch(stop._id, { visitMinutes: 150, time: '10:30', version: stop.version });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as Planner).tray[0]).toMatchObject({ visitMinutes: 150, time: '10:30', version: 2 });
    // Back to the feature's typical visit.
    const cleared = await patch(stop._id, { visitMinutes: null, version: 2 });
    expect((cleared.json() as Planner).tray[0]).toMatchObject({ visitMinutes: null, time: '10:30' });

    for (const [minutes, message] of [
      [4, /at least 5 minutes/],
      [721, /at most 12 hours/],
      [30.5, /whole number/],
    ] as const) {
      const refused = await patch(stop._id, { visitMinutes: minutes, version: 3 });
      expect(refused.statusCode, String(minutes)).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    const added = (await note(ana, id, { date: day(1), text: 'Lunch' })).json() as Planner;
    const lunch = added.days[0]!.items[0]!;
    const onNote = await patch(lunch._id, { visitMinutes: 60, version: lunch.version });
    expect(onNote.statusCode).toBe(400);
    expect(onNote.json().message).toMatch(/only a stop has a visit length/);
    // Nothing partly written: the refused edits left the stop as it was.
    expect((await getPlanner(t, ana, id)).tray[0]).toMatchObject({ visitMinutes: null, version: 3 });
  });

  it('[TIMELINE-06] a day starts at 09:00 until a member sets it; a change from an old version is refused, a bad time too', async () => {
    const ana = await createUser(t);
    const { id, planner } = await plannedTrip(ana, 2, 1);
    expect(planner.days.map((d) => [d.start, d.startVersion])).toEqual([
      ['09:00', 0],
      ['09:00', 0],
    ]);
    const setStart = (date: string, body: Record<string, unknown>) =>
      apiCall(t, ana, 'PATCH', `/core/trips/${id}/planner/days/${date}/start`, body);
    const first = await setStart(day(2), { start: '10:30', version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as Planner).days[1]).toMatchObject({ start: '10:30', startVersion: 1 });
    const again = await setStart(day(2), { start: '08:00', version: 1 });
    expect((again.json() as Planner).days[1]).toMatchObject({ start: '08:00', startVersion: 2 });
    // Someone else's change came first: 409, and the day keeps theirs.
    const stale = await setStart(day(2), { start: '11:00', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed when this day starts meanwhile/);
    expect((await setStart(day(2), { start: '11:00', version: 0 })).statusCode).toBe(409);
    // Bad input: a time outside the day, a day outside the trip.
    const late = await setStart(day(1), { start: '24:30', version: 0 });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/24-hour clock/);
    const outside = await setStart(day(5), { start: '10:00', version: 0 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/is not a day of this trip/);
    expect((await getPlanner(t, ana, id)).days.map((d) => d.start)).toEqual(['09:00', '08:00']);

    // New dates with the plan shifted: the second day keeps its start, now on its new date.
    const shifted = await apiCall(t, ana, 'PATCH', `/core/trips/update/${id}`, {
      startDate: day(4),
      endDate: day(5),
      plannedDays: 'shift',
    });
    expect(shifted.statusCode, shifted.body).toBe(200);
    expect((await getPlanner(t, ana, id)).days.map((d) => [d.date, d.start])).toEqual([
      [day(4), '09:00'],
      [day(5), '08:00'],
    ]);
  });

  it('[OFFLINE-03] a note may carry an id the client chose, so later offline edits name it; a taken or malformed id is refused', async () => {
    const ana = await createUser(t);
    const { id } = await plannedTrip(ana, 2, 0);
    const chosen = '0b6f0d3e-6a55-4c1e-9a53-0f3a1c2d4e5f';
    const created = await note(ana, id, { _id: chosen, date: day(1), text: 'Written on the train' });
    expect(created.statusCode, created.body).toBe(200);
    expect((created.json() as Planner).days[0]?.items[0]).toMatchObject({
      _id: chosen,
      text: 'Written on the train',
    });
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/core/trips/${id}/planner/items/${chosen}`,
      token: ana.accessToken,
      payload: { text: 'Written on the train, edited offline' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const again = await note(ana, id, { _id: chosen, text: 'Same id twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
    const other = await plannedTrip(ana, 1, 0);
    expect((await note(ana, other.id, { _id: chosen, text: 'Another trip' })).statusCode).toBe(409);
    const malformed = await note(ana, id, { _id: 'pending-1', text: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/UUID/);
    const planner = await getPlanner(t, ana, id);
    expect(planner.days[0]?.items.map((i) => i.text)).toEqual(['Written on the train, edited offline']);
    expect(planner.tray).toHaveLength(0);
  });

  it("[PLANNER-01] an item's time and a note's text are edited; a feature has no text; notes are deleted, feature items are not", async () => {
    const ana = await createUser(t);
    const { id, planner } = await plannedTrip(ana, 2, 1);
    const featureItem = planner.tray[0]!;
    const withNote = (await note(ana, id, { date: day(1), text: 'Lunch' })).json() as Planner;
    const noteItem = withNote.days[0]!.items[0]!;
    const patch = (itemId: string, payload: Record<string, unknown>) =>
      t.request({
        method: 'PATCH',
        url: `/api/core/trips/${id}/planner/items/${itemId}`,
        token: ana.accessToken,
        payload,
      });

    const timed = await patch(featureItem._id, { time: '10:30' });
    expect(timed.statusCode, timed.body).toBe(200);
    expect((timed.json() as Planner).tray[0]?.time).toBe('10:30');
    const edited = await patch(noteItem._id, { text: 'Lunch at the market', time: '13:00' });
    expect((edited.json() as Planner).days[0]?.items[0]).toMatchObject({
      text: 'Lunch at the market',
      time: '13:00',
    });
    const untimed = await patch(noteItem._id, { time: null });
    expect((untimed.json() as Planner).days[0]?.items[0]?.time).toBeNull();
    expect((await patch(featureItem._id, { text: 'x' })).statusCode).toBe(400);
    expect((await patch(featureItem._id, {})).json().message).toMatch(/Nothing to update/);
    expect((await patch('00000000-0000-4000-8000-000000000000', { time: '10:00' })).statusCode).toBe(404);

    const del = (itemId: string) => apiCall(t, ana, 'DELETE', `/core/trips/${id}/planner/items/${itemId}`);
    const refused = await del(featureItem._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Remove the feature from the trip instead');
    expect((await del(noteItem._id)).statusCode).toBe(200);
    expect((await del(noteItem._id)).statusCode).toBe(404);
    expect(allItemIds(await getPlanner(t, ana, id))).toEqual([featureItem._id]);
  });

  it('[PLANNER-02] schedule, reorder, move between days and unschedule; positions stay dense', async () => {
    const ana = await createUser(t);
    const { id, planner } = await plannedTrip(ana, 3, 4);
    const [a, b, cItem, d] = planner.tray as [PlannerItem, PlannerItem, PlannerItem, PlannerItem];
    const all = [a, b, cItem, d].map((i) => i._id);
    const run = async (itemId: string, date: string | null, index: number) => {
      const res = await move(ana, id, itemId, date, index);
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json() as Planner;
      expectConsistent(p, all);
      return p;
    };

    let p = await run(a._id, day(1), 0);
    p = await run(b._id, day(1), 0);
    p = await run(cItem._id, day(1), 99);
    expect(p.days[0]?.items.map((i) => i._id)).toEqual([b._id, a._id, cItem._id]);
    expect(p.tray.map((i) => i._id)).toEqual([d._id]);
    // Reorder within a day.
    p = await run(cItem._id, day(1), 0);
    expect(p.days[0]?.items.map((i) => i._id)).toEqual([cItem._id, b._id, a._id]);
    p = await run(cItem._id, day(1), 2);
    expect(p.days[0]?.items.map((i) => i._id)).toEqual([b._id, a._id, cItem._id]);
    // Another day.
    p = await run(a._id, day(3), 0);
    expect(p.days[0]?.items.map((i) => i._id)).toEqual([b._id, cItem._id]);
    expect(p.days[2]?.items.map((i) => i._id)).toEqual([a._id]);
    // Unschedule to the front of the tray.
    p = await run(b._id, null, 0);
    expect(p.tray.map((i) => i._id)).toEqual([b._id, d._id]);
    // And the planner reads back the same.
    expect(await getPlanner(t, ana, id)).toEqual(p);

    const outside = await move(ana, id, a._id, day(4), 0);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/is not a day of this trip/);
    expect((await move(ana, id, a._id, day(-3), 0)).statusCode).toBe(400);
    expect((await move(ana, id, '00000000-0000-4000-8000-000000000000', null, 0)).statusCode).toBe(404);
    const negative = await move(ana, id, a._id, null, -1);
    expect(negative.statusCode).toBe(400);
    expect(await getPlanner(t, ana, id)).toEqual(p);

    // A trip without dates has only the tray.
    const dateless = await createTrip(t, ana, {
      placeId: c.lisbon._id,
      featureIds: [c.lisbonFeatures[0]!._id],
    });
    const dp = await getPlanner(t, ana, dateless);
    expect(dp.days).toEqual([]);
    const noDays = await move(ana, dateless, dp.tray[0]!._id, day(1), 0);
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().message).toMatch(/no dates yet/);
  });

  it('[PLANNER-03] changing the dates never deletes an item: items on vanished days go to the end of the tray in day order', async () => {
    const ana = await createUser(t);
    const { id, planner } = await plannedTrip(ana, 4, 5);
    const [f0, f1, f2, f3, f4] = planner.tray as [
      PlannerItem,
      PlannerItem,
      PlannerItem,
      PlannerItem,
      PlannerItem,
    ];
    await move(ana, id, f0._id, day(1), 0);
    await move(ana, id, f1._id, day(1), 1);
    await move(ana, id, f2._id, day(2), 0);
    await move(ana, id, f3._id, day(4), 0);
    const withNote = (
      await note(ana, id, { date: day(4), text: 'Fado night', time: '21:00' })
    ).json() as Planner;
    const noteId = withNote.days[3]!.items[1]!._id;
    const all = allItemIds(withNote);
    expect(all).toHaveLength(6);

    const res = await apiCall(t, ana, 'PATCH', `/core/trips/update/${id}`, {
      startDate: day(2),
      endDate: day(3),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().movedToTray).toBe(4);
    const p = await getPlanner(t, ana, id);
    expectConsistent(p, all);
    expect(p.days.map((d) => d.date)).toEqual([day(2), day(3)]);
    expect(p.days[0]?.items.map((i) => i._id)).toEqual([f2._id]);
    expect(p.tray.map((i) => i._id)).toEqual([f4._id, f0._id, f1._id, f3._id, noteId]);
    // The note keeps its time; it can be scheduled again.
    expect(p.tray[4]).toMatchObject({ text: 'Fado night', time: '21:00' });

    // Extending the range moves nothing.
    const extend = await apiCall(t, ana, 'PATCH', `/core/trips/update/${id}`, {
      startDate: day(1),
      endDate: day(6),
    });
    expect(extend.json().movedToTray).toBe(0);
    // Clearing the dates sends every scheduled item to the tray.
    const cleared = await apiCall(t, ana, 'PATCH', `/core/trips/update/${id}`, {
      startDate: null,
      endDate: null,
    });
    expect(cleared.json().movedToTray).toBe(1);
    const empty = await getPlanner(t, ana, id);
    expect(empty.days).toEqual([]);
    expectConsistent(empty, all);
    expect(empty.tray.at(-1)?._id).toBe(f2._id);
  });

  it('[PLANNER-11] new dates with plannedDays "shift" move the whole plan with them: every stop keeps its day of the trip and its time', async () => {
    const ana = await createUser(t);
    const { id, planner } = await plannedTrip(ana, 3, 4);
    const [f0, f1, f2, f3] = planner.tray as [PlannerItem, PlannerItem, PlannerItem, PlannerItem];
    await move(ana, id, f0._id, day(1), 0);
    await move(ana, id, f1._id, day(1), 1);
    await move(ana, id, f2._id, day(3), 0);
    await note(ana, id, { date: day(2), text: 'Train to Porto', time: '07:40' });
    const before = await getPlanner(t, ana, id);
    const all = allItemIds(before);
    const byDay = (p: Planner) => p.days.map((d) => d.items.map((i) => i._id));

    // The same length four days later: the plan moves with it, nothing goes to the tray.
    const later = await apiCall(t, ana, 'PATCH', `/core/trips/update/${id}`, {
      startDate: day(5),
      endDate: day(7),
      plannedDays: 'shift',
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().movedToTray).toBe(0);
    const shifted = await getPlanner(t, ana, id);
    expectConsistent(shifted, all);
    expect(shifted.days.map((d) => d.date)).toEqual([day(5), day(6), day(7)]);
    expect(byDay(shifted)).toEqual(byDay(before));
    expect(shifted.days[1]?.items[0]).toMatchObject({ text: 'Train to Porto', time: '07:40' });
    expect(shifted.tray.map((i) => i._id)).toEqual([f3._id]);

    // Earlier and one day shorter: day 3's stop has no day left and goes to the tray.
    const shorter = await apiCall(t, ana, 'PATCH', `/core/trips/update/${id}`, {
      startDate: day(2),
      endDate: day(3),
      plannedDays: 'shift',
    });
    expect(shorter.json().movedToTray).toBe(1);
    const cut = await getPlanner(t, ana, id);
    expectConsistent(cut, all);
    expect(byDay(cut)).toEqual(byDay(before).slice(0, 2));
    expect(cut.tray.map((i) => i._id)).toEqual([f3._id, f2._id]);

    // "tray" (also without plannedDays) keeps the stops on their dates.
    const tray = await apiCall(t, ana, 'PATCH', `/core/trips/update/${id}`, {
      startDate: day(3),
      endDate: day(4),
      plannedDays: 'tray',
    });
    expect(tray.json().movedToTray).toBe(2);
    expect((await getPlanner(t, ana, id)).days.map((d) => d.items.map((i) => i._id))).toEqual([
      byDay(before)[1],
      [],
    ]);

    // A bad choice is a 400 naming it, and plannedDays alone updates nothing.
    const bad = await apiCall(t, ana, 'PATCH', `/core/trips/update/${id}`, {
      startDate: day(1),
      plannedDays: 'keep',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/plannedDays must be 'shift' or 'tray'/);
    const alone = await apiCall(t, ana, 'PATCH', `/core/trips/update/${id}`, { plannedDays: 'shift' });
    expect(alone.statusCode).toBe(400);
    expect(alone.body).toMatch(/Nothing to update/);
  });

  it('[PLANNER-04] concurrent moves of the same item by two members lose and duplicate nothing', async () => {
    const ana = await createUser(t);
    const [bo] = (await crewOf(t, ana, 1)) as [TestUser];
    const { id, planner } = await plannedTrip(ana, 3, 6, [bo.id]);
    const all = allItemIds(planner);
    const [target, other] = planner.tray as [PlannerItem, PlannerItem];
    const moves = [
      move(ana, id, target._id, day(1), 0),
      move(bo, id, target._id, day(2), 0),
      move(ana, id, target._id, null, 3),
      move(bo, id, target._id, day(3), 5),
      move(ana, id, other._id, day(1), 0),
      move(bo, id, target._id, day(1), 1),
      move(ana, id, other._id, day(2), 1),
      move(bo, id, target._id, null, 0),
    ];
    const results = await Promise.all(moves);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    for (const res of results) expectConsistent(res.json() as Planner, all);
    const final = await getPlanner(t, ana, id);
    expectConsistent(final, all);
    expect(allItemIds(final).filter((x) => x === target._id)).toHaveLength(1);

    // Moves racing with a date change and a feature removal still leave one consistent planner.
    const removed = c.lisbonFeatures[5]!._id;
    const race = await Promise.all([
      move(ana, id, target._id, day(3), 0),
      apiCall(t, bo, 'PATCH', `/core/trips/update/${id}`, { startDate: day(1), endDate: day(2) }),
      move(bo, id, other._id, day(3), 0),
      apiCall(t, ana, 'DELETE', `/core/trips/${id}/features/${removed}`),
    ]);
    for (const res of race) expect([200, 400]).toContain(res.statusCode);
    const after = await getPlanner(t, ana, id);
    const remaining = final.tray
      .concat(final.days.flatMap((d) => d.items))
      .filter((i) => i.feature?._id !== removed)
      .map((i) => i._id);
    expectConsistent(after, remaining);
    expect(titles(after.tray).length + after.days.flatMap((d) => d.items).length).toBe(5);
  });
});
