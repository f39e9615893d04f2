import { Trans } from '@lingui/react/macro';
import { CloudOff, RefreshCw } from 'lucide-react';
import { type ComponentType, lazy } from 'react';
import { useOnline } from '../../lib/browser-online.ts';
import { Button } from './button.tsx';

/**
 * What a tab shows offline when this device never kept it (issue 35): said plainly, instead of a
 * loader that would wait for a network that is not there.
 */
export function NotKeptOffline({ className }: { className?: string }) {
  return (
    <p
      role="status"
      data-testid="not-kept-offline"
      className={`mx-auto flex max-w-xl items-start gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-400/40 ${className ?? ''}`}
    >
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <Trans>
          This tab was not saved on this device: it opens once you are back online. Tabs you open while online
          are kept for offline use.
        </Trans>
      </span>
    </p>
  );
}

/**
 * A tab whose code could not load. Offline: the notice that this device did not keep it. Online
 * (the network failed it, or it is back): that it did not load, and a reload that brings it.
 */
function CodeNotKept() {
  const online = useOnline();
  if (!online) {
    return (
      <div className="flex flex-col items-center gap-3 py-6">
        <NotKeptOffline />
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 py-6">
      <p
        role="status"
        data-testid="part-not-loaded"
        className="max-w-xl text-center text-sm text-slate-700 dark:text-slate-200"
      >
        <Trans>
          This part of the page did not load. Try again; if it keeps failing, check your connection.
        </Trans>
      </p>
      <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/**
 * A part of a page whose code loads when it is first shown (React.lazy). Offline, before the
 * service worker has kept that code, the import fails: the part then says so, instead of the
 * failure ending the whole page in the router's error screen.
 */
export function lazyOrNotKept<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch {
      return { default: CodeNotKept as ComponentType<P> };
    }
  });
}
