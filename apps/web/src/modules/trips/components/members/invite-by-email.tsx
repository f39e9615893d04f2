import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { INVITE_ROLES } from '@tripcrew/contracts/trip-links';
import type { TripRole } from '@tripcrew/contracts/trips';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { useEmailInvite } from '../../api/trip-links.ts';
import { errorText } from './member-roles.ts';
import { RoleSelect, SELECT_CLASS } from './role-select.tsx';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Admins: invite someone by their address; the one-use link goes to them by mail. */
export function InviteByEmail({ tripId }: { tripId: string }) {
  const invite = useEmailInvite(tripId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TripRole>('member');
  const [problem, setProblem] = useState<string | null>(null);
  const emailId = useId();
  const problemId = useId();

  return (
    <section aria-labelledby="invite-email-title" className="flex flex-col gap-3">
      <h3 id="invite-email-title" className="flex items-center gap-2 font-semibold">
        <Mail aria-hidden="true" className="size-4" />
        <Trans>Invite by email</Trans>
      </h3>
      <form
        noValidate
        className="flex flex-wrap items-start gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const address = email.trim();
          if (!LOOKS_LIKE_EMAIL.test(address)) {
            setProblem(t`Write an email address, like ana@example.com.`);
            return;
          }
          setProblem(null);
          invite.mutate(
            { email: address, role: role === 'admin' ? 'member' : role },
            { onSuccess: () => setEmail('') },
          );
        }}
      >
        <label htmlFor={emailId} className="sr-only">
          <Trans>Email address</Trans>
        </label>
        <input
          id={emailId}
          type="email"
          autoComplete="off"
          placeholder={t`friend@example.com`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className={`${SELECT_CLASS} min-w-0 flex-1 basis-48`}
        />
        <RoleSelect
          label={t`Role the invitation gives`}
          value={role}
          onChange={setRole}
          roles={INVITE_ROLES}
        />
        <Button type="submit" size="sm" disabled={invite.isPending}>
          {invite.isPending ? t`Sending…` : t`Send invitation`}
        </Button>
      </form>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {invite.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(invite.error)}
        </p>
      )}
      {invite.isSuccess && (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          <Trans>
            Invitation sent to {ph({ sentTo: invite.data.sentTo })}. The link works once, for 7 days.
          </Trans>
        </p>
      )}
    </section>
  );
}
