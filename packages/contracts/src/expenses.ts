import { z } from 'zod';
import { idSchema, lineText } from './common.ts';
import {
  CURRENCY_CODES,
  currencyExponent,
  fromMinorUnits,
  isCurrencyCode,
  MAX_AMOUNT_MINOR,
  toMinorUnits,
} from './currencies.ts';
import { tripDaySchema } from './trips.ts';

/**
 * Money on a trip (issue 24): the budget, expenses in any currency split among the people of the
 * trip, balances and the fewest transfers that settle them. Amounts travel as decimal text in
 * their currency ("12.50", "1200" for JPY) and as integers in minor units (`…Minor`); the server
 * computes with the integers only (docs/money.md).
 */
export { CURRENCY_CODES } from './currencies.ts';

export const EXPENSE_CATEGORIES = [
  'accommodation',
  'transport',
  'food',
  'activities',
  'shopping',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const SPLIT_KINDS = ['equal', 'shares', 'percent', 'exact'] as const;
export type SplitKindName = (typeof SPLIT_KINDS)[number];

export const EXPENSE_TITLE_MAX = 120;
export const EXPENSE_PEOPLE_MAX = 50;
/** Expenses and settlements of one trip (with MAX_AMOUNT_MINOR, every sum stays exact). */
export const EXPENSES_PER_TRIP_MAX = 5000;
/** An expense may be dated this many days before the trip starts or after it ends (deposits, refunds). */
export const EXPENSE_DAYS_AROUND_TRIP = 60;

export const currencyCodeSchema = lineText()
  .transform((code) => code.toUpperCase())
  .refine(isCurrencyCode, 'Unknown currency: use a three-letter ISO 4217 code such as EUR or JPY');

/** A positive decimal amount as text: "12.50". */
export const amountTextSchema = lineText()
  .max(20, 'That amount is too large')
  .regex(/^\d+(\.\d+)?$/, 'Write the amount as a number like 12.50');

/** Units of the base currency for one unit of the expense's currency: "0.0062". */
export const rateTextSchema = lineText()
  .max(24)
  .regex(/^\d{1,9}(\.\d{1,12})?$/, 'Write the rate as a number like 0.0062 (at most 12 decimals)')
  .refine((rate) => /[1-9]/.test(rate), 'A rate is more than 0');

/** Checks that `amount` fits `currency`: not more decimals than it has, above zero. */
function checkAmount(
  ctx: z.RefinementCtx,
  amount: string | undefined,
  currency: string | undefined,
  path: string,
): void {
  if (amount === undefined || currency === undefined || !isCurrencyCode(currency)) return;
  const minor = toMinorUnits(amount, currency);
  const decimals = currencyExponent(currency);
  if (minor === null && /^\d+(\.\d+)?$/.test(amount)) {
    const [, fraction = ''] = amount.split('.');
    if (fraction.length <= decimals) {
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: `An amount is at most ${fromMinorUnits(MAX_AMOUNT_MINOR, currency)} ${currency}`,
      });
      return;
    }
  }
  if (minor === null) {
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message:
        decimals === 0
          ? `${currency} amounts have no decimals`
          : `${currency} amounts have at most ${decimals} decimal${decimals === 1 ? '' : 's'}`,
    });
  } else if (minor === 0) {
    ctx.addIssue({ code: 'custom', path: [path], message: 'The amount must be more than 0' });
  }
}

const splitSchema = z.strictObject({
  kind: z.enum(SPLIT_KINDS),
  people: z
    .array(
      z.strictObject({
        userId: idSchema,
        /** shares: "2"; percent: "33.33"; exact: "12.50"; equal: none. */
        value: lineText().max(24).optional(),
      }),
    )
    .min(1, 'Choose at least one person to share the expense')
    .max(EXPENSE_PEOPLE_MAX, `An expense is shared by at most ${EXPENSE_PEOPLE_MAX} people`),
});

