import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TripMember } from '@tripcrew/contracts/trips';
import { Wallet } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { balanceWarning, type UseMemberBalances } from './member-balance.ts';
import { fullName } from './member-row.tsx';

/** Stands in when the screen hands over no balances: nothing to warn about. */
const noBalances: UseMemberBalances = () => ({ data: undefined, isPending: false, isError: false });

/**
 * "Remove Ben?" for an admin. When Ben owes or is owed money in the trip, it says how much and
 * offers "Settle up first" (the money tab) beside Remove: their part of the money stays in the
 * balances after they go, and is easier to settle while they are still in the trip.
 */
export function RemoveMemberDialog({
  tripId,
  member,
  busy,
  error,
  useBalances,
  onSettleUp,
  onConfirm,
  onClose,
}: {
  tripId: string;
  member: TripMember;
  busy: boolean;
  error: string | null;
  useBalances?: UseMemberBalances | undefined;
  onSettleUp?: (() => void) | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const useTripBalances = useBalances ?? noBalances;
  const balances = useTripBalances(tripId);
  const name = fullName(member);
  const warning = balanceWarning(name, balances.data, member._id);
  return (
    <ConfirmDialog
      open
      title={t`Remove ${ph({ name })}?`}
      confirmLabel={t`Remove`}
      busy={busy}
      error={error}
      onClose={onClose}
      onConfirm={onConfirm}
      alternative={
        warning && onSettleUp ? (
          <Button
            variant="secondary"
            onClick={() => {
              onClose();
              onSettleUp();
            }}
          >
            <Wallet aria-hidden="true" className="size-4" />
            <Trans>Settle up first</Trans>
          </Button>
        ) : null
      }
    >
      <div className="flex flex-col gap-3">
        {warning && (
          <p className="flex gap-2 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
            <Wallet aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong className="font-semibold">{warning}.</strong>{' '}
              <Trans>This stays in the trip's balances after they go: settling up first is easier.</Trans>
            </span>
          </p>
        )}
        {useBalances && balances.isPending && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <Trans>Checking their balance…</Trans>
          </p>
        )}
        <p>
          <Trans>They lose access to the trip and its plan. You can add them again later.</Trans>
        </p>
      </div>
    </ConfirmDialog>
  );
}
