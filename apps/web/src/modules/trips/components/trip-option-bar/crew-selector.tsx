import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CrewUser } from '@tripcrew/contracts/crew';
import clsx from 'clsx';
import { Check, ChevronDown, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import {
  fieldTriggerClass,
  PopoverPanel,
  popoverSurfaceClass,
  usePopover,
} from '../../../../components/ui/popover.tsx';

/** SPEC §9: at most 3 avatars in the chips; the rest is summed up as '+N'. */
export const CREW_CHIPS_MAX = 3;

/** The user's crew as the screen's query has it (the crew module's useMyCrew result fits). */
export interface CrewChoices {
  data?: readonly CrewUser[] | undefined;
  isPending: boolean;
}

interface CrewSelectorProps {
  /** The crew to offer, read by the screen that renders the bar. */
  crew: CrewChoices;
  /** The draft's crew (user ids). */
  selected: readonly string[];
  onAdd: (userId: string) => void;
  onRemove: (userId: string) => void;
}

const nameOf = (person: { name: string; lastName: string }) =>
  `${person.name} ${person.lastName}`.trim() || 'crew member';

/**
 * The trip option bar's crew picker (BAR-07, BAR-08), for signed-in users only (the bar decides):
 * offers the user's crew (cached GET /users/crew/my-crew, read by the screen and passed in);
 * choosing adds to the draft crew,
 * choosing again removes. Shows at most 3 avatars as chips; the dropdown is at most 10rem high.
 */
export function CrewSelector({ crew, selected, onAdd, onRemove }: CrewSelectorProps) {
  const { t } = useLingui();
  const popover = usePopover();
  const { open } = popover;

  const members = crew.data ?? [];
  const chosen = selected.map(
    (id) =>
      members.find((member) => member._id === id) ?? {
        _id: id,
        name: 'crew member',
        lastName: '',
        image: null,
      },
  );
  const shown = chosen.slice(0, CREW_CHIPS_MAX);
  const more = chosen.length - shown.length;

  return (
    <div ref={popover.anchorRef} className="relative">
      <button
        type="button"
        {...popover.triggerProps}
        aria-label={
          chosen.length === 0 ? t`Crew: nobody chosen` : t`Crew: ${ph({ count: chosen.length })} chosen`
        }
        className={clsx(fieldTriggerClass, 'px-3')}
      >
        <Users aria-hidden="true" className="size-5 text-brand-600" />
        {chosen.length === 0 ? (
          <span>
            <Trans>crew</Trans>
          </span>
        ) : (
          <ul aria-label={t`Chosen crew`} data-testid="crew-chips" className="flex items-center -space-x-2">
            {shown.map((person) => (
              <li key={person._id} data-testid="crew-chip">
                <Avatar src={person.image?.thumbnail} name={nameOf(person)} size="xs" />
              </li>
            ))}
            {more > 0 && (
              <li data-testid="crew-chip-more">
                <span className="inline-flex size-6 items-center justify-center rounded-full bg-slate-200 text-[10px] font-semibold text-slate-700 ring-2 ring-white dark:bg-slate-700 dark:text-slate-100 dark:ring-slate-900">
                  +{more}
                </span>
              </li>
            )}
          </ul>
        )}
        <ChevronDown aria-hidden="true" className={clsx('size-4 transition', open && 'rotate-180')} />
      </button>
      <PopoverPanel
        state={popover}
        role="group"
        aria-label={t`Choose your crew`}
        data-testid="crew-dropdown"
        className={clsx(
          'absolute top-13 left-0 z-40 max-h-40 w-64 overflow-y-auto overscroll-contain p-1.5',
          popoverSurfaceClass,
        )}
      >
        {crew.isPending && (
          <p className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
            <Trans>Loading…</Trans>
          </p>
        )}
        {!crew.isPending && members.length === 0 && (
          <p className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
            <Trans>No one in your crew yet.</Trans>{' '}
            <Link to="/crew" className="font-semibold text-brand-700 underline dark:text-brand-400">
              <Trans>Find friends</Trans>
            </Link>
          </p>
        )}
        {members.length > 0 && (
          <ul className="flex flex-col">
            {members.map((member) => {
              const on = selected.includes(member._id);
              return (
                <li key={member._id}>
                  <button
                    type="button"
                    aria-pressed={on}
                    onClick={() => (on ? onRemove(member._id) : onAdd(member._id))}
                    className={clsx(
                      'flex w-full items-center gap-2 rounded-xl px-2 py-1.5 text-left text-sm transition hover:bg-slate-100 dark:hover:bg-slate-800',
                      on && 'font-semibold text-brand-800 dark:text-brand-300',
                    )}
                  >
                    <Avatar src={member.image?.thumbnail} name={nameOf(member)} size="sm" decorative />
                    <span className="min-w-0 flex-1 truncate">{nameOf(member)}</span>
                    {on && <Check aria-hidden="true" className="size-4 shrink-0 text-brand-600" />}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </PopoverPanel>
    </div>
  );
}
