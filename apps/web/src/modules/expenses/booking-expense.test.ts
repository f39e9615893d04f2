import { describe, expect, it } from 'vitest';
import { type BookingCost, bookingExpenseDraft } from './booking-expense.ts';

const people = [{ _id: 'u-ana' }, { _id: 'u-bo' }, { _id: 'u-cy' }];
const context = {
  baseCurrency: 'EUR',
  people,
  startDate: '2031-06-01',
  endDate: '2031-06-10',
  currentUserId: 'u-bo',
};
const cost = (overrides: Partial<BookingCost> = {}): BookingCost => ({
  bookingId: 'b-1',
  title: 'Night train to Porto',
  kind: 'train',
  amount: '1200',
  currency: 'jpy',
  date: '2031-06-03',
  travellers: ['u-ana', 'u-cy'],
  ...overrides,
});

describe('bookingExpenseDraft', () => {
  it('[BOOKINGS-EXPENSE-WEB-16] a booking’s cost as a new expense: its title, amount, currency, day and category, paid by the caller, shared by its travellers', () => {
    const draft = bookingExpenseDraft(cost(), context);
    expect(draft).toMatchObject({
      title: 'Night train to Porto',
      amount: '1200',
      currency: 'JPY',
      date: '2031-06-03',
      category: 'transport',
      paidBy: 'u-bo',
      kind: 'equal',
    });
    expect(Object.entries(draft.split).map(([id, entry]) => [id, entry.included])).toEqual([
      ['u-ana', true],
      ['u-bo', false],
      ['u-cy', true],
    ]);
  });

  it('[BOOKINGS-EXPENSE-WEB-17] travellers no longer in the trip, or none: everyone shares it; a long title is cut to the limit', () => {
    for (const travellers of [[], ['u-gone']]) {
      const draft = bookingExpenseDraft(
        cost({ travellers, kind: 'lodging', title: 'x'.repeat(300) }),
        context,
      );
      expect(Object.values(draft.split).every((entry) => entry.included)).toBe(true);
      expect(draft.category).toBe('accommodation');
      expect(draft.title).toHaveLength(120);
    }
  });
});
