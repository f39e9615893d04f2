import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { Check, X } from 'lucide-react';
import { IconTextButton } from '../../../components/ui/icon-text-button.tsx';
import { useApproveCrewRequest, useDeclineCrewRequest } from '../api/crew-request-answers.ts';
import { type CrewRequest, useCrewRequests } from '../api/get-crew-requests.ts';
import {
  CrewPerson,
  CrewPersonSkeleton,
  fullNameOf,
  primaryButton,
  secondaryButton,
  StatusBadge,
} from './crew-person.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const NO_INCOMING_TEXT = msg`No requests waiting for you.`;
export const NO_OUTGOING_TEXT = msg`You have no requests waiting for an answer.`;

const CARD =
  'flex flex-col gap-2 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800';

function RequestSection({
  title,
  emptyText,
  loading,
  requests,
  render,
}: {
  title: string;
  emptyText: string;
  loading: boolean;
  requests: readonly CrewRequest[] | undefined;
  render: (request: CrewRequest) => ReactNode;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <section aria-labelledby={id} className={CARD}>
      <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <span id={id}>{title}</span>
        {requests && requests.length > 0 && (
          <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-700 dark:bg-orange-950 dark:text-orange-300">
            {requests.length}
          </span>
        )}
      </h2>
      {loading && (
        <div role="status" aria-label={t`Loading ${ph({ list: title.toLowerCase() })}…`}>
          <CrewPersonSkeleton />
          <CrewPersonSkeleton />
        </div>
      )}
      {requests && requests.length === 0 && (
        <p className="py-3 text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
      )}
      {requests && requests.length > 0 && (
        <ul aria-label={title} className="divide-y divide-slate-100 dark:divide-slate-800">
          {requests.map((request) => (
            <li key={request._id} data-testid="crew-request">
              {render(request)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Declines an incoming request, or withdraws an outgoing one (CREW-04, CREW-05). */
function DeclineButton({
  request,
  disabled,
  onDecline,
}: {
  request: CrewRequest;
  disabled: boolean;
  onDecline: (requestId: string) => void;
}) {
  const { t } = useLingui();
  return (
    <IconTextButton
      icon={X}
      className={secondaryButton}
      disabled={disabled}
      aria-label={t`decline ${ph({ name: fullNameOf(request.user) })}`}
      onClick={() => onDecline(request._id)}
    >
      <Trans>decline</Trans>
    </IconTextButton>
  );
}

/**
 * Incoming requests (accept or decline, CREW-04) and outgoing ones ('pending', declinable, CREW-05).
 * Failures are logged only (SPEC §8).
 */
export function CrewRequests() {
  const { t } = useLingui();
  const requests = useCrewRequests();
  const approve = useApproveCrewRequest();
  const decline = useDeclineCrewRequest();
  const busy = (id: string) =>
    (approve.isPending && approve.variables?._id === id) || (decline.isPending && decline.variables === id);

  return (
    <>
      <RequestSection
        title={t`Incoming requests`}
        emptyText={i18n._(NO_INCOMING_TEXT)}
        loading={requests.isPending}
        requests={requests.data?.incoming}
        render={(request) => (
          <CrewPerson user={request.user}>
            <IconTextButton
              icon={Check}
              className={primaryButton}
              disabled={busy(request._id)}
              aria-label={t`accept ${ph({ name: fullNameOf(request.user) })}`}
              onClick={() => approve.mutate(request)}
            >
              <Trans>accept</Trans>
            </IconTextButton>
            <DeclineButton request={request} disabled={busy(request._id)} onDecline={decline.mutate} />
          </CrewPerson>
        )}
      />
      <RequestSection
        title={t`Sent requests`}
        emptyText={i18n._(NO_OUTGOING_TEXT)}
        loading={requests.isPending}
        requests={requests.data?.outgoing}
        render={(request) => (
          <CrewPerson user={request.user}>
            <StatusBadge status="pending" />
            <DeclineButton request={request} disabled={busy(request._id)} onDecline={decline.mutate} />
          </CrewPerson>
        )}
      />
    </>
  );
}
