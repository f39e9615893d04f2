import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FileText, FileX, Paperclip } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { CancelActions } from '../../../components/ui/cancel-actions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import type { Expense } from '../api/expense-list.ts';
import { downloadReceipt, RECEIPT_ACCEPT, useReceiptActions } from '../api/expense-receipts.ts';

const errorText = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

interface ReceiptControlsProps {
  entry: Expense;
  tripId: string;
  online: boolean;
}

/**
 * The receipt of an expense: open it (the people in it, admins); attach, replace or remove it
 * (its author, admins). Removing asks first: the file is gone for everyone in the trip.
 */
export function ReceiptControls({ entry, tripId, online }: ReceiptControlsProps) {
  const { attach, detach } = useReceiptActions(tripId);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [opening, setOpening] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const open = () => {
    setOpening(true);
    downloadReceipt(tripId, entry._id)
      .catch((error: unknown) =>
        toast.error(errorText(error, t`The receipt could not be opened.`), { toastId: 'receipt-open' }),
      )
      .finally(() => setOpening(false));
  };
  const remove = () =>
    detach.mutate(entry._id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t`Receipt removed`, { toastId: 'receipt-removed' });
      },
      onError: (error) =>
        toast.error(errorText(error, t`The receipt could not be removed.`), { toastId: 'receipt-remove' }),
    });
  return (
    <>
      {entry.receiptUrl && (
        <IconButton
          aria-label={t`Receipt of ${ph({ title: entry.title })}`}
          disabled={!online || opening}
          onClick={open}
        >
          <FileText aria-hidden="true" className="size-4" />
        </IconButton>
      )}
      {entry.canEdit && (
        <>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={RECEIPT_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              attach.mutate(
                { expenseId: entry._id, file },
                {
                  onSuccess: () => toast.success(t`Receipt saved`, { toastId: 'receipt-saved' }),
                  onError: (error) =>
                    toast.error(errorText(error, t`The receipt could not be saved.`), {
                      toastId: 'receipt-save',
                    }),
                },
              );
            }}
          />
          <IconButton
            aria-label={
              entry.hasReceipt
                ? t`Replace the receipt of ${ph({ title: entry.title })}`
                : t`Attach a receipt to ${ph({ title: entry.title })}`
            }
            disabled={!online || attach.isPending}
            onClick={() => input.current?.click()}
          >
            <Paperclip aria-hidden="true" className="size-4" />
          </IconButton>
          {entry.hasReceipt && (
            <IconButton
              aria-label={t`Remove the receipt of ${ph({ title: entry.title })}`}
              disabled={!online || detach.isPending}
              onClick={() => setConfirming(true)}
            >
              <FileX aria-hidden="true" className="size-4" />
            </IconButton>
          )}
          <Dialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title={t`Remove this receipt?`}
            size="sm"
          >
            <p className="mb-4">
              <Trans>
                The receipt of {ph({ title: entry.title })} is deleted for everyone in the trip. The expense
                stays.
              </Trans>
            </p>
            <CancelActions onCancel={() => setConfirming(false)}>
              <Button variant="danger" disabled={!online || detach.isPending} onClick={remove}>
                <Trans>Remove</Trans>
              </Button>
            </CancelActions>
          </Dialog>
        </>
      )}
    </>
  );
}
