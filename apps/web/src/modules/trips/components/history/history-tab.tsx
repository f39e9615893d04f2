import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Trip } from '@tripcrew/contracts/trips';
import { History } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../../components/ui/button.tsx';
import { EmojiLoader } from '../../../../components/ui/emoji-loader.tsx';
import { NotKeptOffline } from '../../../../components/ui/not-kept-offline.tsx';
import { QueryError } from '../../../../components/ui/query-error.tsx';
import { useOnline } from '../../../../lib/browser-online.ts';
import { i18n, type MessageDescriptor } from '../../../../lib/i18n/i18n.ts';
import {
  type HistoryEntry,
  type HistoryFilters,
  type HistoryKind,
  useTripHistory,
  useUndoHistoryEntry,
} from '../../api/trip-history.ts';
import { LabelledSelect } from '../labelled-select.tsx';
import { errorText } from '../members/member-roles.ts';
import { TripTabSection } from '../trip-tab-section.tsx';
import { HistoryEntryRow } from './history-entry.tsx';
import type { HistoryContext } from './history-words.ts';

/** The kinds of record the history can be narrowed to, as the filter names them. */
export const KIND_LABELS: Record<HistoryKind, MessageDescriptor> = {
  trip: msg`The trip's name, dates and transport`,
  'trip-feature': msg`Stops added or removed`,
  'planner-item': msg`Planner: moves and notes`,
  'packing-item': msg`Packing list`,
  'trip-place': msg`Places of your own`,
  booking: msg`Bookings`,
  expense: msg`Expenses`,
  settlement: msg`Payments between people`,
  budget: msg`Budget`,
};
const KINDS = Object.keys(KIND_LABELS) as HistoryKind[];

const LABEL_CLASS = 'text-xs font-medium text-slate-600 dark:text-slate-300';
const SELECT_CLASS =
  'min-h-10 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:w-auto dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/**
 * The trip's history (decision 035): every change, newest first, in words; narrowed by person and
 * kind; older pages on demand; an undo where the server allows one. Every member reads it.
 */
export function HistoryTab({
  trip,
  categoryName = (category) => category,
}: {
  trip: Trip;
  /** An expense category in words (the money module's names, given by the screen). */
  categoryName?: (category: string) => string;
}) {
  const { t } = useLingui();
  const [filters, setFilters] = useState<HistoryFilters>({});
  const history = useTripHistory(trip._id, filters);
  const online = useOnline();
  const undo = useUndoHistoryEntry(trip._id);
  const filtered = filters.person !== undefined || filters.kind !== undefined;

  const context = useMemo<HistoryContext>(() => {
    const names = new Map(trip.users.map((user) => [user._id, `${user.name} ${user.lastName}`.trim()]));
    return { startDate: trip.startDate, memberName: (userId) => names.get(userId) ?? null, categoryName };
  }, [trip.users, trip.startDate, categoryName]);

  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const now = Date.now();

  const onUndo = (entry: HistoryEntry) =>
    undo.mutate(entry._id, {
      onSuccess: () => toast.success(t`Undone.`, { toastId: `history-undo-${entry._id}` }),
      onError: (error) => toast.error(errorText(error), { toastId: 'history-undo-error' }),
    });

  return (
    <TripTabSection title={<Trans>History</Trans>}>
      <div
        className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        data-testid="history-filters"
      >
        <div className="flex min-w-0 flex-col gap-1">
          <LabelledSelect
            label={<Trans>Who</Trans>}
            value={filters.person ?? ''}
            options={[
              { value: '', label: t`Everyone` },
              ...trip.users.map((user) => ({
                value: user._id,
                label: `${user.name} ${user.lastName}`.trim(),
              })),
            ]}
            onChange={(person) => setFilters({ ...filters, person: person || undefined })}
            labelClassName={LABEL_CLASS}
            selectClassName={SELECT_CLASS}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <LabelledSelect
            label={<Trans>What</Trans>}
            value={filters.kind ?? ''}
            options={[
              { value: '', label: t`Every change` },
              ...KINDS.map((kind) => ({ value: kind, label: i18n._(KIND_LABELS[kind]) })),
            ]}
            onChange={(kind) =>
              setFilters({ ...filters, kind: (kind || undefined) as HistoryKind | undefined })
            }
            labelClassName={LABEL_CLASS}
            selectClassName={SELECT_CLASS}
          />
        </div>
        {filtered && (
          <Button
            variant="ghost"
            size="sm"
            className="min-h-10 self-start sm:self-end"
            onClick={() => setFilters({})}
          >
            <Trans>Clear filters</Trans>
          </Button>
        )}
      </div>

      {history.isPending && !online ? (
        <NotKeptOffline />
      ) : history.isPending ? (
        <EmojiLoader label={t`Loading the history…`} className="py-12" />
      ) : history.isError && entries.length === 0 ? (
        <QueryError query={history} message={t`The history could not be loaded.`} />
      ) : entries.length === 0 ? (
        <div
          data-testid="history-empty"
          className="flex flex-col items-center gap-2 rounded-3xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        >
          <History aria-hidden="true" className="size-8 text-brand-600 dark:text-brand-400" />
          <p className="font-medium">
            {filtered ? (
              <Trans>No changes match these filters.</Trans>
            ) : (
              <Trans>Nothing has changed yet.</Trans>
            )}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {filtered ? (
              <Trans>Try someone else, or every change.</Trans>
            ) : (
              <Trans>Every change to the trip will be listed here, with who made it.</Trans>
            )}
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <ol
            aria-label={t`Changes, newest first`}
            className="divide-y divide-slate-100 overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800"
          >
            {entries.map((entry) => (
              <HistoryEntryRow
                key={entry._id}
                entry={entry}
                context={context}
                now={now}
                undoing={undo.isPending && undo.variables === entry._id}
                onUndo={onUndo}
              />
            ))}
          </ol>
          {history.isFetchNextPageError && (
            <QueryError query={history} variant="plain" message={t`The older changes could not be loaded.`} />
          )}
          {history.hasNextPage && !history.isFetchNextPageError && (
            <Button
              variant="secondary"
              className="min-h-10 self-center"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? <Trans>Loading older changes…</Trans> : <Trans>Show older</Trans>}
            </Button>
          )}
        </div>
      )}
    </TripTabSection>
  );
}
