import { Link2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../../../../components/ui/modal.tsx';

export const LINK_COPIED = 'Trip link copied';

interface TripSettingsModalProps {
  open: boolean;
  onClose: () => void;
  tripId: string;
  tripName: string;
  canDelete: boolean;
  deleting: boolean;
  onDelete: () => void;
}

/** The trip link (absolute), e.g. https://tripcrew.example/trips/abc. */
export function tripLink(tripId: string): string {
  return `${window.location.origin}/trips/${encodeURIComponent(tripId)}`;
}

/**
 * Settings modal (TRIP-26): trip id and name, a link button (copies the trip link) and, for the
 * admin, a delete button that asks for confirmation first.
 */
export function TripSettingsModal({
  open,
  onClose,
  tripId,
  tripName,
  canDelete,
  deleting,
  onDelete,
}: TripSettingsModalProps) {
  const [confirming, setConfirming] = useState(false);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(tripLink(tripId));
      toast.success(LINK_COPIED, { toastId: 'trip-link-copied' });
    } catch {
      toast.error('Could not copy the link', { toastId: 'trip-link-copied' });
    }
  };

  const close = () => {
    setConfirming(false);
    onClose();
  };

  return (
    <Modal open={open} onClose={close} title="Trip settings" size="sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium text-slate-500 dark:text-slate-400">Trip id</dt>
        <dd data-testid="settings-trip-id" className="font-mono break-all">
          {tripId}
        </dd>
        <dt className="font-medium text-slate-500 dark:text-slate-400">Name</dt>
        <dd data-testid="settings-trip-name" className="break-words">
          {tripName}
        </dd>
      </dl>
      <div className="mt-5 flex flex-col gap-3">
        <button
          type="button"
          onClick={() => void copyLink()}
          className="flex items-center justify-center gap-2 rounded-full border border-slate-200 px-4 py-2 font-semibold transition hover:border-brand-400 dark:border-slate-700"
        >
          <Link2 aria-hidden="true" className="size-4" /> Copy trip link
        </button>
        {canDelete && !confirming && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="flex items-center justify-center gap-2 rounded-full bg-red-600 px-4 py-2 font-semibold text-white transition hover:bg-red-700"
          >
            <Trash2 aria-hidden="true" className="size-4" /> Delete trip
          </button>
        )}
        {canDelete && confirming && (
          <div
            role="alertdialog"
            aria-labelledby="delete-trip-question"
            className="rounded-2xl bg-red-50 p-4 dark:bg-red-950/40"
          >
            <p id="delete-trip-question" className="font-semibold text-red-800 dark:text-red-200">
              Delete this trip for everyone? Its plan, features and checklist go too. This cannot be undone.
            </p>
            <div className="mt-3 flex justify-end gap-2">
              <button
                type="button"
                onClick={() => setConfirming(false)}
                className="rounded-full px-4 py-2 text-sm font-medium hover:bg-white/60 dark:hover:bg-slate-800"
              >
                Cancel
              </button>
              <button
                type="button"
                disabled={deleting}
                onClick={onDelete}
                className="rounded-full bg-red-600 px-4 py-2 text-sm font-semibold text-white transition hover:bg-red-700 disabled:opacity-60"
              >
                {deleting ? 'Deleting…' : 'Yes, delete'}
              </button>
            </div>
          </div>
        )}
        {!canDelete && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Only the trip admin can delete this trip.
          </p>
        )}
      </div>
    </Modal>
  );
}
