import { fromMinorUnits, toMinorUnits } from '@tripcrew/contracts/currencies';
import { type Budget, EXPENSE_CATEGORIES, type ExpenseCategory } from '@tripcrew/contracts/expenses';
import type { z } from 'zod';
import type { budgetBodySchema } from '@tripcrew/contracts/expenses';
import { badRequest } from '../../../platform/errors.ts';
import { announceMoneyChange, type ExpensesDeps, moneyAccess } from '../core/expense-access.ts';
import { namesOf, person } from '../core/expense-views.ts';
import { countExpenses, findExpenses, findShares, upsertBudget } from '../core/expenses.repository.ts';
import { mayDo } from '../core/expenses.policy.ts';
import { recordBudget } from '../core/money-history.ts';
import { assertSameVersion } from '../core/money-versions.ts';
import type { MoneyAccess } from '../core/expense-access.ts';

/** The budget's settings as an edit meets them (the current side of a 409). */
const budgetValues = (budget: MoneyAccess['budget']) => ({
  baseCurrency: budget.baseCurrency,
  plannedMinor: budget.plannedMinor,
  plannedCategories: budget.plannedCategories,
  visibleToGuests: budget.visibleToGuests,
});

export type BudgetBody = z.output<typeof budgetBodySchema>;

const add = <K>(map: Map<K, number>, key: K, amount: number) => map.set(key, (map.get(key) ?? 0) + amount);

/**
 * The trip's budget (issue 24): what was planned (in total and per category, in the base
 * currency) against what was spent — per category, per day and per member (what each paid and
 * what their share came to). Settlements move money between people and are not spending.
 */
export function createBudgetService(deps: ExpensesDeps) {
  const { db } = deps;

  return {
    async get(userId: string, tripId: string): Promise<Budget> {
      const access = await moneyAccess(db, userId, tripId, 'money.read');
      const rows = (await findExpenses(db, access.trip.id)).filter((row) => row.kind === 'expense');
      const shares = await findShares(
        db,
        rows.map((row) => row.id),
      );
      const byCategory = new Map<string, number>();
      const byDay = new Map<string, number>();
      const paid = new Map<string, number>();
      const owed = new Map<string, number>();
      let spent = 0;
      for (const row of rows) {
        spent += row.baseMinor;
        add(byCategory, row.category, row.baseMinor);
        add(byDay, row.spentOn, row.baseMinor);
        add(paid, row.paidBy, row.baseMinor);
      }
      for (const share of shares) add(owed, share.userId, share.shareBaseMinor);
      const names = await namesOf(db, [...paid.keys(), ...owed.keys()]);
      const planned = access.budget.plannedCategories;
      return {
        baseCurrency: access.budget.baseCurrency,
        plannedMinor: access.budget.plannedMinor,
        visibleToGuests: access.budget.visibleToGuests,
        version: access.budget.version,
        spentMinor: spent,
        categories: EXPENSE_CATEGORIES.map((category) => ({
          category,
          plannedMinor: planned[category] ?? null,
          spentMinor: byCategory.get(category) ?? 0,
        })),
        perDay: [...byDay]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, spentMinor]) => ({ date, spentMinor })),
        perMember: [...names.keys()]
          .map((id) => ({
            ...person(names, id),
            paidMinor: paid.get(id) ?? 0,
            shareMinor: owed.get(id) ?? 0,
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        canManage: mayDo(access.role, 'money.manage', access.budget.visibleToGuests),
        canAdd: mayDo(access.role, 'money.add', access.budget.visibleToGuests),
      };
    },

    async update(userId: string, tripId: string, body: BudgetBody): Promise<Budget> {
      await db.transaction(async (tx) => {
        const access = await moneyAccess(tx, userId, tripId, 'money.manage', true);
        const { version: baseVersion, ...fields } = body;
        await assertSameVersion(
          tx,
          { kind: 'budget', id: access.trip.id, ...access.budget },
          baseVersion,
          async () => ({
            values: budgetValues(access.budget),
            fields: Object.keys(fields).filter((field) => fields[field as keyof typeof fields] !== undefined),
          }),
          'the budget',
        );
        const base = body.baseCurrency ?? access.budget.baseCurrency;
        if (base !== access.budget.baseCurrency && (await countExpenses(tx, access.trip.id)) > 0) {
          throw badRequest(
            'The base currency can change only before the first expense: every expense was converted to it',
            'baseCurrency',
          );
        }
        const minorOf = (amount: string | null, field: string): number | null => {
          if (amount === null) return null;
          const minor = toMinorUnits(amount, base);
          if (minor === null)
            throw badRequest(`Write the amount in ${base}, like ${fromMinorUnits(1250, base)}`, field);
          return minor;
        };
        const patch: Parameters<typeof upsertBudget>[2] = { baseCurrency: base };
        // A new base currency without a new plan: the old figures meant another currency.
        if (base !== access.budget.baseCurrency && body.planned === undefined) patch.plannedMinor = null;
        if (body.planned !== undefined) patch.plannedMinor = minorOf(body.planned, 'planned');
        if (body.categories !== undefined) {
          const categories: Partial<Record<ExpenseCategory, number>> = {};
          for (const entry of body.categories) {
            const minor = minorOf(entry.planned, 'categories');
            if (minor !== null) categories[entry.category] = minor;
          }
          patch.plannedCategories = categories;
        } else if (base !== access.budget.baseCurrency) patch.plannedCategories = {};
        if (body.visibleToGuests !== undefined) patch.visibleToGuests = body.visibleToGuests;
        await upsertBudget(tx, access.trip.id, { ...patch, updatedBy: userId });
        await recordBudget(tx, userId, access.trip.id, access.budget, {
          ...access.budget,
          ...patch,
          version: access.budget.version + 1,
        });
      });
      await announceMoneyChange(deps, tripId, userId);
      return this.get(userId, tripId);
    },
  };
}

export type BudgetService = ReturnType<typeof createBudgetService>;
