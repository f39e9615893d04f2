import type { Balances, Budget, Expense } from '@tripcrew/contracts/expenses';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectError, expectJson } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { anaCrewTrip, day, setRole, useCatalogue } from '../../trips/trips.fixtures.ts';
import { equalSplit, expenseBody, type ExpenseFields, valueSplit } from '../expenses.fixtures.ts';

describe('a trip’s money: expenses, balances, settling up', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  /** `payer` adds an expense they paid to the trip at `url`: the 201 answer. */
  const addExpense = (payer: TestUser, url: string, fields: ExpenseFields) =>
    expectJson<Expense>(call(payer, 'POST', `${url}/expenses`, expenseBody(payer.id, fields)), 201);

  async function threeOnATrip() {
    const { ana, crew, tripId, url } = await anaCrewTrip(t, c, 2, { startDate: day(10), endDate: day(14) });
    const [bo, cy] = crew;
    return { ana, bo, cy, tripId, url };
  }

  it('[MONEY-05] an expense in EUR split by shares and one in JPY split equally give balances and the transfers that settle them', async () => {
    const { ana, bo, cy, url } = await threeOnATrip();
    // Ana pays 90.00 EUR for dinner: Ana 2 shares, Bo 1, Cy 1 → 45.00 / 22.50 / 22.50.
    const dinner = await addExpense(ana, url, {
      title: 'Dinner',
      amount: '90',
      currency: 'eur',
      date: day(11),
      category: 'food',
      split: valueSplit('shares', { [ana.id]: '2', [bo.id]: '1', [cy.id]: '1' }),
    });
    expect(dinner).toMatchObject({
      amount: '90.00',
      amountMinor: 9000,
      currency: 'EUR',
      rate: '1',
      baseAmountMinor: 9000,
    });
    const shareOf = (e: Expense, id: string) => e.split.people.find((p) => p._id === id)?.shareMinor;
    expect([shareOf(dinner, ana.id), shareOf(dinner, bo.id), shareOf(dinner, cy.id)]).toEqual([
      4500, 2250, 2250,
    ]);

    // Bo pays ¥10,000 for tickets at 0.0062 EUR per yen (62.00 EUR), split equally in three.
    const tickets = await addExpense(bo, url, {
      title: 'Tickets',
      amount: '10000',
      currency: 'JPY',
      rate: '0.0062',
      date: day(12),
      category: 'transport',
      split: equalSplit(cy.id, bo.id, ana.id),
    });
    expect(tickets).toMatchObject({
      amount: '10000',
      amountMinor: 10000,
      baseAmountMinor: 6200,
      rate: '0.0062',
    });
    // ¥10,000 / 3: one yen left over goes to the first in user-id order; 62.00 EUR / 3 likewise.
    expect(tickets.split.people.reduce((a, p) => a + p.shareMinor, 0)).toBe(10000);
    expect(tickets.split.people.reduce((a, p) => a + p.shareBaseMinor, 0)).toBe(6200);

    const balances = await expectJson<Balances>(call(cy, 'GET', `${url}/balances`));
    const balanceOf = (id: string) => balances.balances.find((b) => b._id === id)?.balanceMinor;
    expect(balances.balances.reduce((a, b) => a + b.balanceMinor, 0)).toBe(0);
    const ticketShare = (id: string) => tickets.split.people.find((p) => p._id === id)?.shareBaseMinor ?? 0;
    expect(balanceOf(ana.id)).toBe(9000 - 4500 - ticketShare(ana.id));
    expect(balanceOf(bo.id)).toBe(6200 - 2250 - ticketShare(bo.id));
    expect(balanceOf(cy.id)).toBe(-2250 - ticketShare(cy.id));
    expect(balances.transfers.length).toBeLessThanOrEqual(2);

    // Recording each suggested transfer settles everyone.
    for (const transfer of balances.transfers) {
      const amount = (transfer.amountMinor / 100).toFixed(2);
      await expectJson(
        call(cy, 'POST', `${url}/settlements`, { from: transfer.from._id, to: transfer.to._id, amount }),
        201,
      );
    }
    const settled = await expectJson<Balances>(call(ana, 'GET', `${url}/balances`));
    expect(settled.balances.every((b) => b.balanceMinor === 0)).toBe(true);
    expect(settled.transfers).toEqual([]);
    // Settlements are not spending.
    const budget = await expectJson<Budget>(call(ana, 'GET', `${url}/budget`));
    expect(budget.spentMinor).toBe(9000 + 6200);
    expect(budget.categories.find((x) => x.category === 'food')?.spentMinor).toBe(9000);
    expect(budget.perDay).toEqual([
      { date: day(11), spentMinor: 9000 },
      { date: day(12), spentMinor: 6200 },
    ]);
    expect(budget.perMember.find((m) => m._id === bo.id)?.paidMinor).toBe(6200);
  });

  it('[MONEY-06] bad amounts, currencies, splits, people and dates answer 400 naming the problem and write nothing', async () => {
    const { ana, bo, cy, tripId, url } = await threeOnATrip();
    const stranger = await createUser(t);
    await setRole(t, ana, tripId, cy.id, 'viewer');
    const good = expenseBody(ana.id, {
      title: 'Taxi',
      amount: '20.00',
      date: day(11),
      split: equalSplit(ana.id, bo.id),
    });
    const bad: [object, RegExp][] = [
      [{ ...good, amount: '-5' }, /number like 12.50/],
      [{ ...good, amount: '0' }, /more than 0/],
      [{ ...good, amount: '12.345' }, /EUR amounts have at most 2 decimals/],
      [{ ...good, amount: '12.5', currency: 'JPY', rate: '0.0062' }, /JPY amounts have no decimals/],
      [{ ...good, currency: 'XYZ' }, /Unknown currency/],
      [{ ...good, currency: 'MNT' }, /No rate is known for MNT/],
      [{ ...good, currency: 'USD', rate: '0' }, /more than 0/],
      [{ ...good, date: day(200) }, /within 60 days of the trip/],
      [{ ...good, date: '2026-02-30' }, /That date does not exist|Dates must look like/],
      [{ ...good, paidBy: stranger.id }, /Who paid must be someone travelling/],
      [{ ...good, split: equalSplit(stranger.id) }, /Everyone in the split/],
      [{ ...good, split: equalSplit() }, /at least one person/],
      [{ ...good, split: equalSplit(ana.id, ana.id) }, /appears once/],
      [{ ...good, split: valueSplit('percent', { [ana.id]: '50', [bo.id]: '40' }) }, /add up to 90 %/],
      [{ ...good, split: valueSplit('exact', { [ana.id]: '10', [bo.id]: '5' }) }, /parts add up/],
      [{ ...good, split: valueSplit('shares', { [ana.id]: '1.5' }) }, /whole number/],
      [{ ...good, title: 'a\u0000b' }, /control/],
      [{ ...good, extra: 1 }, /extra|Unrecognized/i],
    ];
    for (const [body, message] of bad)
      expectError(await call(ana, 'POST', `${url}/expenses`, body), 400, message);
    expect(await expectJson<Expense[]>(call(ana, 'GET', `${url}/expenses`))).toEqual([]);
    const settle = (body: object) => call(ana, 'POST', `${url}/settlements`, body);
    expectError(await settle({ from: ana.id, to: ana.id, amount: '5' }), 400, /one person to another/);
    expectError(await settle({ from: ana.id, to: stranger.id, amount: '5' }), 400, /Who was paid/);
    expectError(await settle({ from: ana.id, to: bo.id, amount: '5.001' }), 400, /in EUR/);
    expect(await expectJson<Expense[]>(call(ana, 'GET', `${url}/expenses`))).toEqual([]);
  });

  it('[MONEY-07] members, drivers and guides add; authors and admins change; guests and viewers read only when allowed; strangers 404', async () => {
    const { ana, bo, cy, tripId, url } = await threeOnATrip();
    const stranger = await createUser(t);
    await setRole(t, ana, tripId, cy.id, 'guest');
    const body = (paidBy: string) =>
      expenseBody(paidBy, { title: 'Museum', amount: '12', date: day(12), split: equalSplit(ana.id, bo.id) });
    const mine = await expectJson<Expense>(call(bo, 'POST', `${url}/expenses`, body(bo.id)), 201);
    expect(mine.canEdit).toBe(true);
    expectError(await call(cy, 'POST', `${url}/expenses`, body(cy.id)), 403, /Only members, drivers, guides/);
    expectError(await call(cy, 'GET', `${url}/expenses`), 403, /not shared its money/);
    expectError(await call(stranger, 'GET', `${url}/expenses`), 404, /Trip not found/);
    expectError(await call(stranger, 'GET', `/core/trips/not-a-uuid/balances`), 404, /Trip not found/);

    // Ana (admin) sees Bo's expense as editable; Bo cannot change Ana's.
    const anas = await expectJson<Expense>(call(ana, 'POST', `${url}/expenses`, body(ana.id)), 201);
    const list = await expectJson<Expense[]>(call(ana, 'GET', `${url}/expenses`));
    expect(list.every((e) => e.canEdit)).toBe(true);
    expectError(await call(bo, 'PUT', `${url}/expenses/${anas._id}`, body(bo.id)), 403, /Only who added/);
    expectError(await call(bo, 'DELETE', `${url}/expenses/${anas._id}`), 403, /Only who added/);
    const changed = await expectJson<Expense>(
      call(ana, 'PUT', `${url}/expenses/${mine._id}`, { ...body(bo.id), amount: '14' }),
    );
    expect(changed.amountMinor).toBe(1400);
    await expectJson(call(bo, 'DELETE', `${url}/expenses/${mine._id}`));
    expectError(await call(bo, 'DELETE', `${url}/expenses/${mine._id}`), 404, /not part of this trip/);

    // Only admins manage the budget; then guests read but still cannot add.
    expectError(
      await call(bo, 'PUT', `${url}/budget`, { visibleToGuests: true }),
      403,
      /Only the trip's admins/,
    );
    await expectJson(call(ana, 'PUT', `${url}/budget`, { visibleToGuests: true }));
    const seen = await expectJson<Expense[]>(call(cy, 'GET', `${url}/expenses`));
    expect(seen.map((e) => [e.title, e.canEdit])).toEqual([['Museum', false]]);
    const budget = await expectJson<Budget>(call(cy, 'GET', `${url}/budget`));
    expect([budget.canAdd, budget.canManage]).toEqual([false, false]);
  });

  it('[MONEY-07] a member records only what they paid; as an author they keep the payer an admin chose, and only an admin names another', async () => {
    const { ana, bo, cy, url } = await threeOnATrip();
    const body = (paidBy: string, amount = '12') =>
      expenseBody(paidBy, { title: 'Tram', amount, date: day(12), split: equalSplit(bo.id, cy.id) });
    expectError(
      await call(bo, 'POST', `${url}/expenses`, body(cy.id)),
      403,
      /Record only what you paid yourself/,
    );
    const tram = await expectJson<Expense>(call(bo, 'POST', `${url}/expenses`, body(bo.id)), 201);
    // Ana (admin) corrects who paid: Cy did.
    await expectJson(call(ana, 'PUT', `${url}/expenses/${tram._id}`, body(cy.id)));
    // Bo, its author, corrects the amount and keeps Cy as the payer.
    const fixed = await expectJson<Expense>(
      call(bo, 'PUT', `${url}/expenses/${tram._id}`, body(cy.id, '14')),
    );
    expect([fixed.paidBy._id, fixed.amountMinor]).toEqual([cy.id, 1400]);
    // Naming someone else again is an admin's call; taking it back as his own is his.
    expectError(
      await call(bo, 'PUT', `${url}/expenses/${tram._id}`, body(ana.id, '14')),
      403,
      /Record only what you paid yourself/,
    );
    const own = await expectJson<Expense>(call(bo, 'PUT', `${url}/expenses/${tram._id}`, body(bo.id, '14')));
    expect(own.paidBy._id).toBe(bo.id);
  });

  it('[MONEY-08] the base currency changes only before the first expense; the plan is in that currency', async () => {
    const { ana, bo, url } = await threeOnATrip();
    const planned = await expectJson<Budget>(
      call(ana, 'PUT', `${url}/budget`, {
        baseCurrency: 'jpy',
        planned: '150000',
        categories: [{ category: 'food', planned: '40000' }],
      }),
    );
    expect(planned).toMatchObject({ baseCurrency: 'JPY', plannedMinor: 150000 });
    expect(planned.categories.find((x) => x.category === 'food')?.plannedMinor).toBe(40000);
    expectError(await call(ana, 'PUT', `${url}/budget`, { planned: '10.5' }), 400, /in JPY/);
    expectError(await call(ana, 'PUT', `${url}/budget`, {}), 400, /Nothing to update/);
    // An expense in EUR converted at 161.23 yen per euro: 10.00 EUR → ¥1,612.
    const lunch = await addExpense(bo, url, {
      title: 'Lunch',
      amount: '10',
      rate: '161.23',
      date: day(10),
      split: valueSplit('percent', { [ana.id]: '33.34', [bo.id]: '66.66' }),
    });
    expect(lunch).toMatchObject({ baseAmountMinor: 1612, baseCurrency: 'JPY' });
    expectError(
      await call(ana, 'PUT', `${url}/budget`, { baseCurrency: 'EUR' }),
      400,
      /before the first expense/,
    );
    // The rate the trip used is offered again for the next EUR expense.
    const rate = await expectJson<{ rate: string; source: string }>(
      call(bo, 'GET', `${url}/rates?currency=EUR`),
    );
    expect(rate).toMatchObject({ rate: '161.23', source: 'trip' });
  });

  it('[MONEY-12] the people an expense concerns are notified, not its author nor those outside it', async () => {
    const { ana, bo, cy, url } = await threeOnATrip();
    await addExpense(bo, url, {
      title: 'Ferry',
      amount: '7.20',
      date: day(12),
      split: equalSplit(bo.id, ana.id),
    });
    const kinds = async (user: TestUser) =>
      (await expectJson<{ kind: string; short: string }[]>(call(user, 'GET', '/users/notifications'))).filter(
        (n) => n.kind === 'trip-expense',
      );
    expect((await kinds(ana)).map((n) => n.short)).toEqual([
      expect.stringMatching(/^Friend0 Crew added the expense “Ferry” \(7\.20 EUR\) in /),
    ]);
    expect(await kinds(bo)).toEqual([]);
    expect(await kinds(cy)).toEqual([]);
  });

  it('[MONEY-10] CSV exports open cleanly in spreadsheets: BOM, ISO dates, dot amounts, no formulas', async () => {
    const { ana, bo, url } = await threeOnATrip();
    await addExpense(ana, url, {
      title: '=HYPERLINK("x"), "quoted"',
      amount: '1234.5',
      date: day(13),
      split: valueSplit('exact', { [ana.id]: '1000', [bo.id]: '234.50' }),
    });
    const res = await call(bo, 'GET', `${url}/expenses.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="trip-expenses-.*\.csv"/);
    expect(res.body.startsWith('\uFEFFdate,kind,title,')).toBe(true);
    const row = res.body.split('\r\n')[1] ?? '';
    expect(row).toContain(
      `${day(13)},expense,"'=HYPERLINK(""x""), ""quoted""",other,1234.50,EUR,1,1234.50,EUR,Ana Silva,exact,`,
    );
    const balances = await call(bo, 'GET', `${url}/balances.csv`);
    expect(balances.body).toContain('Ana Silva,234.50,EUR');
    expect(balances.body).toContain('Friend0 Crew pays Ana Silva,234.50,EUR');
  });
});
