import type { Budget, Expense } from '@tripcrew/contracts/expenses';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectError, expectJson } from '../../../../test/helpers/api-calls.ts';
import { type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { anaCrewTrip, day, useCatalogue } from '../../trips/trips.fixtures.ts';
import { addExpense, equalSplit, expenseBody } from '../expenses.fixtures.ts';

interface Conflict {
  code: string;
  conflict: {
    kind: string;
    recordId: string;
    version: number;
    fields: string[];
    current: Record<string, unknown>;
    changedBy: { _id: string; name: string } | null;
    changedAt: string | null;
  };
}

/** Money that never overwrites anyone silently (issue 35): expenses, settlements and the budget carry versions. */
describe('versions of the trip’s money', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  async function tripOfTwo() {
    const { ana, crew, url } = await anaCrewTrip(t, c, 1, { startDate: day(1), endDate: day(4) });
    return { ana, bo: crew[0], url };
  }

  it('[MONEY-31] an expense changed since the version an edit started from answers 409 with it as it is now and who changed it; nothing is written', async () => {
    const { ana, bo, url } = await tripOfTwo();
    const dinner = (await expectJson<Expense>(
      call(bo, 'POST', `${url}/expenses`, {
        ...expenseBody(bo.id, { title: 'Dinner', amount: '30', split: equalSplit(ana.id, bo.id) }),
        version: 5, // ignored when adding
      }),
      201,
    )) as Expense;
    expect(dinner.version).toBe(1);
    const body = (fields: { title: string; amount: string }, version?: number) => ({
      ...expenseBody(bo.id, { ...fields, split: equalSplit(ana.id, bo.id) }),
      ...(version === undefined ? {} : { version }),
    });
    const put = (user: TestUser, payload: object) =>
      call(user, 'PUT', `${url}/expenses/${dinner._id}`, payload);

    // Ana (admin) corrects the amount from version 1.
    const corrected = await expectJson<Expense>(put(ana, body({ title: 'Dinner', amount: '60' }, 1)));
    expect(corrected).toMatchObject({ amountMinor: 6000, version: 2 });

    // Bo's open form still holds version 1 and the old amount: his new title is not written.
    const stale = await put(bo, body({ title: 'Dinner at Ramiro', amount: '30' }, 1));
    expectError(stale, 409, /^Ana Silva changed this expense while you were editing\.$/);
    const { code, conflict } = stale.json() as Conflict;
    expect(code).toBe('VERSION_CONFLICT');
    expect(conflict).toMatchObject({
      kind: 'expense',
      recordId: dinner._id,
      version: 2,
      changedBy: { _id: ana.id, name: 'Ana Silva' },
      current: { title: 'Dinner', amount: '60.00', version: 2 },
    });
    expect(conflict.fields.sort()).toEqual(['amount', 'title']);
    expect(conflict.changedAt).not.toBeNull();
    const list = await expectJson<Expense[]>(call(ana, 'GET', `${url}/expenses`));
    expect(list.find((e) => e._id === dinner._id)).toMatchObject({
      title: 'Dinner',
      amountMinor: 6000,
      version: 2,
    });

    // Having seen it, he saves from version 2: his text, on purpose.
    const kept = await expectJson<Expense>(put(bo, body({ title: 'Dinner at Ramiro', amount: '60' }, 2)));
    expect(kept).toMatchObject({ title: 'Dinner at Ramiro', amountMinor: 6000, version: 3 });
    // A version it never had, and no version at all (scripts, older clients).
    expectError(await put(bo, body({ title: 'x', amount: '1' }, 9)), 400, /newest is 3: reload/);
    expect(await expectJson<Expense>(put(bo, body({ title: 'Dinner', amount: '60' })))).toMatchObject({
      version: 4,
    });
  });

  it('[MONEY-32] a settlement and the budget changed since answer 409 naming who changed them', async () => {
    const { ana, bo, url } = await tripOfTwo();
    await addExpense(call, ana, url, ana.id, {
      title: 'Tickets',
      amount: '40',
      split: equalSplit(ana.id, bo.id),
    });
    const paid = await expectJson<Expense>(
      call(bo, 'POST', `${url}/settlements`, { from: bo.id, to: ana.id, amount: '10' }),
      201,
    );
    await expectJson(call(ana, 'PATCH', `${url}/settlements/${paid._id}`, { amount: '15', version: 1 }));
    const stale = await call(bo, 'PATCH', `${url}/settlements/${paid._id}`, { amount: '20', version: 1 });
    expectError(stale, 409, /^Ana Silva changed this payment while you were editing\.$/);
    expect((stale.json() as Conflict).conflict).toMatchObject({
      kind: 'settlement',
      version: 2,
      fields: ['amount'],
      current: { amount: '15.00' },
      changedBy: { _id: ana.id },
    });

    const budget = await expectJson<Budget>(call(ana, 'GET', `${url}/budget`));
    expect(budget.version).toBe(1);
    const planned = await expectJson<Budget>(
      call(ana, 'PUT', `${url}/budget`, { planned: '500', version: 1 }),
    );
    expect(planned).toMatchObject({ plannedMinor: 50000, version: 2 });
    // Another tab of hers, opened before: its plan is not written over the new one.
    const second = await call(ana, 'PUT', `${url}/budget`, { planned: '300', version: 1 });
    expectError(second, 409, /^Ana Silva changed the budget while you were editing\.$/);
    expect((second.json() as Conflict).conflict).toMatchObject({
      kind: 'budget',
      version: 2,
      fields: ['planned'],
      current: { plannedMinor: 50000 },
    });
    expect(await expectJson<Budget>(call(ana, 'GET', `${url}/budget`))).toMatchObject({
      plannedMinor: 50000,
      version: 2,
    });
    expectError(await call(ana, 'PUT', `${url}/budget`, { version: 2 }), 400, /Nothing to update/);
    expect(
      await expectJson<Budget>(call(ana, 'PUT', `${url}/budget`, { visibleToGuests: true, version: 2 })),
    ).toMatchObject({ plannedMinor: 50000, visibleToGuests: true, version: 3 });
  });
});
