import { Trans } from '@lingui/react/macro';

/** "Try again", a button that reads as a link, after the words that say what could not be loaded. */
export function RetryLink({ onRetry }: { onRetry: () => void }) {
  return (
    <button
      type="button"
      className="font-semibold text-brand-700 underline dark:text-brand-300"
      onClick={onRetry}
    >
      <Trans>Try again</Trans>
    </button>
  );
}