/** POST /core/trips/{id}/expenses and PUT /core/trips/{id}/expenses/{expenseId}. */
export const expenseBodySchema = z
  .strictObject({
    title: lineText()
      .min(1, 'Give the expense a title')
      .max(EXPENSE_TITLE_MAX, `A title has at most ${EXPENSE_TITLE_MAX} characters`),
    amount: amountTextSchema,
    currency: currencyCodeSchema,
    /** Needed when the currency is not the trip's base currency and no rate is known. */
    rate: rateTextSchema.nullable().optional(),
    date: tripDaySchema,
    category: z.enum(EXPENSE_CATEGORIES).default('other'),
    paidBy: idSchema,
    split: splitSchema,
    /** On a change (PUT): the version the edit started from; an expense changed since answers 409. */
    version: z.number().int().min(1).optional(),
    /** The trip booking whose cost this is; null unlinks it; absent on a change keeps the link. */
    bookingId: idSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => checkAmount(ctx, body.amount, body.currency, 'amount'));
export type ExpenseBody = z.output<typeof expenseBodySchema>;

export const expenseParamsSchema = z.strictObject({ id: idSchema, expenseId: idSchema });

const personSchema = z.object({ _id: z.string(), name: z.string() });

export const expenseSchema = z.object({
  _id: z.string(),
  /** A settlement records a transfer that settles a debt: paid by `paidBy` to its one person. */
  kind: z.enum(['expense', 'settlement']),
  title: z.string(),
  amount: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  /** Units of the base currency per unit of `currency` used for this expense ("1" in the base). */
  rate: z.string(),
  baseAmountMinor: z.number().int(),
  baseCurrency: z.string(),
  date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  paidBy: personSchema,
  split: z.object({
    kind: z.enum(SPLIT_KINDS),
    people: z.array(
      personSchema.extend({
        value: z.string().nullable(),
        shareMinor: z.number().int(),
        shareBaseMinor: z.number().int(),
      }),
    ),
  }),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  hasReceipt: z.boolean(),
  /** Only for the people in the expense and the trip's admins; null for everyone else. */
  receiptUrl: z.string().nullable(),
  /**
   * Whether the caller may edit or delete it: an expense its author or an admin; a settlement who
   * paid, who was paid, or an admin.
   */
  canEdit: z.boolean(),
  /** Raised by one at every change (a settlement's edit may name the one it started from). */
  version: z.number().int(),
  /** The trip booking whose cost it is, or null. */
  bookingId: z.string().nullable(),
});
export type Expense = z.infer<typeof expenseSchema>;
export const expenseListSchema = z.array(expenseSchema);

/** GET /core/trips/{id}/balances */
export const balancesSchema = z.object({
  baseCurrency: z.string(),
  /** Positive: is owed money; negative: owes money (minor units of the base currency). */
  balances: z.array(personSchema.extend({ balanceMinor: z.number().int() })),
  /** The fewest transfers that settle every balance. */
  transfers: z.array(z.object({ from: personSchema, to: personSchema, amountMinor: z.number().int() })),
});
export type Balances = z.infer<typeof balancesSchema>;

/**
 * GET /core/trips/{id}/money/mine: the caller's own part of a trip's money, read-only: what they
 * owe or are owed and the entries they pay or share. For everyone in the trip, whatever the admin
 * shares, and for someone who left (or was removed) while money is still open for them.
 */
export const myMoneySchema = z.object({
  tripId: z.string(),
  tripName: z.string(),
  baseCurrency: z.string(),
  /** Positive: is owed money; negative: owes money (minor units of the base currency). */
  balanceMinor: z.number().int(),
  /** Whether the caller is no longer in the trip (they read, nothing more). */
  former: z.boolean(),
  entries: expenseListSchema,
});
export type MyMoney = z.infer<typeof myMoneySchema>;

/** GET /core/money/open: the trips the caller left (or was removed from) with money still open. */
export const openMoneySchema = z.array(
  z.object({
    tripId: z.string(),
    tripName: z.string(),
    baseCurrency: z.string(),
    /** Positive: is owed money; negative: owes money (minor units of the base currency). */
    balanceMinor: z.number().int(),
  }),
);
export type OpenMoney = z.infer<typeof openMoneySchema>;

/** POST /core/trips/{id}/settlements: records that `from` paid `to` (in the base currency). */
export const settlementBodySchema = z.strictObject({
  from: idSchema,
  to: idSchema,
  amount: amountTextSchema,
});

/** PATCH /core/trips/{id}/settlements/{settlementId}: its new amount (base currency). */
export const settlementChangeSchema = z.strictObject({
  amount: amountTextSchema,
  /** The version the edit started from: a settlement changed since answers 409. */
  version: z.number().int().min(1).optional(),
});
export type SettlementChange = z.output<typeof settlementChangeSchema>;
export const settlementParamsSchema = z.strictObject({ id: idSchema, settlementId: idSchema });

export const budgetSchema = z.object({
  baseCurrency: z.string(),
  plannedMinor: z.number().int().nullable(),
  /** Whether guests, others and viewers see the money of the trip (the admin decides). */
  visibleToGuests: z.boolean(),
  /** The budget's version: a change names it (PUT …/budget `version`), issue 35. */
  version: z.number().int().optional(),
  spentMinor: z.number().int(),
  categories: z.array(
    z.object({
      category: z.enum(EXPENSE_CATEGORIES),
      plannedMinor: z.number().int().nullable(),
      spentMinor: z.number().int(),
    }),
  ),
  perDay: z.array(z.object({ date: z.string(), spentMinor: z.number().int() })),
  perMember: z.array(personSchema.extend({ paidMinor: z.number().int(), shareMinor: z.number().int() })),
  /** Whether the caller may change the budget (admins). */
  canManage: z.boolean(),
  /** Whether the caller may add expenses (members, drivers, guides, admins). */
  canAdd: z.boolean(),
});
export type Budget = z.infer<typeof budgetSchema>;

/** PUT /core/trips/{id}/budget: any of these (admins). */
export const budgetBodySchema = z
  .strictObject({
    baseCurrency: currencyCodeSchema.optional(),
    planned: amountTextSchema.nullable().optional(),
    categories: z
      .array(z.strictObject({ category: z.enum(EXPENSE_CATEGORIES), planned: amountTextSchema.nullable() }))
      .max(EXPENSE_CATEGORIES.length)
      .optional(),
    visibleToGuests: z.boolean().optional(),
    /** The version the edit started from: a budget changed since answers 409. */
    version: z.number().int().min(1).optional(),
  })
  .refine(
    ({ version: _version, ...fields }) => Object.values(fields).some((v) => v !== undefined),
    'Nothing to update',
  );

/** GET /core/trips/{id}/rates?currency=JPY: the rate the app would use, if it knows one. */
export const rateQuerySchema = z.strictObject({ currency: currencyCodeSchema });
export const rateSchema = z.object({
  currency: z.string(),
  baseCurrency: z.string(),
  rate: z.string().nullable(),
  /**
   * base: the trip's own currency; trip: the rate its latest expense in this currency used (asOf
   * its date); table: the daily reference feed; bundled: the app's own reference rates of `asOf`
   * (no feed configured), to be checked.
   */
  source: z.enum(['base', 'trip', 'table', 'bundled']).nullable(),
  asOf: z.string().nullable(),
});

export const currenciesSchema = z.array(z.object({ code: z.string(), decimals: z.number().int() }));
export const currencyList = () => CURRENCY_CODES.map((code) => ({ code, decimals: currencyExponent(code) }));
