import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Trip } from '@tripcrew/contracts/trips';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { useMemberActions } from '../../api/trip-members.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { fullName } from './member-row.tsx';
import { errorText } from './member-roles.ts';
import { LabelledSelect } from '../labelled-select.tsx';
import { SELECT_CLASS } from './role-select.tsx';

/**
 * An admin hands the admin role to someone else and becomes a member: one request, one
 * transaction on the server (POST …/members/{userId}/hand-over).
 */
export function HandOverAdmin({ trip, userId }: { trip: Trip; userId: string }) {
  const { handOver: handOverRole } = useMemberActions(trip._id);
  const others = trip.users.filter((member) => member._id !== userId);
  const [target, setTarget] = useState('');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = others.find((member) => member._id === target);
  if (others.length === 0) return null;

  const handOver = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      await handOverRole.mutateAsync(chosen._id);
      setOpen(false);
    } catch (failure) {
      setError(errorText(failure, t`The admin role could not be handed over. Please try again.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">
        <Trans>Hand over the admin role</Trans>
      </h3>
      <div className="flex flex-wrap items-center gap-2">
        <LabelledSelect
          label={<Trans>New admin</Trans>}
          value={target}
          options={[
            { value: '', label: t`Pick the new admin` },
            ...others.map((member) => ({ value: member._id, label: fullName(member) })),
          ]}
          onChange={setTarget}
          labelClassName="sr-only"
          selectClassName={`${SELECT_CLASS} min-w-0 flex-1`}
        />
        <Button
          size="sm"
          variant="secondary"
          disabled={!chosen}
          onClick={() => {
            setError(null);
            setOpen(true);
          }}
        >
          <Crown aria-hidden="true" className="size-4" />
          <Trans>Hand over</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={open && chosen !== undefined}
        title={t`Make ${ph({ name: chosen ? fullName(chosen) : '' })} the admin?`}
        confirmLabel={t`Hand over`}
        busy={busy}
        error={error}
        onClose={() => setOpen(false)}
        onConfirm={() => void handOver()}
      >
        <Trans>You become a member: you can still plan, but no longer manage people and links.</Trans>
      </ConfirmDialog>
    </div>
  );
}
