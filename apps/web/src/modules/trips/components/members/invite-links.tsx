import { INVITE_ROLES, type TripInvite } from '@tripcrew/contracts/trip-links';
import type { TripRole } from '@tripcrew/contracts/trips';
import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { formatLongDate } from '../../../../lib/format/date-words.ts';
import { formatDateTime } from '../../../../lib/format/times.ts';
import { inviteUrl, tokenOf, useTripInvites } from '../../api/trip-links.ts';
import { CopyLink } from './copy-link.tsx';
import { errorText, ROLE_LABELS } from './member-roles.ts';
import { RoleSelect, SELECT_CLASS } from './role-select.tsx';

const EXPIRIES = [
  { days: 1, label: '1 day' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
] as const;
const LIMITS = [null, 1, 5, 10, 25] as const;

const usesText = (invite: TripInvite): string =>
  invite.maxUses === null
    ? `used ${invite.uses} ${invite.uses === 1 ? 'time' : 'times'}`
    : `${invite.uses} of ${invite.maxUses} uses`;

/** Admins: make invite links (role, expiry, use limit), copy the new one, see and revoke active ones. */
export function InviteLinks({ tripId }: { tripId: string }) {
  const { query, create, revoke } = useTripInvites(tripId, true);
  const [role, setRole] = useState<TripRole>('member');
  const [days, setDays] = useState(7);
  const [limit, setLimit] = useState<number | null>(null);
  const expiryId = useId();
  const limitId = useId();
  const made = create.data ? inviteUrl(tokenOf(create.data.url)) : null;

  return (
    <section aria-labelledby="invite-links-title" className="flex flex-col gap-3">
      <h3 id="invite-links-title" className="flex items-center gap-2 font-semibold">
        <Link2 aria-hidden="true" className="size-4" />
        Invite links
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Anyone with the link can join with the role you pick, until it expires or you revoke it.
      </p>
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ role: role === 'admin' ? 'member' : role, expiresInDays: days, maxUses: limit });
        }}
      >
        <RoleSelect label="Role the link gives" value={role} onChange={setRole} roles={INVITE_ROLES} />
        <label htmlFor={expiryId} className="sr-only">
          Link expires after
        </label>
        <select
          id={expiryId}
          className={SELECT_CLASS}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {EXPIRIES.map((option) => (
            <option key={option.days} value={option.days}>
              {`expires in ${option.label}`}
            </option>
          ))}
        </select>
        <label htmlFor={limitId} className="sr-only">
          How many people can use it
        </label>
        <select
          id={limitId}
          className={SELECT_CLASS}
          value={limit ?? ''}
          onChange={(e) => setLimit(e.target.value === '' ? null : Number(e.target.value))}
        >
          {LIMITS.map((option) => (
            <option key={option ?? 'none'} value={option ?? ''}>
              {option === null ? 'no use limit' : option === 1 ? '1 person' : `${option} people`}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" disabled={create.isPending}>
          {create.isPending ? 'Making…' : 'Create link'}
        </Button>
      </form>
      {create.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(create.error, 'The link could not be made. Please try again.')}
        </p>
      )}
      {made && (
        <div className="flex flex-col gap-1 rounded-2xl bg-brand-50 p-3 dark:bg-brand-950/40">
          <p className="text-sm font-medium">Your new link — copy it now, it is shown only once:</p>
          <CopyLink url={made} label="New invite link" />
        </div>
      )}
      <InviteList
        invites={query.data}
        loading={query.isPending}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        revoking={revoke.isPending ? revoke.variables : null}
        onRevoke={(id) => revoke.mutate(id)}
      />
      {revoke.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(revoke.error, 'The link could not be revoked. Please try again.')}
        </p>
      )}
    </section>
  );
}

interface InviteListProps {
  invites: TripInvite[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  revoking: string | null | undefined;
  onRevoke: (id: string) => void;
}

function InviteList({ invites, loading, failed, onRetry, revoking, onRevoke }: InviteListProps) {
  const muted = 'text-sm text-slate-600 dark:text-slate-300';
  if (loading) return <p className={muted}>Loading the links…</p>;
  if (failed || !invites)
    return (
      <p className={muted}>
        The links could not be loaded.{' '}
        <button
          type="button"
          className="font-semibold text-brand-700 underline dark:text-brand-300"
          onClick={onRetry}
        >
          Try again
        </button>
      </p>
    );
  if (invites.length === 0) return <p className={muted}>No active invite links.</p>;
  return (
    <ul aria-label="Active invite links" className="flex flex-col gap-2">
      {invites.map((invite) => (
        <li
          key={invite._id}
          data-testid="invite-link"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-slate-50 px-4 py-2 text-sm dark:bg-slate-800/60"
        >
          <span className="font-semibold">{ROLE_LABELS[invite.role]}</span>
          <span className="text-slate-600 dark:text-slate-300">until {formatDateTime(invite.expiresAt)}</span>
          <span className="text-slate-600 dark:text-slate-300">{usesText(invite)}</span>
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            disabled={revoking === invite._id}
            aria-label={`Revoke the ${ROLE_LABELS[invite.role].toLowerCase()} link until ${formatLongDate(invite.expiresAt)}`}
            onClick={() => onRevoke(invite._id)}
          >
            {revoking === invite._id ? 'Revoking…' : 'Revoke'}
          </Button>
        </li>
      ))}
    </ul>
  );
}
