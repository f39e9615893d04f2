import type { Balances, Expense } from '@tripcrew/contracts/expenses';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectError, expectJson } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { anaCrewTrip, day, useCatalogue } from '../../trips/trips.fixtures.ts';
import { addExpense, equalSplit, expenseBody } from '../expenses.fixtures.ts';

/** Money you can correct (issue 35): settlements edited and deleted, never above what is owed. */
describe('settlements: correcting and deleting them, never more than is owed', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  /**
   * Ana (admin), Bo, Cy and Di (members). Ana paid a 90.00 EUR dinner shared by Ana, Bo and Cy:
   * Bo and Cy each owe Ana 30.00; Di owes nothing.
   */
  async function dinnerOwed() {
    const { ana, crew, tripId, url } = await anaCrewTrip(t, c, 3, { startDate: day(1), endDate: day(4) });
    const [bo, cy, di] = crew;
    await addExpense(call, ana, url, ana.id, {
      title: 'Dinner',
      amount: '90',
      split: equalSplit(ana.id, bo.id, cy.id),
    });
    const settle = (caller: TestUser, from: TestUser, to: TestUser, amount: string) =>
      call(caller, 'POST', `${url}/settlements`, { from: from.id, to: to.id, amount });
    const balanceOf = async (user: TestUser) =>
      (await expectJson<Balances>(call(ana, 'GET', `${url}/balances`))).balances.find(
        (b) => b._id === user.id,
      )?.balanceMinor;
    const entries = () => expectJson<Expense[]>(call(ana, 'GET', `${url}/expenses`));
    return { ana, bo, cy, di, tripId, url, settle, balanceOf, entries };
  }

  it('[MONEY-19] who paid, who was paid or an admin changes a settlement’s amount; its version rises and the balances follow', async () => {
    const { ana, bo, cy, url, settle, balanceOf } = await dinnerOwed();
    // A part payment: Bo pays Ana 10.00 of the 30.00 he owes.
    const part = await expectJson<Expense>(settle(bo, bo, ana, '10'), 201);
    expect(part).toMatchObject({ kind: 'settlement', amountMinor: 1000, version: 1, canEdit: true });
    expect(await balanceOf(bo)).toBe(-2000);

    // Bo (the payer) corrects it to 12.50; Ana (the payee, an admin too) to 20.00.
    const byPayer = await expectJson<Expense>(
      call(bo, 'PATCH', `${url}/settlements/${part._id}`, { amount: '12.50' }),
    );
    expect(byPayer).toMatchObject({ amountMinor: 1250, baseAmountMinor: 1250, version: 2 });
    expect(byPayer.split.people).toEqual([expect.objectContaining({ _id: ana.id, shareMinor: 1250 })]);
    expect(await balanceOf(bo)).toBe(-1750);
    const byPayee = await expectJson<Expense>(
      call(ana, 'PATCH', `${url}/settlements/${part._id}`, { amount: '20', version: 2 }),
    );
    expect(byPayee).toMatchObject({ amountMinor: 2000, version: 3, paidBy: { _id: bo.id } });
    expect(await balanceOf(bo)).toBe(-1000);
    expect(await balanceOf(ana)).toBe(6000 - 2000);

    // Cy is in the trip but not in this payment: he sees it as not his to change.
    const seen = await expectJson<Expense[]>(call(cy, 'GET', `${url}/expenses`));
    expect(seen.find((e) => e._id === part._id)?.canEdit).toBe(false);
  });

  it('[MONEY-20] a settlement is deleted by who paid, who was paid or an admin; anyone else gets 403 and it stays', async () => {
    const { ana, bo, cy, di, tripId, url, settle, balanceOf, entries } = await dinnerOwed();
    // Cy pays Ana, recorded by Ana (the admin); Bo pays Ana, recorded by Bo.
    const first = await expectJson<Expense>(settle(ana, cy, ana, '30'), 201);
    const second = await expectJson<Expense>(settle(bo, bo, ana, '30'), 201);
    expectError(await call(di, 'DELETE', `${url}/expenses/${first._id}`), 403, /Only who paid, who was paid/);
    expectError(await call(bo, 'DELETE', `${url}/expenses/${first._id}`), 403, /Only who paid, who was paid/);
    expect((await entries()).map((e) => e._id)).toContain(first._id);
    // Cy, its payer, deletes the one Ana recorded for him; Ana, the payee, deletes Bo's.
    await expectJson(call(cy, 'DELETE', `${url}/expenses/${first._id}`));
    await expectJson(call(ana, 'DELETE', `${url}/expenses/${second._id}`));
    expect((await entries()).map((e) => e.kind)).toEqual(['expense']);
    expect([await balanceOf(bo), await balanceOf(cy)]).toEqual([-3000, -3000]);
    // A stale id: 404 for the delete and the edit alike.
    expectError(await call(cy, 'DELETE', `${url}/expenses/${first._id}`), 404, /not part of this trip/);
    expectError(
      await call(cy, 'PATCH', `/core/trips/${tripId}/settlements/${first._id}`, { amount: '5' }),
      404,
      /not part of this trip/,
    );
  });

  it('[MONEY-21] an edit by someone not in the payment, of an unknown id, an expense or a stale version changes nothing', async () => {
    const { ana, bo, cy, di, url, settle, entries } = await dinnerOwed();
    const stranger = await createUser(t);
    const part = await expectJson<Expense>(settle(bo, bo, ana, '10'), 201);
    const patch = (caller: TestUser, id: string, body: object) =>
      call(caller, 'PATCH', `${url}/settlements/${id}`, body);
    expectError(await patch(cy, part._id, { amount: '5' }), 403, /Only who paid, who was paid/);
    expectError(await patch(di, part._id, { amount: '5' }), 403, /Only who paid, who was paid/);
    expectError(await patch(stranger, part._id, { amount: '5' }), 404, /Trip not found/);
    expectError(await patch(bo, '00000000-0000-4000-8000-000000000000', { amount: '5' }), 404, /not part/);
    expectError(await patch(bo, 'not-an-id', { amount: '5' }), 404, /not part of this trip/);
    const dinner = (await entries()).find((e) => e.kind === 'expense') as Expense;
    expectError(await patch(ana, dinner._id, { amount: '5' }), 404, /not part of this trip/);
    expectError(await patch(bo, part._id, { amount: '0' }), 400, /more than 0/);
    expectError(await patch(bo, part._id, { amount: '1.234' }), 400, /in EUR/);
    expectError(await patch(bo, part._id, { amount: '5', payee: cy.id }), 400, /Unknown body field payee/);
    // A version it never had: reload first. (A stale one is a 409: money-versions.test.ts.)
    expectError(await patch(bo, part._id, { amount: '5', version: 7 }), 400, /newest is 1: reload/);
    const after = (await entries()).find((e) => e._id === part._id);
    expect(after).toMatchObject({ amountMinor: 1000, version: 1 });
    // The PUT of expenses still refuses a settlement, pointing to its own edit.
    expectError(
      await call(ana, 'PUT', `${url}/expenses/${part._id}`, expenseBody(bo.id, { title: 'x', amount: '1' })),
      400,
      /changed by its amount only/,
    );
  });

  it('[MONEY-22] a settlement above what is owed answers 400 naming the most that can be recorded, new or edited, and writes nothing', async () => {
    const { ana, bo, cy, di, url, settle, entries, balanceOf } = await dinnerOwed();
    const stranger = await createUser(t);
    // Bo owes Ana 30.00: 30.01 is too much.
    expectError(await settle(bo, bo, ana, '30.01'), 400, /at most 30\.00 EUR can be recorded/);
    // Di owes nothing; Cy is owed nothing: nothing to record between them and Ana / Bo.
    expectError(await settle(ana, di, ana, '1'), 400, /Nothing is owed between these two/);
    expectError(await settle(bo, bo, cy, '1'), 400, /Nothing is owed between these two/);
    // Backwards: Ana owes nobody.
    expectError(await settle(ana, ana, bo, '1'), 400, /Nothing is owed/);
    // Between non-members of the trip.
    expectError(await settle(ana, stranger, ana, '1'), 400, /Who paid must be a person of this trip/);
    expectError(await settle(ana, bo, stranger, '1'), 400, /Who was paid must be a person of this trip/);
    expect((await entries()).map((e) => e.kind)).toEqual(['expense']);

    // Bo pays 20.00 of 30.00: an edit may go up to 30.00 (its own 20.00 set aside), no more.
    const part = await expectJson<Expense>(settle(bo, bo, ana, '20'), 201);
    expectError(await settle(bo, bo, ana, '10.01'), 400, /at most 10\.00 EUR/);
    expectError(
      await call(bo, 'PATCH', `${url}/settlements/${part._id}`, { amount: '30.01' }),
      400,
      /at most 30\.00 EUR can be recorded/,
    );
    expect(await balanceOf(bo)).toBe(-1000);
    const whole = await expectJson<Expense>(
      call(bo, 'PATCH', `${url}/settlements/${part._id}`, { amount: '30' }),
    );
    expect(whole.amountMinor).toBe(3000);
    expect(await balanceOf(bo)).toBe(0);
    expectError(await settle(bo, bo, ana, '0.01'), 400, /Nothing is owed/);
  });
});
