import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from './members/confirm-dialog.tsx';

/** What the section reads of its list's query (TanStack Query's useQuery). */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}

interface TripListSectionProps {
  /** The id of the section's title, which labels it. */
  headingId: string;
  /** The section's data-testid; its count is `${testId}-count`, its empty state `${testId}-empty`. */
  testId: string;
  title: ReactNode;
  /** How many there are, once loaded. */
  count: number | undefined;
  /** The editors' buttons, at the right of the title. */
  actions?: ReactNode;
  /** A line under the title. */
  intro?: ReactNode;
  /** What editors are told while the device is offline (nothing without). */
  offlineNote?: ReactNode;
  query: ListQuery;
  online: boolean;
  /** While the list loads; offline before it ever loaded; when it could not be loaded. */
  loadingText: ReactNode;
  waitingText: ReactNode;
  failedText: ReactNode;
  /** The empty list's card: an icon and a few words. */
  empty: ReactNode;
  children: ReactNode;
}

/**
 * A list section of a trip (its bookings, its places of its own): the title with the count and
 * the editors' buttons, the offline note, loading, offline and error states, the empty card, then
 * the list.
 */
export function TripListSection({
  headingId,
  testId,
  title,
  count,
  actions,
  intro,
  offlineNote,
  query,
  online,
  loadingText,
  waitingText,
  failedText,
  empty,
  children,
}: TripListSectionProps) {
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {title}
          {count !== undefined && (
            <>
              {' '}
              <span data-testid={`${testId}-count`} className="text-slate-500 dark:text-slate-400">
                ({count})
              </span>
            </>
          )}
        </h2>
        {actions}
      </div>
      {intro}
      {offlineNote && !online && (
        <p
          role="status"
          className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {offlineNote}
        </p>
      )}
      {query.isPending && query.fetchStatus !== 'idle' && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {loadingText}
        </p>
      )}
      {query.isPending && query.fetchStatus === 'idle' && !online && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {waitingText}
        </p>
      )}
      {query.isError && count === undefined && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <p>{failedText}</p>
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <Trans>Try again</Trans>
          </Button>
        </div>
      )}
      {count === 0 && (
        <div
          data-testid={`${testId}-empty`}
          className="flex flex-col items-center gap-2 rounded-3xl bg-white p-6 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800"
        >
          {empty}
        </div>
      )}
      {children}
    </section>
  );
}

/** What the remove dialog reads of the list's remove mutation (TanStack Query's useMutation). */
export interface RemoveMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  mutate: (id: string, options: { onSuccess: () => void }) => void;
  reset: () => void;
}

interface RemoveDialogProps {
  /** What is removed, by its id. */
  id: string;
  remove: RemoveMutation;
  title: string;
  /** Called when the dialog closes, removed or not. */
  onClose: () => void;
  children: ReactNode;
}

/** "Remove this …?": removes on confirmation; the server's refusal stays in the dialog. */
export function RemoveDialog({ id, remove, title, onClose, children }: RemoveDialogProps) {
  const close = () => {
    onClose();
    remove.reset();
  };
  const error = remove.error instanceof Error && remove.error.message ? remove.error.message : null;
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={t`Remove`}
      busy={remove.isPending}
      error={remove.isError ? (error ?? t`Something went wrong.`) : null}
      onConfirm={() => remove.mutate(id, { onSuccess: close })}
      onClose={close}
    >
      {children}
    </ConfirmDialog>
  );
}
