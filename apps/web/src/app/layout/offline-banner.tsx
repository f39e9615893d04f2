import { msg } from '@lingui/core/macro';
import { WifiOff } from 'lucide-react';
import { useOnline } from '../../lib/network-status.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

export const OFFLINE_BANNER_TEXT = msg`You're offline — showing what was saved on this device.`;
export const OFFLINE_BANNER_HINT = msg`Creating, sending and uploading need a connection.`;

/**
 * The offline banner under the header: shown while the browser has no network, gone when it is
 * back. The live region is always in the page, so screen readers announce the change.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" data-testid="offline-banner">
      {!online && (
        <div className="border-b border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/70 dark:text-amber-50">
          <p className="mx-auto flex w-full max-w-[1360px] items-start gap-2 px-4 py-2 text-sm sm:px-6 2xl:max-w-[1440px]">
            <WifiOff
              aria-hidden="true"
              className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300"
            />
            <span>
              <span className="font-semibold">{i18n._(OFFLINE_BANNER_TEXT)}</span>{' '}
              <span className="text-amber-800 dark:text-amber-200">{i18n._(OFFLINE_BANNER_HINT)}</span>
            </span>
          </p>
        </div>
      )}
    </div>
  );
}
