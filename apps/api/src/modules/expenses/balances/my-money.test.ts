import type { Balances, MyMoney, OpenMoney } from '@tripcrew/contracts/expenses';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectError, expectJson } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { anaCrewTrip, crewOf, day, setRole, useCatalogue } from '../../trips/trips.fixtures.ts';
import { addExpense, equalSplit, expenseBody } from '../expenses.fixtures.ts';

/** Viewers in expenses, and one's own part of a trip's money (issue 35). */
describe('one’s own part of a trip’s money: viewers in expenses', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  /** Ana (admin), Bo (member) and Vi (viewer) on a trip whose money is not shared with viewers. */
  async function withViewer() {
    const { ana, crew, tripId, url } = await anaCrewTrip(t, c, 2, { startDate: day(1), endDate: day(4) });
    const [bo, vi] = crew;
    await setRole(t, ana, tripId, vi.id, 'viewer');
    return { ana, bo, vi, tripId, url };
  }

  it('[MONEY-25] a viewer is picked in a split and owes a share; they still neither add nor change expenses', async () => {
    const { ana, bo, vi, url } = await withViewer();
    // Bo paid 30.00 for a dinner shared by the three of them, the viewer included.
    const dinner = await addExpense(call, bo, url, bo.id, {
      title: 'Dinner',
      amount: '30',
      split: equalSplit(ana.id, bo.id, vi.id),
    });
    expect(dinner.split.people.map((p) => [p._id, p.shareMinor])).toContainEqual([vi.id, 1000]);
    const balances = await expectJson<Balances>(call(ana, 'GET', `${url}/balances`));
    expect(balances.balances.find((b) => b._id === vi.id)?.balanceMinor).toBe(-1000);
    expect(balances.transfers).toContainEqual(
      expect.objectContaining({ from: expect.objectContaining({ _id: vi.id }), amountMinor: 1000 }),
    );
    // An admin may record what the viewer paid; the viewer may not add, change or delete.
    await addExpense(call, ana, url, vi.id, {
      title: 'Tickets',
      amount: '6',
      split: equalSplit(vi.id, bo.id),
    });
    const own = expenseBody(vi.id, { title: 'Own', amount: '5', split: equalSplit(vi.id) });
    expectError(await call(vi, 'POST', `${url}/expenses`, own), 403, /Only members, drivers, guides/);
    expectError(await call(vi, 'PUT', `${url}/expenses/${dinner._id}`, own), 403, /not shared its money/);
    expectError(await call(vi, 'DELETE', `${url}/expenses/${dinner._id}`), 403, /not shared its money/);
    expectError(
      await call(vi, 'POST', `${url}/settlements`, { from: vi.id, to: bo.id, amount: '1' }),
      403,
      /Only members, drivers, guides/,
    );
    // Bo, the one owed, records that the viewer paid him back.
    await expectJson(call(bo, 'POST', `${url}/settlements`, { from: vi.id, to: bo.id, amount: '7' }), 201);
  });

  it('[MONEY-26] a viewer reads their own share and payments while the trip’s money is not shared; strangers get 404', async () => {
    const { ana, bo, vi, url } = await withViewer();
    const stranger = await createUser(t);
    const add = (title: string, amount: string, split: ReturnType<typeof equalSplit>) =>
      addExpense(call, bo, url, bo.id, { title, amount, split });
    await add('Dinner', '30', equalSplit(ana.id, bo.id, vi.id));
    await add('Hotel', '200', equalSplit(ana.id, bo.id));
    await expectJson(call(bo, 'POST', `${url}/settlements`, { from: vi.id, to: bo.id, amount: '4' }), 201);

    expectError(await call(vi, 'GET', `${url}/expenses`), 403, /not shared its money/);
    const mine = await expectJson<MyMoney>(call(vi, 'GET', `${url}/money/mine`));
    expect(mine).toMatchObject({ baseCurrency: 'EUR', balanceMinor: -600, former: false });
    // The dinner they share and the payment they made; not the hotel they have no part in.
    expect(mine.entries.map((e) => [e.kind, e.title])).toEqual([
      ['settlement', 'Settlement'],
      ['expense', 'Dinner'],
    ]);
    expect(mine.entries.every((e) => !e.canEdit)).toBe(true);
    // Everyone in the trip reads their own part; someone outside it learns nothing.
    const bos = await expectJson<MyMoney>(call(bo, 'GET', `${url}/money/mine`));
    expect(bos.entries).toHaveLength(3);
    expect(bos.entries.every((e) => e.canEdit)).toBe(true);
    expectError(await call(stranger, 'GET', `${url}/money/mine`), 404, /Trip not found/);
    expectError(await call(vi, 'GET', '/core/trips/not-a-uuid/money/mine'), 404, /Trip not found/);
  });

  it('[MONEY-29] someone removed or gone with money still open reads their part, read-only, until it is settled; anyone else 404', async () => {
    const { ana, bo, vi, tripId, url } = await withViewer();
    const [cy] = (await crewOf(t, ana, 1)) as [TestUser];
    await expectJson(call(ana, 'POST', `${url}/members`, { userId: cy.id }));
    // Ana paid 30.00 for Ana and Bo; Cy is in nothing.
    await addExpense(call, ana, url, ana.id, {
      title: 'Dinner',
      amount: '30',
      split: equalSplit(ana.id, bo.id),
    });
    // Ana removes Bo (who owes 15.00); Cy leaves with nothing open.
    await expectJson(call(ana, 'DELETE', `${url}/members/${bo.id}`));
    await expectJson(call(cy, 'DELETE', `${url}/members/${cy.id}`));

    expect(await expectJson<OpenMoney>(call(bo, 'GET', '/core/money/open'))).toEqual([
      { tripId, tripName: expect.any(String), baseCurrency: 'EUR', balanceMinor: -1500 },
    ]);
    const mine = await expectJson<MyMoney>(call(bo, 'GET', `${url}/money/mine`));
    expect(mine).toMatchObject({ tripId, balanceMinor: -1500, former: true });
    expect(mine.entries.map((e) => [e.title, e.canEdit])).toEqual([['Dinner', false]]);
    // Read-only and only their part: the rest of the trip stays closed to them.
    expectError(await call(bo, 'GET', `${url}/expenses`), 404, /Trip not found/);
    expectError(await call(bo, 'GET', `${url}/balances`), 404, /Trip not found/);
    expectError(
      await call(bo, 'POST', `${url}/settlements`, { from: bo.id, to: ana.id, amount: '15' }),
      404,
      /Trip not found/,
    );
    expectError(await call(cy, 'GET', `${url}/money/mine`), 404, /Trip not found/);
    expect(await expectJson<OpenMoney>(call(cy, 'GET', '/core/money/open'))).toEqual([]);
    expect(await expectJson<OpenMoney>(call(vi, 'GET', '/core/money/open'))).toEqual([]);

    // Ana records that Bo paid her back: nothing is open for Bo any more.
    await expectJson(call(ana, 'POST', `${url}/settlements`, { from: bo.id, to: ana.id, amount: '15' }), 201);
    expect(await expectJson<OpenMoney>(call(bo, 'GET', '/core/money/open'))).toEqual([]);
    expectError(await call(bo, 'GET', `${url}/money/mine`), 404, /Trip not found/);
  });
});
