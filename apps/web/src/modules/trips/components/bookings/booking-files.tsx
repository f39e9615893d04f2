import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FileImage, FileText, Paperclip, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../../components/ui/button.tsx';
import { CancelActions } from '../../../../components/ui/cancel-actions.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { IconButton } from '../../../../components/ui/icon-button.tsx';
import { formatFileSize } from '../../../../lib/format/file-size.ts';
import {
  BOOKING_FILE_ACCEPT,
  BOOKING_FILE_MAX_BYTES,
  BOOKING_FILES_MAX,
  type BookingFile,
  openBookingFile,
  useBookingFileActions,
} from '../../api/trip-booking-files.ts';
import type { TripBooking } from '../../api/trip-bookings.ts';

const errorText = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

interface BookingFilesProps {
  tripId: string;
  booking: TripBooking;
  userId: string | null;
  /** Those who add bookings attach files to any booking (online: an upload needs the network). */
  canAttach: boolean;
  /** An admin, or who added the booking: removes any of its files (others their own). */
  manageable: boolean;
  online: boolean;
}

/**
 * A booking's files: a boarding pass, the hotel's confirmation, the tickets. Each is saved to the
 * device for its viewer — offline too for the bookings of the next seven days, which the trip page
 * keeps on the device. Attach a PDF or an image; remove one's own (who added the booking and
 * admins: any).
 */
export function BookingFiles({ tripId, booking, userId, canAttach, manageable, online }: BookingFilesProps) {
  const { attach, remove } = useBookingFileActions(tripId);
  const input = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState<BookingFile | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const title = booking.title || booking.kind;
  if (booking.files.length === 0 && !canAttach) return null;

  const open = (file: BookingFile) => {
    setOpening(file._id);
    openBookingFile(tripId, booking._id, file)
      .catch((error: unknown) =>
        toast.error(
          online
            ? errorText(error, t`The file could not be opened.`)
            : t`This file is not kept on this device yet: open it once while online.`,
          { toastId: 'booking-file-open' },
        ),
      )
      .finally(() => setOpening(null));
  };
  const send = (file: File) => {
    if (file.size > BOOKING_FILE_MAX_BYTES) {
      toast.error(t`A file is at most 10 MB: choose a smaller one.`, { toastId: 'booking-file-size' });
      return;
    }
    attach.mutate(
      { bookingId: booking._id, file },
      {
        onSuccess: () => toast.success(t`File attached`, { toastId: 'booking-file-saved' }),
        onError: (error) =>
          toast.error(errorText(error, t`The file could not be attached.`), { toastId: 'booking-file-save' }),
      },
    );
  };
  const confirmRemove = (file: BookingFile) =>
    remove.mutate(
      { bookingId: booking._id, fileId: file._id },
      {
        onSuccess: () => {
          setRemoving(null);
          toast.success(t`File removed`, { toastId: 'booking-file-removed' });
        },
        onError: (error) =>
          toast.error(errorText(error, t`The file could not be removed.`), {
            toastId: 'booking-file-remove',
          }),
      },
    );

  return (
    <div className="flex flex-col gap-2" data-testid="trip-booking-files">
      {booking.files.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t`Files of ${ph({ title })}`}>
          {booking.files.map((file) => {
            const Icon = file.type === 'application/pdf' ? FileText : FileImage;
            return (
              <li key={file._id} className="flex min-w-0 items-center gap-1">
                <button
                  type="button"
                  data-testid="trip-booking-file"
                  className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-xl px-2 text-left text-sm text-brand-800 hover:bg-slate-100 disabled:opacity-60 dark:text-brand-300 dark:hover:bg-slate-800"
                  disabled={opening === file._id}
                  onClick={() => open(file)}
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  <span className="min-w-0 truncate font-medium underline-offset-2 hover:underline">
                    {file.name}
                  </span>
                  <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                    {formatFileSize(file.size)}
                  </span>
                </button>
                {(manageable || (file.createdBy !== null && file.createdBy === userId)) && (
                  <IconButton
                    aria-label={t`Remove ${ph({ name: file.name })}`}
                    size="md"
                    className="size-11"
                    disabled={!online || remove.isPending}
                    onClick={() => setRemoving(file)}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </IconButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canAttach && (
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            type="file"
            accept={BOOKING_FILE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="trip-booking-file-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) send(file);
            }}
          />
          <Button
            variant="ghost"
            size="sm"
            className="min-h-11"
            disabled={!online || attach.isPending || booking.files.length >= BOOKING_FILES_MAX}
            onClick={() => input.current?.click()}
          >
            <Paperclip aria-hidden="true" className="size-4" />
            {attach.isPending ? <Trans>Attaching…</Trans> : <Trans>Attach a file</Trans>}
          </Button>
          {!online && (
            <span className="text-xs text-slate-600 dark:text-slate-400">
              <Trans>Files are attached when you're back online.</Trans>
            </span>
          )}
        </div>
      )}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t`Remove this file?`}
        size="sm"
      >
        <p className="mb-4">
          <Trans>
            {ph({ name: removing?.name ?? '' })} is deleted for everyone in the trip. The booking stays.
          </Trans>
        </p>
        <CancelActions onCancel={() => setRemoving(null)}>
          <Button
            variant="danger"
            disabled={!online || remove.isPending}
            onClick={() => removing && confirmRemove(removing)}
          >
            <Trans>Remove</Trans>
          </Button>
        </CancelActions>
      </Dialog>
    </div>
  );
}
