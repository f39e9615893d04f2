import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CancelActions } from '../../../../components/ui/cancel-actions.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  /** Another way out, between Cancel and the action (e.g. "Settle up first"). */
  alternative?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" on the shared Dialog: the action, a cancel, and the server's answer if it fails. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  error,
  alternative,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={title} size={alternative ? 'md' : 'sm'}>
      <div className="flex flex-col gap-4">
        <div className="text-slate-700 dark:text-slate-200">{children}</div>
        {error && (
          <p
            role="alert"
            className="rounded-2xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
          >
            {error}
          </p>
        )}
        <CancelActions onCancel={onClose} cancelVariant="secondary" wrap>
          {alternative}
          <Button variant="danger" disabled={busy} onClick={onConfirm}>
            {busy ? t`One moment…` : confirmLabel}
          </Button>
        </CancelActions>
      </div>
    </Dialog>
  );
}
