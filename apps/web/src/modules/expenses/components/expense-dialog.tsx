import { ph, t } from '@lingui/core/macro';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from '@tripcrew/contracts/expenses';
import { useId, useState } from 'react';
import { CancelActions } from '../../../components/ui/cancel-actions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { isApiError, isNetworkError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { useOnline } from '../../../lib/network-status.ts';
import { currentText, versionConflictOf } from '../../../lib/version-conflict.ts';
import { type Expense, useExpenseActions } from '../api/expense-list.ts';
import { useRate } from '../api/expense-rates.ts';
import { type BookingCost, bookingExpenseDraft } from '../booking-expense.ts';
import { draftOfExpense, newExpenseDraft } from '../expense-draft.ts';
import {
  checkExpenseDraft,
  type ExpenseDraft,
  type ExpenseField,
  fieldOfError,
  type FieldErrors,
} from '../expense-form-rules.ts';
import { CurrencySelect } from './currency-select.tsx';
import {
  CATEGORY_LABELS,
  ERROR_CLASS,
  FIELD_CLASS,
  HINT_CLASS,
  type MoneyPerson,
  NEEDS_NETWORK,
} from './money-ui.ts';
import { PayerField } from './payer-field.tsx';
import { SplitEditor } from './split-editor.tsx';
import { LabelledOptions } from './money-form.tsx';
import { RateHint } from './rate-source.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { CheckedForm } from '../../../components/ui/checked-form.tsx';

export interface ExpenseDialogProps {
  tripId: string;
  baseCurrency: string;
  /** Who may pay or share: the trip's members, viewers included (issue 35). */
  people: readonly MoneyPerson[];
  startDate: string | null;
  endDate: string | null;
  currentUserId: string;
  /** An admin of the trip records what anyone paid; everyone else only what they paid. */
  isAdmin: boolean;
  /** The expense to change; a new one without. */
  expense?: Expense;
  /** A new expense made from a trip booking: the form starts from its cost, and the expense names it. */
  fromBooking?: BookingCost;
  onClose: () => void;
}

