import { ph, plural, t } from '@lingui/core/macro';
import { EXPENSE_TITLE_MAX, type ExpenseCategory, type SplitKindName } from '@tripcrew/contracts/expenses';
import { fromMinorUnits, isCurrencyCode, toMinorUnits } from '@tripcrew/contracts/currencies';
import { decimalsOf } from '../../lib/format/money.ts';
import { formatNumber } from '../../lib/format/numbers.ts';

/** The fields of the expense form; an error names one of them (as the API's `field` does). */
export type ExpenseField =
  'title' | 'amount' | 'currency' | 'rate' | 'date' | 'category' | 'paidBy' | 'split';

export interface SplitEntry {
  included: boolean;
  /** shares: "2"; percent: "33.33"; exact: "12.50"; equal: unused. */
  value: string;
}

/** What the form holds: text as typed, so nothing is lost when the server refuses it. */
export interface ExpenseDraft {
  title: string;
  amount: string;
  currency: string;
  rate: string;
  date: string;
  category: ExpenseCategory;
  paidBy: string;
  kind: SplitKindName;
  split: Record<string, SplitEntry>;
}

/** The body sent to POST/PUT …/expenses (packages/contracts expenseBodySchema). */
export interface ExpenseRequest {
  title: string;
  amount: string;
  currency: string;
  rate?: string | null;
  date: string;
  category: ExpenseCategory;
  paidBy: string;
  split: { kind: SplitKindName; people: { userId: string; value?: string }[] };
  /** On a change: the version the edit started from (a 409 when the expense changed since). */
  version?: number;
  /** The trip booking whose cost it is (a new expense made from a booking); absent keeps the link. */
  bookingId?: string | null;
}

export type FieldErrors = Partial<Record<ExpenseField, string>>;

const WHOLE = /^\d+$/;
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const RATE = /^\d{1,9}(\.\d{1,12})?$/;

/** The people ticked in the split, in the order of `split`. */
export const includedPeople = (draft: ExpenseDraft): string[] =>
  Object.entries(draft.split)
    .filter(([, entry]) => entry.included)
    .map(([userId]) => userId);

