import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Trip } from '@tripcrew/contracts/trips';
import type { ReactNode } from 'react';
import { tripPermissions } from '../trip-roles.ts';
import { AddMember, type UseCrew } from './add-member.tsx';
import { HandOverAdmin } from './hand-over-admin.tsx';
import { InviteByEmail } from './invite-by-email.tsx';
import { InviteLinks } from './invite-links.tsx';
import { LeaveTrip } from './leave-trip.tsx';
import type { UseMemberBalances } from './member-balance.ts';
import { MemberList } from './member-list.tsx';
import { ShareLink } from './share-link.tsx';

export type { UseCrew, UseMemberBalances };

const CARD =
  'flex flex-col gap-4 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={CARD}>
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

interface MembersTabProps {
  trip: Trip;
  /** The signed-in user's id (to mark "you" and to leave). */
  userId: string | null;
  /** The crew module's hook for the admin's crew (composed by the screen). */
  useCrew: UseCrew;
  /** The expenses module's hook for the trip's balances (composed by the screen): removal warnings. */
  useBalances?: UseMemberBalances;
  /** Opens the money tab ("Settle up first"). */
  onSettleUp?: () => void;
}

/**
 * The members tab of a trip (issue 21): who travels and their roles; an admin adds people from the
 * crew, sets roles, removes people, makes invite links and the public link; anyone may leave. The
 * trip answer drives it, so a live 'members' change (which refetches the trip) updates it.
 */
export function MembersTab({ trip, userId, useCrew, useBalances, onSettleUp }: MembersTabProps) {
  const { t } = useLingui();
  const { isAdmin } = tripPermissions(trip.myRole);
  const count = trip.users.length;
  return (
    <div className="grid w-full items-start gap-6 lg:grid-cols-2">
      <Card title={plural(count, { one: '# person in this trip', other: '# people in this trip' })}>
        <MemberList
          trip={trip}
          userId={userId}
          manage={isAdmin}
          useBalances={isAdmin ? useBalances : undefined}
          onSettleUp={onSettleUp}
        />
        {isAdmin && <AddMember trip={trip} useCrew={useCrew} />}
        {isAdmin && userId && <HandOverAdmin trip={trip} userId={userId} />}
        {userId && (
          <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
            <LeaveTrip tripId={trip._id} userId={userId} tripName={trip.tripName} />
          </div>
        )}
      </Card>
      {isAdmin && (
        <Card title={t`Links`}>
          <InviteLinks tripId={trip._id} />
          <hr className="border-slate-200 dark:border-slate-800" />
          <InviteByEmail tripId={trip._id} />
          <hr className="border-slate-200 dark:border-slate-800" />
          <ShareLink tripId={trip._id} />
        </Card>
      )}
    </div>
  );
}
