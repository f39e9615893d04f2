import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CrewUser } from '@tripcrew/contracts/crew';
import { UserMinus } from 'lucide-react';
import { IconTextButton } from '../../../components/ui/icon-text-button.tsx';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useMyCrew } from '../api/get-my-crew.ts';
import { useRemoveCrewMember } from '../api/remove-crew-member.ts';
import {
  CrewPerson,
  CrewPersonSkeleton,
  fullNameOf,
  primaryButton,
  secondaryButton,
} from './crew-person.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const EMPTY_CREW_TEXT = msg`No one in your crew yet — search for friends above`;

/** The signed-in user's crew (CREW-03), each linking to the profile, removable after a confirmation. */
export function CrewList() {
  const { t } = useLingui();
  const crew = useMyCrew(true);
  const remove = useRemoveCrewMember();
  const [confirming, setConfirming] = useState<CrewUser | null>(null);
  const titleId = useId();

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <span id={titleId}>
          <Trans>My crew</Trans>
        </span>
        {crew.data && crew.data.length > 0 && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-950 dark:text-brand-300">
            {crew.data.length}
          </span>
        )}
      </h2>
      {crew.isPending && (
        <div role="status" aria-label={t`Loading your crew…`}>
          <CrewPersonSkeleton />
          <CrewPersonSkeleton />
          <CrewPersonSkeleton />
        </div>
      )}
      {/* A failed load is logged only (SPEC §8): the list simply stays empty of entries. */}
      {crew.data && crew.data.length === 0 && (
        <p className="py-4 text-sm text-slate-500 dark:text-slate-400">{i18n._(EMPTY_CREW_TEXT)}</p>
      )}
      {crew.data && crew.data.length > 0 && (
        <ul aria-label={t`Crew members`} className="divide-y divide-slate-100 dark:divide-slate-800">
          {crew.data.map((member) => (
            <li key={member._id} data-testid="crew-member">
              <CrewPerson user={member}>
                <IconTextButton
                  icon={UserMinus}
                  className={secondaryButton}
                  aria-label={t`Remove ${ph({ name: fullNameOf(member) })} from your crew`}
                  disabled={remove.isPending && remove.variables === member._id}
                  onClick={() => setConfirming(member)}
                >
                  <Trans>remove</Trans>
                </IconTextButton>
              </CrewPerson>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t`Remove from your crew?`}
        size="sm"
      >
        <p className="text-slate-600 dark:text-slate-300">
          {confirming ? fullNameOf(confirming) : ''}{' '}
          <Trans>will no longer be in your crew. You can send a new request later.</Trans>
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => setConfirming(null)}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className={primaryButton}
            onClick={() => {
              if (confirming) remove.mutate(confirming._id);
              setConfirming(null);
            }}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      </Dialog>
    </section>
  );
}
