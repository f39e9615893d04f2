import { i18n } from '../../../../lib/i18n/i18n.ts';
import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarDays, type LucideIcon, MapPin, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../../../components/ui/button.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { EmojiLoader } from '../../../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../../../components/ui/query-error.tsx';
import { errorText, ROLE_LABELS } from '../members/member-roles.ts';
import { isDeadLink, useInvitePreview, useJoinTrip } from '../../api/trip-links.ts';
import { DeadLink } from './dead-link.tsx';
import { tripDatesText } from './trip-dates-text.ts';

export const CARD =
  'mx-auto flex w-full max-w-lg flex-col gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';

/** What a dead invite link says: the server's reason (revoked, expired, used up) or unknown. */
function InviteDead({ message }: { message: string }) {
  return (
    <DeadLink title={t`This invite link no longer works`}>
      <p className="text-slate-600 dark:text-slate-300">{message}</p>
      <p className="text-slate-600 dark:text-slate-300">
        <Trans>Ask the person who sent it for a new one.</Trans>
      </p>
    </DeadLink>
  );
}

/** A signed-in person sees where the link leads and joins (idempotent), then lands in the trip. */
/** One fact of the invite: an icon, named for screen readers, beside its value. */
function InviteFact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <dt>
        <Icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

export function InvitePreview({ token }: { token: string }) {
  const preview = useInvitePreview(token, true);
  const join = useJoinTrip(token);
  const navigate = useNavigate();

  if (preview.isPending) return <EmojiLoader label={t`Opening the invite…`} className="py-24" />;
  if (preview.isError) {
    if (isDeadLink(preview.error)) return <InviteDead message={errorText(preview.error)} />;
    return (
      <QueryError query={preview} message={t`The invite could not be opened.`} className="mx-auto max-w-lg" />
    );
  }
  const invite = preview.data;
  const goToTrip = () => void navigate(`/trips/${encodeURIComponent(invite.tripId)}`, { replace: true });
  const joinDead = join.isError && isDeadLink(join.error);
  if (joinDead) return <InviteDead message={errorText(join.error)} />;

  return (
    <section aria-labelledby="invite-title" className={CARD}>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
        {invite.invitedBy ? t`${ph({ invitedBy: invite.invitedBy })} invites you` : t`You are invited`}
      </p>
      <h1 id="invite-title" className="text-2xl font-bold tracking-tight">
        {invite.tripName}
      </h1>
      <dl className="flex flex-col gap-2 text-slate-700 dark:text-slate-200">
        <InviteFact icon={MapPin} label={<Trans>Place</Trans>}>
          {invite.place.name}
        </InviteFact>
        <InviteFact icon={CalendarDays} label={<Trans>Dates</Trans>}>
          {tripDatesText(invite.startDate, invite.endDate)}
        </InviteFact>
        <InviteFact icon={UserRound} label={<Trans>Your role</Trans>}>
          <Trans>You join as {ph({ role: i18n._(ROLE_LABELS[invite.role]).toLowerCase() })}</Trans>
        </InviteFact>
      </dl>
      {invite.alreadyMember ? (
        <div className="flex flex-col gap-3">
          <p className="text-slate-700 dark:text-slate-200">
            <Trans>You are already in this trip.</Trans>
          </p>
          <button type="button" className={buttonClass({ size: 'lg' })} onClick={goToTrip}>
            <Trans>Open the trip</Trans>
          </button>
        </div>
      ) : (
        <Button
          size="lg"
          disabled={join.isPending}
          onClick={() => join.mutate(undefined, { onSuccess: goToTrip })}
        >
          {join.isPending ? t`Joining…` : t`Join the trip`}
        </Button>
      )}
      {join.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(join.error, t`Joining did not work. Please try again.`)}
        </p>
      )}
    </section>
  );
}