/** Add or change an expense: checked with the contracts' rules before it goes, the server's refusal shown at its field. */
export function ExpenseDialog(props: ExpenseDialogProps) {
  const { tripId, baseCurrency, people, currentUserId, isAdmin, expense, fromBooking, onClose } = props;
  const online = useOnline();
  const { save } = useExpenseActions(tripId);
  const [draft, setDraft] = useState<ExpenseDraft>(() => {
    if (expense) return draftOfExpense(expense, people);
    return fromBooking ? bookingExpenseDraft(fromBooking, props) : newExpenseDraft(props);
  });
  // The rate as typed; null while the suggested one (GET …/rates) stands.
  const [typedRate, setTypedRate] = useState<string | null>(expense ? draft.rate : null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The version this edit starts from (issue 35): after a conflict, the one the person has now seen.
  const [baseVersion, setBaseVersion] = useState(expense?.version);
  const id = useId();
  const foreign = draft.currency !== baseCurrency;
  const suggested = useRate(tripId, draft.currency, foreign && typedRate === null);
  const rate = typedRate ?? suggested.data?.rate ?? '';
  const set = (patch: Partial<ExpenseDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const described = (field: ExpenseField, hint = false) =>
    [hint ? `${id}-${field}-hint` : '', errors[field] ? `${id}-${field}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const invalid = (field: ExpenseField) => (errors[field] ? true : undefined);
  /** A control's id and aria attributes: invalid with its problem, described by its problem (and hint). */
  const control = (field: ExpenseField, hint = false) => ({
    id: `${id}-${field}`,
    'aria-invalid': invalid(field),
    'aria-describedby': described(field, hint),
  });

  const submit = () => {
    setFormError(null);
    const checked = checkExpenseDraft({ ...draft, rate }, baseCurrency);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      {
        id: expense?._id ?? null,
        request: expense
          ? { ...checked.request, version: baseVersion }
          : { ...checked.request, ...(fromBooking ? { bookingId: fromBooking.bookingId } : {}) },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (isNetworkError(error)) return setFormError(i18n._(NETWORK_ERROR_MESSAGE));
          const conflict = versionConflictOf(error);
          if (conflict) {
            // Nothing was written: the form keeps what the person typed; saving again replaces theirs.
            setBaseVersion(conflict.version);
            const who = conflict.changedBy?.name ?? t`Someone`;
            const now = `${currentText(conflict, 'title')} — ${currentText(conflict, 'amount')} ${currentText(conflict, 'currency')}`;
            return setFormError(
              t`${who} changed this expense while you were editing (now: ${now}). Your changes are still here: save again to replace theirs, or cancel to keep theirs.`,
            );
          }
          const field = isApiError(error) ? fieldOfError(error.field) : null;
          const message = error instanceof Error ? error.message : t`The expense could not be saved`;
          if (field) setErrors({ [field]: message });
          else setFormError(message);
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={expense ? t`Edit expense` : t`Add expense`} size="lg">
      <CheckedForm onSubmit={submit}>
        {fromBooking && (
          <p className={HINT_CLASS}>
            {t`The cost of the booking “${ph({ booking: fromBooking.title })}”: the expense stays linked to it.`}
          </p>
        )}
        <FormField id={`${id}-title`} label={t`Title`} error={errors.title}>
          <input
            {...control('title')}
            value={draft.title}
            maxLength={200}
            onChange={(event) => set({ title: event.target.value })}
            className={FIELD_CLASS}
          />
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField id={`${id}-amount`} label={t`Amount`} error={errors.amount}>
            <input
              {...control('amount')}
              inputMode="decimal"
              value={draft.amount}
              onChange={(event) => set({ amount: event.target.value })}
              className={FIELD_CLASS}
            />
          </FormField>
          <FormField id={`${id}-currency`} label={t`Currency`} error={errors.currency}>
            <CurrencySelect
              {...control('currency')}
              first={baseCurrency}
              value={draft.currency}
              onChange={(event) => {
                set({ currency: event.target.value });
                setTypedRate(null);
              }}
            />
          </FormField>
          {foreign && (
            <FormField
              id={`${id}-rate`}
              label={t`Rate (${baseCurrency} for 1 ${ph({ currency: draft.currency })})`}
              error={errors.rate}
              hint={
                rate ? (
                  <RateHint
                    currency={draft.currency}
                    rate={rate}
                    baseCurrency={baseCurrency}
                    suggested={typedRate === null && suggested.data?.rate ? suggested.data : null}
                  />
                ) : suggested.isFetching ? (
                  t`Looking up the rate…`
                ) : (
                  t`No rate known for ${ph({ currency: draft.currency })}: write it`
                )
              }
            >
              <input
                {...control('rate', true)}
                inputMode="decimal"
                value={rate}
                onChange={(event) => setTypedRate(event.target.value)}
                className={FIELD_CLASS}
              />
            </FormField>
          )}
          <FormField id={`${id}-date`} label={t`Date`} error={errors.date}>
            <DateField
              {...control('date')}
              value={draft.date}
              onChange={(date) => set({ date })}
              className={FIELD_CLASS}
            />
          </FormField>
          <FormField id={`${id}-category`} label={t`Category`} error={errors.category}>
            <select
              id={`${id}-category`}
              value={draft.category}
              onChange={(event) => set({ category: event.target.value as ExpenseCategory })}
              aria-describedby={described('category')}
              className={FIELD_CLASS}
            >
              <LabelledOptions values={EXPENSE_CATEGORIES} labels={CATEGORY_LABELS} />
            </select>
          </FormField>
          <PayerField
            id={`${id}-paidBy`}
            people={people}
            paidBy={draft.paidBy}
            payerName={expense?.paidBy.name}
            currentUserId={currentUserId}
            isAdmin={isAdmin}
            error={errors.paidBy}
            onChange={(paidBy) => set({ paidBy })}
          />
        </div>
        <SplitEditor
          draft={{ ...draft, rate }}
          people={people}
          error={errors.split}
          onChange={(kind, split) => set({ kind, split })}
        />
        {formError && (
          <p role="alert" className={ERROR_CLASS}>
            {formError}
          </p>
        )}
        {!online && <p className={HINT_CLASS}>{i18n._(NEEDS_NETWORK)}</p>}
        <CancelActions onCancel={onClose}>
          <Button type="submit" disabled={save.isPending || !online}>
            {save.isPending ? t`Saving…` : expense ? t`Save changes` : t`Add expense`}
          </Button>
        </CancelActions>
      </CheckedForm>
    </Dialog>
  );
}
