import { i18n } from '../../../../lib/i18n/i18n.ts';
import { ph, t } from '@lingui/core/macro';
import type { Trip, TripMember, TripRole } from '@tripcrew/contracts/trips';
import { useState } from 'react';
import { useMemberActions } from '../../api/trip-members.ts';
import type { UseMemberBalances } from './member-balance.ts';
import { fullName, MemberRow } from './member-row.tsx';
import { errorText, ROLE_LABELS } from './member-roles.ts';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';

const ROLE_ORDER: Record<TripRole, number> = {
  admin: 0,
  member: 1,
  driver: 2,
  guide: 3,
  guest: 4,
  other: 5,
  viewer: 6,
};

interface MemberListProps {
  trip: Trip;
  userId: string | null;
  manage: boolean;
  /** The trip's balances (expenses module), to warn before removing someone who owes or is owed. */
  useBalances?: UseMemberBalances | undefined;
  /** Opens the money tab, where the balances are settled. */
  onSettleUp?: (() => void) | undefined;
}

/** Everyone in the trip, admins first; an admin sets roles (admin included) and removes people. */
export function MemberList({ trip, userId, manage, useBalances, onSettleUp }: MemberListProps) {
  const { setRole, remove } = useMemberActions(trip._id);
  const [removing, setRemoving] = useState<TripMember | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const members = [...trip.users].sort(
    (a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || fullName(a).localeCompare(fullName(b)),
  );
  const busy = setRole.isPending || remove.isPending;

  const changeRole = (member: TripMember, role: TripRole) => {
    setNotice(null);
    setRole.mutate(
      { userId: member._id, role },
      {
        onSuccess: () =>
          setNotice(
            t`${ph({ name: fullName(member) })} is now ${ph({ role: i18n._(ROLE_LABELS[role]).toLowerCase() })}.`,
          ),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      {setRole.isError && (
        <p
          role="alert"
          className="rounded-2xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
        >
          {errorText(setRole.error, t`The role could not be changed. Please try again.`)}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {notice}
      </p>
      <ul aria-label={t`People in this trip`} className="divide-y divide-slate-200 dark:divide-slate-800">
        {members.map((member) => (
          <MemberRow
            key={member._id}
            member={member}
            isMe={member._id === userId}
            manage={manage}
            busy={busy}
            onRoleChange={(role) => changeRole(member, role)}
            onRemove={() => {
              remove.reset();
              setRemoving(member);
            }}
          />
        ))}
      </ul>
      {removing && (
        <RemoveMemberDialog
          tripId={trip._id}
          member={removing}
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          useBalances={useBalances}
          onSettleUp={onSettleUp}
          onClose={() => setRemoving(null)}
          onConfirm={() => remove.mutate(removing._id, { onSuccess: () => setRemoving(null) })}
        />
      )}
    </div>
  );
}
