import { Trans } from '@lingui/react/macro';
import { CloudUpload } from 'lucide-react';

/**
 * "waiting to sync" beside something changed offline (issue 35): shown at once on the page it was
 * made on, until the offline queue has sent it.
 */
export function WaitingMark({ className }: { className?: string }) {
  return (
    <span
      data-testid="waiting-mark"
      className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200 dark:ring-1 dark:ring-amber-400/40 ${className ?? ''}`}
    >
      <CloudUpload aria-hidden="true" className="size-3.5" />
      <Trans>waiting to sync</Trans>
    </span>
  );
}
