import { Trans } from '@lingui/react/macro';
import clsx from 'clsx';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** What QueryError needs of a TanStack Query result (useQuery, useInfiniteQuery). */
export interface RetryableQuery {
  refetch: () => unknown;
  isFetching?: boolean;
}

interface QueryErrorProps {
  /** The query that failed: 'Try again' calls its refetch, and waits while it is fetching. */
  query: RetryableQuery;
  /** What could not be loaded, e.g. 'We could not load your trips.' */
  message: ReactNode;
  /** A second line under the message. */
  hint?: ReactNode;
  /** An icon above the message (aria-hidden). */
  icon?: ReactNode;
  /** 'card': a white card of its own; 'plain': centred in the surrounding panel. */
  variant?: 'card' | 'plain';
  /** Which element is the alert: the whole panel (message and button) or the message alone. */
  alertOn?: 'panel' | 'message';
  className?: string;
}

/** The error panel of a failed load, with a 'Try again' button (light and dark themes). */
export function QueryError({
  query,
  message,
  hint,
  icon,
  variant = 'card',
  alertOn = 'panel',
  className,
}: QueryErrorProps) {
  const fetching = query.isFetching === true;
  return (
    <div
      role={alertOn === 'panel' ? 'alert' : undefined}
      className={clsx(
        'flex flex-col items-center gap-3 text-center',
        variant === 'card'
          ? 'rounded-3xl bg-white p-8 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'
          : 'px-6 py-8',
        className,
      )}
    >
      {icon}
      <p role={alertOn === 'message' ? 'alert' : undefined} className="font-medium">
        {message}
      </p>
      {hint && <p className="text-sm text-slate-600 dark:text-slate-300">{hint}</p>}
      <Button size="sm" disabled={fetching} onClick={() => void query.refetch()}>
        <RotateCw aria-hidden="true" className={clsx('size-4', fetching && 'motion-safe:animate-spin')} />
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
