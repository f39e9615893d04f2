import { Trans } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { getPendingUpdate, subscribeToUpdate } from './service-worker-update.ts';

const noUpdate = () => null;

/**
 * "New version available — reload" (SPEC §1 service worker): shown while a new version of the app
 * waits. A polite status message (screen readers announce it without moving focus) with one
 * button; nothing is rendered until a version waits.
 */
export function UpdatePrompt() {
  const apply = useSyncExternalStore(subscribeToUpdate, getPendingUpdate, noUpdate);
  const [reloading, setReloading] = useState(false);
  if (!apply) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-50 mx-auto flex max-w-sm items-center gap-3 rounded-2xl bg-white py-2.5 pr-2.5 pl-4 text-sm shadow-xl ring-1 ring-slate-900/10 motion-safe:animate-slide-up sm:right-6 sm:bottom-6 sm:left-auto sm:mx-0 dark:bg-slate-900 dark:text-slate-100 dark:ring-white/10"
    >
      <RefreshCw aria-hidden="true" className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
      <p className="min-w-0 flex-1 font-medium">
        <Trans>New version available</Trans>
      </p>
      <Button
        size="sm"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          apply();
        }}
      >
        <Trans>Reload</Trans>
      </Button>
    </div>
  );
}
