import { describe, expect, it } from 'vitest';
import { defaultExpenseDate, newExpenseDraft } from './expense-draft.ts';
import { checkExpenseDraft, type ExpenseDraft, fieldOfError, leftToAssign } from './expense-form-rules.ts';

const people = [{ _id: 'ana' }, { _id: 'bo' }, { _id: 'cy' }];
const base = (patch: Partial<ExpenseDraft> = {}): ExpenseDraft => ({
  ...newExpenseDraft({ baseCurrency: 'EUR', people, startDate: null, endDate: null, currentUserId: 'ana' }),
  title: 'Dinner',
  amount: '30.00',
  date: '2031-05-02',
  ...patch,
});
const values = (...entries: [string, string][]) =>
  Object.fromEntries(entries.map(([id, value]) => [id, { included: true, value }]));

describe('expense form rules', () => {
  it('[MONEY-03] sends an equal split without values, and the rate only for another currency', () => {
    const checked = checkExpenseDraft(base(), 'EUR');
    expect(checked).toEqual({
      ok: true,
      request: {
        title: 'Dinner',
        amount: '30.00',
        currency: 'EUR',
        date: '2031-05-02',
        category: 'other',
        paidBy: 'ana',
        split: { kind: 'equal', people: [{ userId: 'ana' }, { userId: 'bo' }, { userId: 'cy' }] },
      },
    });
    const yen = checkExpenseDraft(base({ currency: 'JPY', amount: '1200', rate: '0.0062' }), 'EUR');
    expect(yen.ok && yen.request.rate).toBe('0.0062');
  });

  it('[MONEY-04] refuses what the contracts refuse, naming the field', () => {
    const checked = checkExpenseDraft(
      base({ title: ' ', amount: '12.5', currency: 'JPY', rate: '0', paidBy: '', date: '' }),
      'EUR',
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      title: 'Give the expense a title',
      amount: 'JPY amounts have no decimals',
      rate: 'A rate is more than 0',
      date: 'Choose the day of the expense',
      paidBy: 'Choose who paid',
    });
    const kwd = checkExpenseDraft(base({ amount: '1.2345', currency: 'KWD', rate: '2.9' }), 'EUR');
    expect(!kwd.ok && kwd.errors.amount).toBe('KWD amounts have at most 3 decimals');
    const nobody = checkExpenseDraft(base({ split: { ana: { included: false, value: '' } } }), 'EUR');
    expect(!nobody.ok && nobody.errors.split).toBe('Choose at least one person to share the expense');
    const noRate = checkExpenseDraft(base({ currency: 'USD', rate: '' }), 'EUR');
    expect(!noRate.ok && noRate.errors.rate).toMatch(/Write the rate/);
  });

  it('[MONEY-05] percentages must total 100: "left to assign" follows what is typed', () => {
    const draft = base({ kind: 'percent', split: values(['ana', '50'], ['bo', '25.5'], ['cy', '']) });
    expect(leftToAssign(draft)).toEqual({ left: 2450, text: '24.50 %', readable: true });
    const checked = checkExpenseDraft(draft, 'EUR');
    expect(!checked.ok && checked.errors.split).toBe(
      'Each percentage is a number with at most two decimals, like 33.33',
    );
    const short = base({ kind: 'percent', split: values(['ana', '50'], ['bo', '25.5'], ['cy', '24']) });
    expect(!checkExpenseDraft(short, 'EUR').ok && leftToAssign(short)?.text).toBe('0.50 %');
    const full = base({ kind: 'percent', split: values(['ana', '50'], ['bo', '25.5'], ['cy', '24.5']) });
    expect(leftToAssign(full)?.left).toBe(0);
    expect(checkExpenseDraft(full, 'EUR').ok).toBe(true);
  });

  it("[MONEY-06] exact amounts must total the amount, in the currency's decimals", () => {
    const draft = base({ kind: 'exact', amount: '30', split: values(['ana', '10'], ['bo', '12.50']) });
    expect(leftToAssign(draft)).toEqual({ left: 750, text: '7.50 EUR', readable: true });
    const checked = checkExpenseDraft(draft, 'EUR');
    expect(!checked.ok && checked.errors.split).toBe(
      'The parts add up to a different amount than the expense',
    );
    const over = base({ kind: 'exact', amount: '30', split: values(['ana', '20'], ['bo', '12.50']) });
    expect(leftToAssign(over)?.text).toBe('-2.50 EUR');
    const yen = base({
      kind: 'exact',
      currency: 'JPY',
      rate: '0.0062',
      amount: '1000',
      split: values(['ana', '400'], ['bo', '600']),
    });
    expect(checkExpenseDraft(yen, 'EUR').ok).toBe(true);
  });

  it('[MONEY-07] shares are whole numbers from 1 to 1000', () => {
    const bad = base({ kind: 'shares', split: values(['ana', '2'], ['bo', '0']) });
    expect(!checkExpenseDraft(bad, 'EUR').ok).toBe(true);
    const good = base({ kind: 'shares', split: values(['ana', '2'], ['bo', '1']) });
    const checked = checkExpenseDraft(good, 'EUR');
    expect(checked.ok && checked.request.split).toEqual({
      kind: 'shares',
      people: [
        { userId: 'ana', value: '2' },
        { userId: 'bo', value: '1' },
      ],
    });
  });

  it('[MONEY-08] a new expense is dated today within the trip, else on its first day; API fields map to the form', () => {
    const today = new Date(2031, 4, 3);
    expect(defaultExpenseDate('2031-05-01', '2031-05-10', today)).toBe('2031-05-03');
    expect(defaultExpenseDate('2031-06-01', '2031-06-10', today)).toBe('2031-06-01');
    expect(defaultExpenseDate(null, null, today)).toBe('2031-05-03');
    expect(fieldOfError('split.people.0.value')).toBe('split');
    expect(fieldOfError('rate')).toBe('rate');
    expect(fieldOfError(undefined)).toBeNull();
  });
});
