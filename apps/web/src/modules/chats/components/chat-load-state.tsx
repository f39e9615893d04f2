import type { ReactNode } from 'react';
import { QueryError, type RetryableQuery } from '../../../components/ui/query-error.tsx';

interface ChatLoadStateProps {
  /** The chat's query, still loading or failed. */
  query: RetryableQuery & { isPending: boolean };
  /** What it says while it loads. */
  loading: ReactNode;
  /** What it says when it could not be loaded (with a retry). */
  failed: string;
}

/** A chat panel while its query loads, or after it failed. */
export function ChatLoadState({ query, loading, failed }: ChatLoadStateProps) {
  if (query.isPending) {
    return (
      <p role="status" className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">
        {loading}
      </p>
    );
  }
  return <QueryError query={query} variant="plain" alertOn="message" message={failed} />;
}
