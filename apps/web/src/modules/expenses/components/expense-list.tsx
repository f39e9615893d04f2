import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { toast } from 'react-toastify';
import { CancelActions } from '../../../components/ui/cancel-actions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { type Expense, useExpenseActions, useExpenses } from '../api/expense-list.ts';
import { formatAmountText, formatMoney } from '../../../lib/format/money.ts';
import { EditPaymentDialog } from './edit-payment-dialog.tsx';
import { ExpenseDialog, type ExpenseDialogProps } from './expense-dialog.tsx';
import { MoneyEntryRow } from './money-entry-row.tsx';
import { ReceiptControls } from './receipt-controls.tsx';
import { CARD_CLASS, CATEGORY_LABELS, HINT_CLASS, NEEDS_NETWORK } from './money-ui.ts';

/** "Ana paid Bo €12.00": a settlement between two people. */
export function settlementText(entry: Expense): string {
  const to = entry.split.people[0]?.name ?? 'someone';
  return `${entry.paidBy.name} paid ${to} ${formatAmountText(entry.amount, entry.currency)}`;
}

function sharedBy(entry: Expense): string {
  return entry.split.people.map((person) => person.name).join(', ');
}

function ExpenseItem({
  entry,
  tripId,
  online,
  onEdit,
  onDelete,
}: {
  entry: Expense;
  tripId: string;
  online: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const settlement = entry.kind === 'settlement';
  const label = settlement ? settlementText(entry) : entry.title;
  return (
    <MoneyEntryRow
      entry={entry}
      title={
        settlement ? (
          <>
            <span className="sr-only">
              <Trans>Payment:</Trans>{' '}
            </span>
            {label}
          </>
        ) : (
          label
        )
      }
      amount={
        settlement ? null : (
          <>
            {formatAmountText(entry.amount, entry.currency)}
            {entry.currency !== entry.baseCurrency && (
              <span className="ml-1 text-sm font-normal text-slate-600 dark:text-slate-300">
                ({formatMoney(entry.baseAmountMinor, entry.baseCurrency)})
              </span>
            )}
          </>
        )
      }
      details={
        settlement
          ? t` · settled up`
          : t` · ${ph({ category: i18n._(CATEGORY_LABELS[entry.category]) })} · paid by ${ph({ name: entry.paidBy.name })} · shared by ${ph({ entry: sharedBy(entry) })}`
      }
    >
      {(entry.canEdit || entry.receiptUrl) && (
        <div className="flex shrink-0 gap-1">
          {!settlement && <ReceiptControls entry={entry} tripId={tripId} online={online} />}
          {entry.canEdit && (
            <IconButton
              aria-label={settlement ? t`Edit payment: ${label}` : t`Edit ${ph({ title: entry.title })}`}
              disabled={!online}
              onClick={onEdit}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </IconButton>
          )}
          {entry.canEdit && (
            <IconButton aria-label={t`Delete ${label}`} disabled={!online} onClick={onDelete}>
              <Trash2 aria-hidden="true" className="size-4" />
            </IconButton>
          )}
        </div>
      )}
    </MoneyEntryRow>
  );
}

type DialogContext = Omit<ExpenseDialogProps, 'expense' | 'onClose'>;

/**
 * The trip's expenses and settlements, newest first, with add (canAdd), edit and delete (canEdit:
 * an expense's author or an admin; a payment's payer, payee or an admin, its amount only).
 */
export function ExpenseList({
  canAdd,
  online,
  dialog,
}: {
  canAdd: boolean;
  online: boolean;
  dialog: DialogContext;
}) {
  const { t } = useLingui();
  const expenses = useExpenses(dialog.tripId);
  const { remove } = useExpenseActions(dialog.tripId);
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);

  return (
    <section aria-labelledby="expenses-title" className={CARD_CLASS}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="expenses-title" className="text-lg font-semibold">
          <Trans>Expenses</Trans>
        </h2>
        {canAdd && (
          <Button size="sm" disabled={!online} onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            <Trans>Add expense</Trans>
          </Button>
        )}
      </div>
      {canAdd && !online && <p className={HINT_CLASS}>{i18n._(NEEDS_NETWORK)}</p>}
      {expenses.isPending && <EmojiLoader label={t`Loading the expenses…`} />}
      {expenses.isError && (
        <QueryError query={expenses} variant="plain" message={t`The expenses could not be loaded.`} />
      )}
      {expenses.data?.length === 0 && (
        <p className={HINT_CLASS}>{canAdd ? t`No expenses yet — add the first one.` : t`No expenses yet.`}</p>
      )}
      {expenses.data && expenses.data.length > 0 && (
        <ul aria-label={t`Expenses and payments`} className="flex flex-col">
          {expenses.data.map((entry) => (
            <ExpenseItem
              key={entry._id}
              entry={entry}
              tripId={dialog.tripId}
              online={online}
              onEdit={() => setEditing(entry)}
              onDelete={() => setDeleting(entry)}
            />
          ))}
        </ul>
      )}
      {editing !== null && editing !== 'new' && editing.kind === 'settlement' && (
        <EditPaymentDialog
          tripId={dialog.tripId}
          payment={editing}
          online={online}
          onClose={() => setEditing(null)}
        />
      )}
      {(editing === 'new' || editing?.kind === 'expense') && (
        <ExpenseDialog
          {...dialog}
          expense={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting?.kind === 'settlement' ? t`Delete this payment?` : t`Delete this expense?`}
        size="sm"
      >
        <p className="mb-4">
          {deleting && (
            <Trans>
              {ph({ entry: deleting.kind === 'settlement' ? settlementText(deleting) : deleting.title })} is
              taken out of the budget and the balances.
            </Trans>
          )}
        </p>
        <CancelActions onCancel={() => setDeleting(null)}>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              deleting &&
              remove.mutate(deleting._id, {
                onSuccess: () => setDeleting(null),
                onError: (error) =>
                  toast.error(error instanceof Error ? error.message : t`It could not be deleted.`, {
                    toastId: 'expense-delete',
                  }),
              })
            }
          >
            <Trans>Delete</Trans>
          </Button>
        </CancelActions>
      </Dialog>
    </section>
  );
}
