import { useLingui } from '@lingui/react/macro';
import { CloudUpload, TriangleAlert, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { ConflictNotice } from '../../components/ui/conflict-notice.tsx';
import { isRecord } from '../../lib/api-error.ts';
import { offlineValueText } from './offline-value-text.ts';
import type { OfflineNotice } from '../../lib/offline-queue.ts';
import { offlineQueue } from '../../lib/offline-queue-client.ts';
import { currentText } from '../../lib/version-conflict.ts';
import { useAppSelector } from '../store/store.ts';

/** The conflicting fields of a replayed write: theirs now, and what the user wrote offline. */
function versionsOf({ write, conflict }: NonNullable<OfflineNotice['conflict']>) {
  const body = isRecord(write.body) ? write.body : {};
  const text = (_field: string, value: unknown) => offlineValueText(value);
  return {
    theirs: conflict.fields.map((field) => currentText(conflict, field)).join(' · '),
    mine: conflict.fields.map((field) => text(field, body[field])).join(' · '),
  };
}

/**
 * An offline change someone else's change met (decision 035): both versions, kept until the user
 * chooses — theirs stays, or theirs is replaced by the offline text, sent from the version shown.
 */
function ConflictItem({ notice, onDone }: { notice: OfflineNotice; onDone: () => void }) {
  const conflict = notice.conflict;
  if (!conflict) return null;
  const { theirs, mine } = versionsOf(conflict);
  return (
    <div className="pointer-events-auto flex w-full flex-col gap-1 motion-safe:animate-slide-up">
      <p className="px-1 text-xs font-medium text-slate-700 dark:text-slate-200">{notice.text}</p>
      <ConflictNotice
        by={conflict.conflict.changedBy?.name ?? null}
        theirs={theirs}
        mine={mine}
        onKeepTheirs={onDone}
        onUseMine={() => {
          const { write } = conflict;
          const body = isRecord(write.body) ? write.body : {};
          void offlineQueue().submit({ ...write, body: { ...body, version: conflict.conflict.version } });
          onDone();
        }}
      />
    </div>
  );
}

export function pendingText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting to sync`;
}

/**
 * The offline write queue on screen (decision 016), loaded apart from the first download: it
 * replays the signed-in user's waiting writes on start, on sign-in and whenever the browser is
 * back online; shows how many wait (a status region) and a notice for each write the server
 * refused, with a dismiss button.
 */
export function OfflineSync() {
  const { t } = useLingui();
  const queue = offlineQueue();
  const userId = useAppSelector((state) => (state.user.isAuthenticated ? state.user._id : null));
  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);

  useEffect(() => {
    if (userId === null) return;
    void queue.resume();
    const onOnline = () => void queue.resume();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [queue, userId]);

  const pending = userId === null ? 0 : state.pending;
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-40 flex flex-col items-stretch gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96 sm:items-end">
      {state.notices.map((notice) =>
        notice.conflict ? (
          <ConflictItem key={notice.id} notice={notice} onDone={() => queue.dismiss(notice.id)} />
        ) : (
          <div
            key={notice.id}
            role="alert"
            className="pointer-events-auto flex w-full items-start gap-3 rounded-2xl bg-white p-4 text-sm shadow-xl ring-1 ring-amber-500/40 motion-safe:animate-slide-up dark:bg-slate-900 dark:ring-amber-400/40"
          >
            <TriangleAlert
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400"
            />
            <p className="flex-1 text-slate-800 dark:text-slate-100">{notice.text}</p>
            <button
              type="button"
              onClick={() => queue.dismiss(notice.id)}
              aria-label={t`Dismiss notice`}
              className="-m-1 grid size-8 shrink-0 place-items-center rounded-full text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        ),
      )}
      <div role="status" className="flex justify-center sm:justify-end">
        {pending > 0 && (
          <p className="pointer-events-auto flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
            <CloudUpload aria-hidden="true" className="size-4" />
            {pendingText(pending)}
          </p>
        )}
      </div>
    </div>
  );
}
