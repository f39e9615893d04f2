import { i18n } from '../../../../lib/i18n/i18n.ts';
import { ph, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
import { RetryLink } from '../../../../components/ui/retry-link.tsx';

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
        <Trans>Invite links</Trans>
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>
          Anyone with the link can join with the role you pick, until it expires or you revoke it.
        </Trans>
      </p>
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ role: role === 'admin' ? 'member' : role, expiresInDays: days, maxUses: limit });
        }}
      >
        <RoleSelect label={t`Role the link gives`} value={role} onChange={setRole} roles={INVITE_ROLES} />
        <label htmlFor={expiryId} className="sr-only">
          <Trans>Link expires after</Trans>
        </label>
        <select
          id={expiryId}
          className={SELECT_CLASS}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {EXPIRIES.map((option) => (
            <option key={option.days} value={option.days}>
              {t`expires in ${ph({ label: option.label })}`}
            </option>
          ))}
        </select>
        <label htmlFor={limitId} className="sr-only">
          <Trans>How many people can use it</Trans>
        </label>
        <select
          id={limitId}
          className={SELECT_CLASS}
          value={limit ?? ''}
          onChange={(e) => setLimit(e.target.value === '' ? null : Number(e.target.value))}
        >
          {LIMITS.map((option) => (
            <option key={option ?? 'none'} value={option ?? ''}>
              {option === null ? t`no use limit` : plural(option, { one: '# person', other: '# people' })}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" disabled={create.isPending}>
          {create.isPending ? t`Making…` : t`Create link`}
        </Button>
      </form>
      {create.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(create.error, t`The link could not be made. Please try again.`)}
        </p>
      )}
      {made && (
        <div className="flex flex-col gap-1 rounded-2xl bg-brand-50 p-3 dark:bg-brand-950/40">
          <p className="text-sm font-medium">
            <Trans>Your new link — copy it now, it is shown only once:</Trans>
          </p>
          <CopyLink url={made} label={t`New invite link`} />
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
          {errorText(revoke.error, t`The link could not be revoked. Please try again.`)}
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
  if (loading)
    return (
      <p className={muted}>
        <Trans>Loading the links…</Trans>
      </p>
    );
  if (failed || !invites)
    return (
      <p className={muted}>
        <Trans>The links could not be loaded.</Trans> <RetryLink onRetry={onRetry} />
      </p>
    );
  if (invites.length === 0)
    return (
      <p className={muted}>
        <Trans>No active invite links.</Trans>
      </p>
    );
  return (
    <ul aria-label={t`Active invite links`} className="flex flex-col gap-2">
      {invites.map((invite) => (
        <li
          key={invite._id}
          data-testid="invite-link"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-slate-50 px-4 py-2 text-sm dark:bg-slate-800/60"
        >
          <span className="font-semibold">{i18n._(ROLE_LABELS[invite.role])}</span>
          <span className="text-slate-600 dark:text-slate-300">
            <Trans>until {ph({ until: formatDateTime(invite.expiresAt) })}</Trans>
          </span>
          <span className="text-slate-600 dark:text-slate-300">{usesText(invite)}</span>
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            disabled={revoking === invite._id}
            aria-label={t`Revoke the ${ph({ role: i18n._(ROLE_LABELS[invite.role]).toLowerCase() })} link until ${ph({ expiresAt: formatLongDate(invite.expiresAt) })}`}
            onClick={() => onRevoke(invite._id)}
          >
            {revoking === invite._id ? t`Revoking…` : t`Revoke`}
          </Button>
        </li>
      ))}
    </ul>
  );
}
