import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CrewUser } from '@tripcrew/contracts/crew';
import type { Trip, TripRole } from '@tripcrew/contracts/trips';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { useMemberActions } from '../../api/trip-members.ts';
import { errorText } from './member-roles.ts';
import { LabelledSelect } from '../labelled-select.tsx';
import { RoleSelect, SELECT_CLASS } from './role-select.tsx';
import { RetryLink } from '../../../../components/ui/retry-link.tsx';

/**
 * The admin's crew, read by the crew module's own hook (the screen hands it over: modules stay
 * apart). Called as a hook, only where the add form is shown.
 */
export type UseCrew = (
  enabled: boolean,
) => Pick<UseQueryResult<CrewUser[]>, 'data' | 'isPending' | 'isError' | 'refetch'>;

/** An admin adds someone from their crew with a role. */
export function AddMember({ trip, useCrew }: { trip: Trip; useCrew: UseCrew }) {
  const crew = useCrew(true);
  const { add } = useMemberActions(trip._id);
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<TripRole>('member');
  const inTrip = new Set(trip.users.map((user) => user._id));
  const candidates = (crew.data ?? []).filter((person) => !inTrip.has(person._id));

  let body;
  if (crew.isPending)
    body = (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>Loading your crew…</Trans>
      </p>
    );
  else if (crew.isError)
    body = (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>Your crew could not be loaded.</Trans> <RetryLink onRetry={() => void crew.refetch()} />
      </p>
    );
  else if (candidates.length === 0)
    body = (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {(crew.data ?? []).length === 0
          ? t`Your crew is empty. Share an invite link below, or add people to your crew first.`
          : t`Everyone in your crew is already in this trip. Share an invite link below to bring someone new.`}
      </p>
    );
  else
    body = (
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!userId) return;
          add.mutate({ userId, role }, { onSuccess: () => setUserId('') });
        }}
      >
        <LabelledSelect
          label={<Trans>Person from your crew</Trans>}
          value={userId}
          options={[
            { value: '', label: t`Pick someone from your crew` },
            ...candidates.map((person) => ({
              value: person._id,
              label: `${person.name} ${person.lastName}`.trim(),
            })),
          ]}
          onChange={setUserId}
          labelClassName="sr-only"
          selectClassName={`${SELECT_CLASS} min-w-0 flex-1`}
        />
        <RoleSelect label={t`Role for the new member`} value={role} onChange={setRole} />
        <Button type="submit" size="sm" disabled={!userId || add.isPending}>
          <UserPlus aria-hidden="true" className="size-4" />
          {add.isPending ? t`Adding…` : t`Add`}
        </Button>
      </form>
    );

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">
        <Trans>Add from your crew</Trans>
      </h3>
      {body}
      {add.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(add.error, t`This person could not be added. Please try again.`)}
        </p>
      )}
    </div>
  );
}
