import { Trans, useLingui } from '@lingui/react/macro';
import { MapPinOff, RotateCw } from 'lucide-react';

interface MapStatusProps {
  state: 'loading' | 'error';
  /** What went wrong, in words a person can act on. */
  message?: string;
  onRetry?: () => void;
}

/** The map's loading veil, or its error panel with a 'Try again' button. */
export function MapStatus({ state, message, onRetry }: MapStatusProps) {
  const { t } = useLingui();
  if (state === 'loading') {
    return (
      <div
        role="status"
        className="absolute inset-0 z-10 flex items-center justify-center bg-slate-100/80 text-sm font-medium text-slate-600 dark:bg-slate-900/80 dark:text-slate-300"
      >
        <span className="animate-pulse motion-reduce:animate-none">
          <Trans>Loading map…</Trans>
        </span>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-slate-100 p-6 text-center text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-200"
    >
      <MapPinOff aria-hidden="true" className="size-8 text-slate-400" />
      <p className="max-w-sm font-medium">{message ?? t`The map could not be loaded.`}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <RotateCw aria-hidden="true" className="size-4" /> <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}
