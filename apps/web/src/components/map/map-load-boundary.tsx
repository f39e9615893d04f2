import { msg } from '@lingui/core/macro';
import clsx from 'clsx';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type LazyExoticComponent,
  type ReactNode,
  useMemo,
  useState,
} from 'react';
import { MapStatus } from './map-status.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

export const MAP_CHUNK_FAILED = msg`The map could not be loaded: it needs a connection the first time it is shown.`;

interface BoundaryProps {
  children: ReactNode;
  className?: string | undefined;
  onRetry: () => void;
}

/**
 * Catches a map chunk that could not be fetched (offline before the app was cached, a deploy that
 * replaced the files): the map shows its error panel with 'Try again', and the rest of the page —
 * the planner, the cards — stays as it was instead of the whole screen failing.
 */
export class MapLoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('The map could not be loaded', error.message, info.componentStack?.slice(0, 200));
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        className={clsx(
          'relative min-h-48 overflow-hidden rounded-3xl bg-slate-100 dark:bg-slate-900',
          this.props.className,
        )}
      >
        <MapStatus state="error" message={i18n._(MAP_CHUNK_FAILED)} onRetry={this.props.onRetry} />
      </div>
    );
  }
}

/**
 * A lazily loaded component that can be asked for again: React keeps a failed `lazy()` failed,
 * so each retry makes a new one. Returns the component, the key that resets its boundary, and
 * the retry.
 */
export function useRetryableLazy<P extends object>(
  first: LazyExoticComponent<ComponentType<P>>,
  load: () => Promise<{ default: ComponentType<P> }>,
): { View: LazyExoticComponent<ComponentType<P>>; attempt: number; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const View = useMemo(() => (attempt === 0 ? first : lazy(load)), [attempt, first, load]);
  return { View, attempt, retry: () => setAttempt((n) => n + 1) };
}
