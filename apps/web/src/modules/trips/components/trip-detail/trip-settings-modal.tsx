import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { CancelActions } from '../../../../components/ui/cancel-actions.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { i18n } from '../../../../lib/i18n/i18n.ts';

export const LINK_COPIED = msg`Trip link copied`;

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
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(tripLink(tripId));
      toast.success(i18n._(LINK_COPIED), { toastId: 'trip-link-copied' });
    } catch {
      toast.error(t`Could not copy the link`, { toastId: 'trip-link-copied' });
    }
  };

  const close = () => {
    setConfirming(false);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={t`Trip settings`} size="sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium text-slate-500 dark:text-slate-400">
          <Trans>Trip id</Trans>
        </dt>
        <dd data-testid="settings-trip-id" className="font-mono break-all">
          {tripId}
        </dd>
        <dt className="font-medium text-slate-500 dark:text-slate-400">
          <Trans>Name</Trans>
        </dt>
        <dd data-testid="settings-trip-name" className="break-words">
          {tripName}
        </dd>
      </dl>
      <div className="mt-5 flex flex-col gap-3">
        <Button variant="outline" onClick={() => void copyLink()}>
          <Link2 aria-hidden="true" className="size-4" /> <Trans>Copy trip link</Trans>
        </Button>
        {canDelete && !confirming && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" className="size-4" /> <Trans>Delete trip</Trans>
          </Button>
        )}
        {canDelete && confirming && (
          <div
            role="alertdialog"
            aria-labelledby="delete-trip-question"
            className="rounded-2xl bg-red-50 p-4 dark:bg-red-950/40"
          >
            <p id="delete-trip-question" className="font-semibold text-red-800 dark:text-red-200">
              <Trans>
                Delete this trip for everyone? Its plan, features and checklist go too. This cannot be undone.
              </Trans>
            </p>
            <CancelActions onCancel={() => setConfirming(false)} size="sm" className="mt-3">
              <Button variant="danger" size="sm" disabled={deleting} onClick={onDelete}>
                {deleting ? t`Deleting…` : t`Yes, delete`}
              </Button>
            </CancelActions>
          </div>
        )}
        {!canDelete && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            <Trans>Only the trip admin can delete this trip.</Trans>
          </p>
        )}
      </div>
    </Dialog>
  );
}
