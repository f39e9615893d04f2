import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { CancelActions } from '../../../../components/ui/cancel-actions.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '../../../../lib/api-client.ts';
import { i18n } from '../../../../lib/i18n/i18n.ts';
import { type NewTripBooking, useImportTripBookings } from '../../api/trip-bookings.ts';
import { PLACE_ERROR_CLASS, PLACE_INPUT_CLASS, PLACE_LABEL_CLASS } from '../places/place-styles.ts';
import { ImportDrafts } from './booking-import-drafts.tsx';
import {
  draftBody,
  draftsOf,
  IMPORT_ACCEPT,
  type ImportDraft,
  readImportFile,
} from './booking-import-file.ts';

interface BookingImportDialogProps {
  tripId: string;
  /** Adds one booking (the add of the bookings tab: shown at once, queued offline). */
  onAdd: (body: NewTripBooking) => Promise<unknown>;
  onClose: () => void;
}

const messageOf = (error: unknown, fallback: string): string =>
  isNetworkError(error)
    ? i18n._(NETWORK_ERROR_MESSAGE)
    : error instanceof Error && error.message
      ? error.message
      : fallback;

/**
 * Bookings from a confirmation mail: a saved mail (.eml), a web page (.html) or a calendar file
 * (.ics) picked or dropped, or the mail's HTML pasted. The file is read in the browser and sent to
 * the server's reader, which writes nothing: the bookings it finds are listed to tick and correct
 * (title, times), then added one by one; what it says when it finds none is shown.
 */
export function BookingImportDialog({ tripId, onAdd, onClose }: BookingImportDialogProps) {
  const id = useId();
  const reader = useImportTripBookings(tripId);
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<{ drafts: ImportDraft[]; message: string | null } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [adding, setAdding] = useState(false);
  const busy = reader.isPending || adding;

  const read = (body: Parameters<typeof reader.mutate>[0]) => {
    setProblem(null);
    reader.mutate(body, {
      onSuccess: (result) => setFound({ drafts: draftsOf(result.bookings), message: result.message }),
      onError: (error) => setProblem(messageOf(error, t`The file could not be read.`)),
    });
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const read_ = await readImportFile(file);
    if ('problem' in read_) setProblem(read_.problem);
    else read(read_.body);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };

  const change = (index: number, next: Partial<ImportDraft>) =>
    setFound((current) =>
      current
        ? {
            ...current,
            drafts: current.drafts.map((draft, at) => (at === index ? { ...draft, ...next } : draft)),
          }
        : current,
    );

  const picked = found?.drafts.filter((draft) => draft.picked) ?? [];

  /** Each picked draft in turn: those added leave the list, those refused stay with the reason. */
  const addPicked = async () => {
    if (!found) return;
    setAdding(true);
    const left: ImportDraft[] = [];
    for (const draft of found.drafts) {
      if (!draft.picked) {
        left.push(draft);
        continue;
      }
      const { body, problem: invalid } = draftBody(draft);
      if (invalid) {
        left.push({ ...draft, problem: invalid });
        continue;
      }
      try {
        await onAdd(body);
      } catch (error) {
        left.push({ ...draft, problem: messageOf(error, t`The booking could not be added.`) });
      }
    }
    setAdding(false);
    if (left.some((draft) => draft.picked)) setFound({ ...found, drafts: left });
    else onClose();
  };

  return (
    <Dialog open onClose={onClose} title={t`Import bookings from a mail`} size="lg">
      {found === null ? (
        <div className="flex flex-col gap-4">
          <div
            data-testid="booking-import-drop"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`flex flex-col items-center gap-3 rounded-3xl border-2 border-dashed p-6 text-center text-sm ${
              dragging
                ? 'border-brand-500 bg-brand-50 dark:bg-brand-950'
                : 'border-slate-300 dark:border-slate-700'
            }`}
          >
            <FileUp aria-hidden="true" className="size-8 text-brand-600 dark:text-brand-400" />
            <p className="max-w-md text-slate-700 dark:text-slate-300">
              <Trans>
                Drop a saved confirmation mail (.eml), its web page (.html) or a calendar file (.ics) here.
              </Trans>
            </p>
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-brand-500 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800">
              <input
                type="file"
                accept={IMPORT_ACCEPT}
                className="sr-only"
                disabled={busy}
                onChange={(event) => {
                  void readFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <Trans>Choose a file</Trans>
            </label>
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-paste`} className={PLACE_LABEL_CLASS}>
              <Trans>Or paste the mail’s HTML</Trans>
            </label>
            <textarea
              id={`${id}-paste`}
              rows={4}
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
              className={PLACE_INPUT_CLASS}
            />
          </div>
          {reader.isPending && (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
              <Trans>Reading…</Trans>
            </p>
          )}
          {problem && (
            <p role="alert" className={`rounded-2xl bg-red-50 p-3 dark:bg-red-950/60 ${PLACE_ERROR_CLASS}`}>
              {problem}
            </p>
          )}
          <CancelActions onCancel={onClose} wrap className="[&>button]:min-h-11">
            <Button
              className="min-h-11"
              disabled={busy || pasted.trim() === ''}
              onClick={() => read({ format: 'html', content: pasted })}
            >
              <Trans>Find bookings</Trans>
            </Button>
          </CancelActions>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {found.drafts.length === 0 ? (
            <p
              role="status"
              data-testid="booking-import-none"
              className="text-sm text-slate-700 dark:text-slate-300"
            >
              {found.message ?? t`No booking was found in this file.`}
            </p>
          ) : (
            <>
              <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
                {plural(found.drafts.length, {
                  one: '# booking found: tick those to add, and correct them if needed.',
                  other: '# bookings found: tick those to add, and correct them if needed.',
                })}
              </p>
              <ImportDrafts id={id} drafts={found.drafts} onChange={change} />
            </>
          )}
          <CancelActions onCancel={onClose} wrap className="[&>button]:min-h-11">
            <Button
              variant="secondary"
              className="min-h-11"
              disabled={busy}
              onClick={() => {
                setFound(null);
                reader.reset();
              }}
            >
              <Trans>Try another file</Trans>
            </Button>
            {found.drafts.length > 0 && (
              <Button
                className="min-h-11"
                disabled={busy || picked.length === 0}
                onClick={() => void addPicked()}
              >
                {adding
                  ? t`Adding…`
                  : plural(picked.length, { one: 'Add # booking', other: 'Add # bookings' })}
              </Button>
            )}
          </CancelActions>
        </div>
      )}
    </Dialog>
  );
}