/** Hundredths of a percent ("33.33" → 3333), or null when it is not a percentage with ≤ 2 decimals. */
export function percentHundredths(value: string): number | null {
  const match = PERCENT.exec(value.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export interface LeftToAssign {
  /** What is still to give out, in hundredths of a percent or minor units of the currency; negative when too much. */
  left: number;
  /** "12.50 %", "3.00" … for the screen. */
  text: string;
  /** Whether every value typed so far is readable. */
  readable: boolean;
}

/** For percent and exact splits: what is left to assign (null for equal and shares, or without a valid amount). */
export function leftToAssign(draft: ExpenseDraft): LeftToAssign | null {
  const people = includedPeople(draft);
  if (draft.kind === 'percent') {
    let total = 0;
    let readable = true;
    for (const id of people) {
      const value = draft.split[id]?.value ?? '';
      const hundredths = value.trim() === '' ? 0 : percentHundredths(value);
      if (hundredths === null) readable = false;
      else total += hundredths;
    }
    const left = 10_000 - total;
    return {
      left,
      text: `${formatNumber(left / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`,
      readable,
    };
  }
  if (draft.kind === 'exact') {
    if (!isCurrencyCode(draft.currency)) return null;
    const amountMinor = toMinorUnits(draft.amount, draft.currency);
    if (amountMinor === null) return null;
    let total = 0;
    let readable = true;
    for (const id of people) {
      const value = draft.split[id]?.value ?? '';
      const minor = value.trim() === '' ? 0 : toMinorUnits(value, draft.currency);
      if (minor === null) readable = false;
      else total += minor;
    }
    const left = amountMinor - total;
    const text = `${left < 0 ? '-' : ''}${fromMinorUnits(Math.abs(left), draft.currency)} ${draft.currency}`;
    return { left, text, readable };
  }
  return null;
}

function amountProblem(amount: string, currency: string): string | null {
  const text = amount.trim();
  if (text === '') return t`Write the amount`;
  if (!/^\d+(\.\d+)?$/.test(text)) return t`Write the amount as a number like 12.50`;
  if (!isCurrencyCode(currency)) return null;
  const decimals = decimalsOf(currency);
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length > decimals) {
    return decimals === 0
      ? t`${currency} amounts have no decimals`
      : plural(decimals, {
          one: `${currency} amounts have at most # decimal`,
          other: `${currency} amounts have at most # decimals`,
        });
  }
  const minor = toMinorUnits(text, currency);
  if (minor === null) return t`That amount is too large`;
  if (minor === 0) return t`The amount must be more than 0`;
  return null;
}

function splitProblem(draft: ExpenseDraft): string | null {
  const people = includedPeople(draft);
  if (people.length === 0) return t`Choose at least one person to share the expense`;
  const values = people.map((id) => (draft.split[id]?.value ?? '').trim());
  if (draft.kind === 'shares') {
    const bad = values.some((v) => !WHOLE.test(v) || Number(v) < 1 || Number(v) > 1000);
    return bad ? t`Each share is a whole number from 1 to 1000` : null;
  }
  if (draft.kind === 'percent') {
    const parts = values.map(percentHundredths);
    if (parts.some((p) => p === null))
      return t`Each percentage is a number with at most two decimals, like 33.33`;
    const total = parts.reduce<number>((sum, p) => sum + (p ?? 0), 0);
    if (total !== 10_000) return t`The percentages add up to ${ph({ total: total / 100 })} %, not 100 %`;
    if (parts.some((p) => p === 0)) return t`Every person in the split has a percentage above 0`;
    return null;
  }
  if (draft.kind === 'exact') {
    if (!isCurrencyCode(draft.currency)) return null;
    const amountMinor = toMinorUnits(draft.amount.trim(), draft.currency);
    const parts = values.map((v) => toMinorUnits(v, draft.currency));
    if (parts.some((p) => p === null))
      return t`Each part is an amount in ${ph({ currency: draft.currency })}, like 12.50`;
    if (amountMinor === null) return null;
    const total = parts.reduce<number>((sum, p) => sum + (p ?? 0), 0);
    if (total !== amountMinor) return t`The parts add up to a different amount than the expense`;
    if (parts.some((p) => p === 0)) return t`Every person in the split has a part above 0`;
  }
  return null;
}

/**
 * The form's checks, the same rules as the contracts and the API (docs/money.md): the errors per
 * field, or the request to send.
 */
export function checkExpenseDraft(
  draft: ExpenseDraft,
  baseCurrency: string,
): { ok: true; request: ExpenseRequest } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const title = draft.title.trim();
  if (title === '') errors.title = t`Give the expense a title`;
  else if (title.length > EXPENSE_TITLE_MAX)
    errors.title = t`A title has at most ${EXPENSE_TITLE_MAX} characters`;
  const currency = draft.currency.trim().toUpperCase();
  if (!isCurrencyCode(currency)) errors.currency = t`Choose a currency`;
  const amount = amountProblem(draft.amount, currency);
  if (amount) errors.amount = amount;
  const foreign = currency !== baseCurrency;
  const rate = draft.rate.trim();
  if (foreign) {
    if (rate === '') errors.rate = t`Write the rate: how many ${baseCurrency} one ${currency} is worth`;
    else if (!RATE.test(rate)) errors.rate = t`Write the rate as a number like 0.0062 (at most 12 decimals)`;
    else if (!/[1-9]/.test(rate)) errors.rate = t`A rate is more than 0`;
  }
  if (!DAY.test(draft.date)) errors.date = t`Choose the day of the expense`;
  if (draft.paidBy === '') errors.paidBy = t`Choose who paid`;
  const split = splitProblem({ ...draft, currency });
  if (split) errors.split = split;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const people = includedPeople(draft).map((userId) =>
    draft.kind === 'equal' ? { userId } : { userId, value: (draft.split[userId]?.value ?? '').trim() },
  );
  return {
    ok: true,
    request: {
      title,
      amount: draft.amount.trim(),
      currency,
      ...(foreign ? { rate } : {}),
      date: draft.date,
      category: draft.category,
      paidBy: draft.paidBy,
      split: { kind: draft.kind, people },
    },
  };
}

const FIELDS: readonly ExpenseField[] = [
  'title',
  'amount',
  'currency',
  'rate',
  'date',
  'category',
  'paidBy',
  'split',
];

/** The form field an API error names ("split.people.0.value" → split); null when it names none of them. */
export function fieldOfError(field: string | undefined): ExpenseField | null {
  const first = field?.split(/[.[]/)[0];
  return FIELDS.find((name) => name === first) ?? null;
}
