import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settle } from '../../../../test/settle.ts';
import { renderAt, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, setCookie } from '../../../lib/testing/fetch-mock.ts';
import type { BookingCost } from '../booking-expense.ts';
import type { Budget } from '../api/expense-budget.ts';
import type { Expense } from '../api/expense-list.ts';
import { ana, bo, cy, makeBudget, makeExpense, moneyEndpoints } from '../testing/expense-fixtures.ts';
import { BookingExpenseAction } from './booking-expense-action.tsx';

resetMocksAfterEach();

const BOOKING = 'b-1';

/** The flight Lisbon → New York of 1 June 2031, 412.30 EUR, for Ana and Bo. */
const flightCost = (overrides: Partial<BookingCost> = {}): BookingCost => ({
  bookingId: BOOKING,
  title: 'Lisbon to New York',
  kind: 'flight',
  amount: '412.30',
  currency: 'EUR',
  date: '2031-06-01',
  travellers: [ana._id, bo._id],
  ...overrides,
});

function renderAction(
  cost: BookingCost | null,
  money: { budget?: Budget | 'forbidden'; expenses?: Expense[] } = {},
) {
  setCookie('csrf-token', 'test-csrf');
  const endpoints = moneyEndpoints('t-1', money);
  const fetch = mockFetch((request) => endpoints.reply(request) ?? jsonResponse(404, {}));
  const { unmount } = renderAt(
    <BookingExpenseAction
      tripId="t-1"
      bookingId={BOOKING}
      cost={cost}
      people={[ana, bo, cy]}
      startDate="2031-06-01"
      endDate="2031-06-10"
      currentUserId={ana._id}
      expenseHref={(id) => `?tab=budget&expense=${id}`}
    />,
  );
  return { fetch, unmount };
}

/** Once the budget and the expenses were asked for and their answers are in. */
async function moneyRead(fetch: ReturnType<typeof mockFetch>) {
  await waitFor(() => {
    expect(fetch.to('/core/trips/t-1/expenses', 'GET').length).toBeGreaterThan(0);
    expect(fetch.to('/core/trips/t-1/budget', 'GET').length).toBeGreaterThan(0);
  });
  await settle();
}

describe('BookingExpenseAction', () => {
  it('[BOOKINGS-EXPENSE-WEB-01] "Add to expenses" only for a booking with a cost and someone who may add expenses', async () => {
    const member = renderAction(flightCost());
    expect(await screen.findByRole('button', { name: 'Add to expenses' })).toBeTruthy();
    expect(member.fetch.to('/core/trips/t-1/expenses', 'POST')).toHaveLength(0);
    member.unmount();

    // No cost: nothing to add.
    const noCost = renderAction(null);
    await moneyRead(noCost.fetch);
    expect(screen.queryByRole('button', { name: 'Add to expenses' })).toBeNull();
    noCost.unmount();

    // A viewer or a guest the money is shared with reads it but may not add (the server says so).
    const reader = renderAction(flightCost(), { budget: makeBudget({ canAdd: false }) });
    await moneyRead(reader.fetch);
    expect(screen.queryByRole('button', { name: 'Add to expenses' })).toBeNull();
    reader.unmount();

    // A role kept out of the money sees nothing of it.
    const outside = renderAction(flightCost(), { budget: 'forbidden' });
    await moneyRead(outside.fetch);
    expect(screen.queryByRole('button', { name: 'Add to expenses' })).toBeNull();
    expect(screen.queryByText('In expenses')).toBeNull();
  });

  it('[BOOKINGS-EXPENSE-WEB-02] the expense form opens filled from the booking; adding it sends bookingId, then the card says "In expenses"', async () => {
    const { fetch } = renderAction(flightCost());
    fireEvent.click(await screen.findByRole('button', { name: 'Add to expenses' }));
    const form = within(screen.getByRole('dialog', { name: 'Add expense' }));
    expect(
      form.getByText('The cost of the booking “Lisbon to New York”: the expense stays linked to it.'),
    ).toBeTruthy();
    expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Lisbon to New York');
    expect((form.getByLabelText('Amount') as HTMLInputElement).value).toBe('412.30');
    expect((form.getByLabelText('Currency') as HTMLSelectElement).value).toBe('EUR');
    expect((form.getByLabelText('Category') as HTMLSelectElement).value).toBe('transport');
    // Its travellers share it; Cy, who is not on the flight, is left out.
    expect((form.getByRole('checkbox', { name: 'Ana Alba' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByRole('checkbox', { name: 'Bo Berg' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByRole('checkbox', { name: 'Cy Cole' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(form.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(fetch.to('/core/trips/t-1/expenses', 'POST')).toHaveLength(1));
    expect(fetch.to('/core/trips/t-1/expenses', 'POST')[0]?.body).toEqual({
      title: 'Lisbon to New York',
      amount: '412.30',
      currency: 'EUR',
      date: '2031-06-01',
      category: 'transport',
      paidBy: ana._id,
      split: { kind: 'equal', people: [{ userId: ana._id }, { userId: bo._id }] },
      bookingId: BOOKING,
    });
    const link = await screen.findByRole('link', { name: 'In expenses' });
    expect(link.getAttribute('href')).toBe('/?tab=budget&expense=e-new');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to expenses' })).toBeNull();
  });

  it('[BOOKINGS-EXPENSE-WEB-03] a booking without travellers is shared by everyone; once an expense names it, "In expenses" links to it', async () => {
    const first = renderAction(flightCost({ travellers: [], kind: 'lodging', title: 'Casa Ana' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add to expenses' }));
    const form = within(screen.getByRole('dialog', { name: 'Add expense' }));
    expect((form.getByLabelText('Category') as HTMLSelectElement).value).toBe('accommodation');
    for (const person of [ana, bo, cy])
      expect((form.getByRole('checkbox', { name: person.name }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(first.fetch.to('/core/trips/t-1/expenses', 'POST')).toHaveLength(0);
    first.unmount();

    // Whoever reads the money sees the link, even one who may not add (nor is there a cost).
    renderAction(null, {
      budget: makeBudget({ canAdd: false }),
      expenses: [makeExpense({ _id: 'e-7', title: 'Casa Ana', bookingId: BOOKING })],
    });
    const link = await screen.findByRole('link', { name: 'In expenses' });
    expect(link.getAttribute('href')).toBe('/?tab=budget&expense=e-7');
  });
});
