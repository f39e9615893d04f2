import type { Balances, Expense } from '@tripcrew/contracts/expenses';
import type { HistoryEntry, HistoryPage } from '@tripcrew/contracts/trip-history';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectError, expectJson } from '../../../../test/helpers/api-calls.ts';
import type { TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { anaCrewTrip, day, setRole, useCatalogue } from '../../trips/trips.fixtures.ts';
import { addExpense, equalSplit, expenseBody } from '../expenses.fixtures.ts';

/** The trip's money in its history (issue 35): who added, changed or removed what, for those who may read it. */
describe('money in the trip history', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  const history = async (user: TestUser, url: string, query = '') =>
    (await expectJson<HistoryPage>(call(user, 'GET', `${url}/history${query}`))).entries;
  const money = (entries: HistoryEntry[]) =>
    entries.filter((e) => ['expense', 'settlement', 'budget'].includes(e.kind));

  it('[HISTORY-14] expenses, payments and the budget are entries: added, changed (fields before → after) and removed, by whom', async () => {
    const { ana, crew, url } = await anaCrewTrip(t, c, 2, { startDate: day(1), endDate: day(4) });
    const [bo, cy] = crew;
    const dinner = await addExpense(call, ana, url, ana.id, {
      title: 'Dinner',
      amount: '90',
      split: equalSplit(ana.id, bo.id, cy.id),
    });
    await expectJson(
      call(ana, 'PUT', `${url}/expenses/${dinner._id}`, {
        ...expenseBody(ana.id, {
          title: 'Dinner at Ramiro',
          amount: '96',
          split: equalSplit(ana.id, bo.id, cy.id),
        }),
        version: 1,
      }),
    );
    // Bo pays Ana part of what he owes, then corrects the amount.
    const paid = await expectJson<Expense>(
      call(bo, 'POST', `${url}/settlements`, { from: bo.id, to: ana.id, amount: '10' }),
      201,
    );
    await expectJson(call(bo, 'PATCH', `${url}/settlements/${paid._id}`, { amount: '12.50', version: 1 }));
    await expectJson(call(ana, 'PUT', `${url}/budget`, { planned: '1200' }));
    await expectJson(call(ana, 'DELETE', `${url}/expenses/${dinner._id}`));

    const entries = money(await history(ana, url));
    expect(
      entries.map((e) => [e.kind, e.action, e.by?.name, e.fields, e.before, e.after, e.canUndo]),
    ).toEqual([
      [
        'expense',
        'removed',
        'Ana Silva',
        [],
        expect.objectContaining({
          title: 'Dinner at Ramiro',
          amount: '96.00',
          currency: 'EUR',
          paidBy: ana.id,
        }),
        null,
        true,
      ],
      [
        'budget',
        'changed',
        'Ana Silva',
        ['planned'],
        { planned: null, baseCurrency: 'EUR' },
        { planned: '1200.00', baseCurrency: 'EUR' },
        false,
      ],
      [
        'settlement',
        'changed',
        expect.any(String),
        ['amount'],
        { amount: '10.00', currency: 'EUR', from: bo.id, to: ana.id },
        { amount: '12.50', currency: 'EUR', from: bo.id, to: ana.id },
        false,
      ],
      [
        'settlement',
        'added',
        expect.any(String),
        [],
        null,
        { from: bo.id, to: ana.id, amount: '10.00', currency: 'EUR' },
        true,
      ],
      [
        'expense',
        'changed',
        'Ana Silva',
        ['title', 'amount'],
        { title: 'Dinner', amount: '90.00', currency: 'EUR' },
        { title: 'Dinner at Ramiro', amount: '96.00', currency: 'EUR' },
        false,
      ],
      [
        'expense',
        'added',
        'Ana Silva',
        [],
        null,
        expect.objectContaining({ title: 'Dinner', paidBy: ana.id }),
        true,
      ],
    ]);
    expect(entries[0]?.label).toBe('Dinner at Ramiro');
    expect(entries.filter((e) => e.kind === 'settlement').every((e) => e.by?._id === bo.id)).toBe(true);
    // Filtered by kind. A change of money is corrected in the money tab, not undone here.
    expect((await history(ana, url, '?kind=settlement')).map((e) => e.action)).toEqual(['changed', 'added']);
    expectError(await call(ana, 'POST', `${url}/history/${entries[1]!._id}/undo`), 400, /cannot be undone/);
  });

  it('[HISTORY-18] a removed expense or payment comes back as it was from its undo; an addition is undone by the money’s rules', async () => {
    const { ana, crew, tripId, url } = await anaCrewTrip(t, c, 3, { startDate: day(1), endDate: day(4) });
    const [bo, cy, di] = crew;
    const dinner = await addExpense(call, bo, url, bo.id, {
      title: 'Dinner',
      amount: '90',
      split: equalSplit(ana.id, bo.id, cy.id),
    });
    const balances = async () =>
      (await expectJson<Balances>(call(ana, 'GET', `${url}/balances`))).balances.map((b) => [
        b._id,
        b.balanceMinor,
      ]);
    const owed = await balances();
    const undo = (user: TestUser, entry: HistoryEntry) =>
      call(user, 'POST', `${url}/history/${entry._id}/undo`);
    const latest = async () => money(await history(ana, url))[0]!;

    // Bo deletes his dinner by mistake and undoes it: the same expense, its split and the balances.
    await expectJson(call(bo, 'DELETE', `${url}/expenses/${dinner._id}`));
    const removed = await latest();
    expectError(await undo(cy, removed), 403, /Only an admin of the trip or the person who made this change/);
    const back = await expectJson<HistoryEntry>(undo(bo, removed));
    expect(back).toMatchObject({ kind: 'expense', action: 'added', undoOf: removed._id, label: 'Dinner' });
    const [restored] = (await expectJson<Expense[]>(call(ana, 'GET', `${url}/expenses`))).filter(
      (e) => e._id === dinner._id,
    );
    expect(restored).toMatchObject({ title: 'Dinner', amountMinor: 9000, paidBy: { _id: bo.id } });
    expect(restored!.split.people.map((p) => p._id).sort()).toEqual([ana.id, bo.id, cy.id].sort());
    expect(await balances()).toEqual(owed);
    expectError(await undo(bo, removed), 409, /undone already/);

    // A payment recorded by Cy is undone by Ana (an admin): it goes.
    const paid = await expectJson<Expense>(
      call(cy, 'POST', `${url}/settlements`, { from: cy.id, to: bo.id, amount: '30' }),
      201,
    );
    await expectJson(undo(ana, await latest()));
    expect(
      (await expectJson<Expense[]>(call(ana, 'GET', `${url}/expenses`))).some((e) => e._id === paid._id),
    ).toBe(false);
    // An expense changed since it was added is not deleted by undoing its addition.
    const taxi = await addExpense(call, di, url, di.id, {
      title: 'Taxi',
      amount: '20',
      split: equalSplit(di.id, ana.id),
    });
    const added = await latest();
    await expectJson(
      call(
        di,
        'PUT',
        `${url}/expenses/${taxi._id}`,
        expenseBody(di.id, { title: 'Taxi', amount: '24', split: equalSplit(di.id, ana.id) }),
      ),
    );
    expectError(await undo(di, added), 409, /changed since it was added/);

    // A removed expense of someone who has left the trip does not come back.
    await expectJson(call(di, 'DELETE', `${url}/expenses/${taxi._id}`));
    const taxiGone = await latest();
    await expectJson(call(ana, 'DELETE', `/core/trips/${tripId}/members/${di.id}`));
    expectError(await undo(ana, taxiGone), 409, /Crew is no longer in the trip: add it again/);
  });

  it('[HISTORY-15] a guest or viewer reads only the money entries they are part of; the travellers read them all', async () => {
    const { ana, crew, tripId, url } = await anaCrewTrip(t, c, 3, { startDate: day(1), endDate: day(4) });
    const [bo, cy, di] = crew;
    await setRole(t, ana, tripId, cy.id, 'viewer');
    await setRole(t, ana, tripId, di.id, 'guest');
    // A taxi Ana and Cy (a viewer) share; a museum of Ana and Bo's; the budget.
    await addExpense(call, ana, url, ana.id, {
      title: 'Taxi',
      amount: '20',
      split: equalSplit(ana.id, cy.id),
    });
    await addExpense(call, ana, url, ana.id, {
      title: 'Museum',
      amount: '30',
      split: equalSplit(ana.id, bo.id),
    });
    await expectJson(call(ana, 'PUT', `${url}/budget`, { planned: '500' }));

    const labels = async (user: TestUser) =>
      money(await history(user, url)).map((e) => `${e.kind}:${e.label}`);
    expect(await labels(ana)).toEqual(['budget:', 'expense:Museum', 'expense:Taxi']);
    expect(await labels(bo)).toEqual(['budget:', 'expense:Museum', 'expense:Taxi']);
    expect(await labels(cy)).toEqual(['expense:Taxi']);
    expect(await labels(di)).toEqual([]);
    // An entry one may not read cannot be undone by guessing its id either: 404, as for any other.
    const museum = money(await history(ana, url)).find((e) => e.label === 'Museum')!;
    expectError(await call(cy, 'POST', `${url}/history/${museum._id}/undo`), 404, /not in the history/);
    // The rest of the history stays everyone's.
    expect((await history(cy, url)).some((e) => e.kind === 'trip-feature' || e.kind === 'trip')).toBe(
      (await history(ana, url)).some((e) => e.kind === 'trip-feature' || e.kind === 'trip'),
    );
  });
});
