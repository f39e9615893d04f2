import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { EXPENSE_CATEGORIES } from '@tripcrew/contracts/expenses';
import { fromMinorUnits } from '@tripcrew/contracts/currencies';
import { useId, useState } from 'react';
import { CancelActions } from '../../../components/ui/cancel-actions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { versionConflictOf } from '../../../lib/version-conflict.ts';
import { type Budget, useUpdateBudget } from '../api/expense-budget.ts';
import { CurrencySelect } from './currency-select.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { CATEGORY_LABELS, ERROR_CLASS, FIELD_CLASS, HINT_CLASS, LABEL_CLASS } from './money-ui.ts';
import { CheckedForm } from '../../../components/ui/checked-form.tsx';

const AMOUNT = /^\d+(\.\d+)?$/;
const textOf = (minor: number | null, currency: string) =>
  minor === null ? '' : fromMinorUnits(minor, currency);

/** Admins: the base currency (before the first expense), the planned total and per-category budgets. */
export function BudgetSettingsDialog({
  tripId,
  budget,
  onClose,
}: {
  tripId: string;
  budget: Budget;
  onClose: () => void;
}) {
  const update = useUpdateBudget(tripId);
  const [baseCurrency, setBaseCurrency] = useState(budget.baseCurrency);
  const [planned, setPlanned] = useState(textOf(budget.plannedMinor, budget.baseCurrency));
  const [perCategory, setPerCategory] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      budget.categories.map((c) => [c.category, textOf(c.plannedMinor, budget.baseCurrency)]),
    ),
  );
  const [problem, setProblem] = useState<string | null>(null);
  // The version this edit starts from (issue 35): after a conflict, the one the person has now seen.
  const [baseVersion, setBaseVersion] = useState(budget.version);
  const id = useId();
  const problemId = `${id}-problem`;

  const submit = () => {
    const amounts = [planned, ...Object.values(perCategory)].map((v) => v.trim()).filter(Boolean);
    if (amounts.some((v) => !AMOUNT.test(v))) {
      setProblem(t`Write the amounts as numbers like 1200.50, or leave them empty`);
      return;
    }
    setProblem(null);
    update.mutate(
      {
        ...(baseCurrency !== budget.baseCurrency ? { baseCurrency } : {}),
        planned: planned.trim() || null,
        categories: EXPENSE_CATEGORIES.map((category) => ({
          category,
          planned: perCategory[category]?.trim() || null,
        })),
        version: baseVersion,
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          const conflict = versionConflictOf(error);
          if (conflict) {
            setBaseVersion(conflict.version);
            const who = conflict.changedBy?.name ?? t`Someone`;
            return setProblem(
              t`${who} changed the budget while you were editing. Your amounts are still here: save again to replace theirs, or cancel to keep theirs.`,
            );
          }
          setProblem(
            isApiError(error) || error instanceof Error ? error.message : t`The budget could not be saved`,
          );
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={t`Edit budget`}>
      <CheckedForm onSubmit={submit}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-base`} className={LABEL_CLASS}>
            <Trans>Base currency</Trans>
          </label>
          <CurrencySelect
            id={`${id}-base`}
            first={budget.baseCurrency}
            value={baseCurrency}
            onChange={(event) => setBaseCurrency(event.target.value)}
          />
          <p className={HINT_CLASS}>
            <Trans>Every expense is counted in it. It can change only before the first expense.</Trans>
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-planned`} className={LABEL_CLASS}>
            <Trans>Planned total ({baseCurrency})</Trans>
          </label>
          <input
            id={`${id}-planned`}
            inputMode="decimal"
            value={planned}
            onChange={(event) => setPlanned(event.target.value)}
            className={FIELD_CLASS}
          />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className={`${LABEL_CLASS} mb-1`}>
            <Trans>Planned per category ({baseCurrency}, optional)</Trans>
          </legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {EXPENSE_CATEGORIES.map((category) => (
              <label key={category} className="flex flex-col gap-1 text-sm">
                {i18n._(CATEGORY_LABELS[category])}
                <input
                  inputMode="decimal"
                  value={perCategory[category] ?? ''}
                  onChange={(event) => setPerCategory((all) => ({ ...all, [category]: event.target.value }))}
                  className={FIELD_CLASS}
                />
              </label>
            ))}
          </div>
        </fieldset>
        {problem && (
          <p id={problemId} role="alert" className={ERROR_CLASS}>
            {problem}
          </p>
        )}
        <CancelActions onCancel={onClose}>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t`Saving…` : t`Save budget`}
          </Button>
        </CancelActions>
      </CheckedForm>
    </Dialog>
  );
}
