import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import clsx from 'clsx';
import { useId } from 'react';
import { TickBox } from '../../../../components/ui/tick-box.tsx';
import { useOnline } from '../../../../lib/network-status.ts';
import { useTripsDispatch, useTripsSelector } from '../../state/trips-store-hooks.ts';
import { removeChecklistEntry, selectTripChecklist, updateChecklist } from '../../state/checklist-slice.ts';
import { TripTabSection } from '../trip-tab-section.tsx';
import { useChecklistSync } from './use-checklist-sync.ts';

interface ChecklistTabProps {
  tripId: string;
  userId: string | null;
  canEdit: boolean;
  /** The travel_checklist vocabulary: group name → item names. */
  groups: Record<string, string[]> | undefined;
  loading: boolean;
  failed: boolean;
}

const SYNC_TEXT = {
  loading: msg`Loading your ticks…`,
  synced: msg`Saved`,
  saving: msg`Saving…`,
  offline: msg`Saved on this device only`,
} as const;

/** CHECKLIST-01..04: the vocabulary's groups with tick boxes and a progress per group. */
export function ChecklistTab({ tripId, userId, canEdit, groups, loading, failed }: ChecklistTabProps) {
  const dispatch = useTripsDispatch();
  const ticked = useTripsSelector((state) => selectTripChecklist(state, tripId));
  const sync = useChecklistSync(tripId, userId, canEdit);
  const online = useOnline();
  // Offline, a checklist this device never kept cannot load: say so plainly, not "Loading…" beside
  // "Saved on this device only" (issue 35).
  const notKept = !groups && !online;

  const toggle = (entry: string, checked: boolean) => {
    if (checked) dispatch(updateChecklist({ tripId, entry }));
    else dispatch(removeChecklistEntry({ tripId, entry }));
  };

  return (
    <TripTabSection
      title={<Trans>Checklist</Trans>}
      alignAside="baseline"
      aside={
        groups && (
          <p aria-live="polite" className="text-xs text-slate-500 dark:text-slate-400">
            {t(SYNC_TEXT[sync])}
          </p>
        )
      }
    >
      {notKept && (
        <p role="status" data-testid="checklist-not-kept">
          <Trans>
            This checklist was not saved on this device: it opens once you are back online. Tabs you open
            while online are kept for offline use.
          </Trans>
        </p>
      )}
      {loading && !notKept && (
        <p role="status">
          <Trans>Loading the checklist…</Trans>
        </p>
      )}
      {failed && !notKept && (
        <p role="alert">
          <Trans>The checklist could not be loaded.</Trans>
        </p>
      )}
      {groups && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Object.entries(groups).map(([group, items]) => (
            <ChecklistGroup
              key={group}
              name={group}
              items={items}
              ticked={ticked}
              disabled={!canEdit}
              onToggle={toggle}
            />
          ))}
        </div>
      )}
    </TripTabSection>
  );
}

interface ChecklistGroupProps {
  name: string;
  items: string[];
  ticked: readonly string[];
  disabled: boolean;
  onToggle: (entry: string, checked: boolean) => void;
}

function ChecklistGroup({ name, items, ticked, disabled, onToggle }: ChecklistGroupProps) {
  const headingId = useId();
  const done = items.filter((item) => ticked.includes(item)).length;
  const percent = items.length === 0 ? 0 : Math.round((done / items.length) * 100);
  return (
    <section
      aria-labelledby={headingId}
      data-testid="checklist-group"
      className="flex flex-col gap-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <header className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold capitalize">
          {name.replace(/_/g, ' ')}
        </h3>
        <span
          data-testid="checklist-progress"
          className="text-sm font-semibold text-brand-700 dark:text-brand-400"
        >
          {done}/{items.length}
        </span>
      </header>
      <div
        role="progressbar"
        aria-label={t`${name} progress`}
        aria-valuemin={0}
        aria-valuemax={items.length}
        aria-valuenow={done}
        className="h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-brand-500 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          const checked = ticked.includes(item);
          return (
            <li key={item}>
              <label
                className={clsx(
                  'flex items-center gap-3 rounded-xl px-2 py-1.5 text-sm transition',
                  disabled
                    ? 'cursor-not-allowed opacity-70'
                    : 'cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800',
                )}
              >
                <TickBox checked={checked} disabled={disabled} onChange={(on) => onToggle(item, on)} />
                <span className={clsx(checked && 'text-slate-500 line-through dark:text-slate-400')}>
                  {item}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
