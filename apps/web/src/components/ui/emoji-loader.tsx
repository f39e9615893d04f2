import { useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { useEffect, useState } from 'react';

/** Travel emoji shown in turn by the loader (SPEC §9: the emoji rotates every 2 seconds). */
export const LOADER_EMOJI = ['✈️', '🧳', '🗺️', '🏝️', '🏔️', '🚆', '⛵', '🏕️'] as const;
export const LOADER_INTERVAL_MS = 2000;

interface EmojiLoaderProps {
  /** Text for assistive technology (and shown under the emoji when `showLabel`). */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function EmojiLoader({
  label: givenLabel,
  showLabel = false,
  size = 'md',
  className,
}: EmojiLoaderProps) {
  const { t } = useLingui();
  const label = givenLabel ?? t`Loading…`;
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % LOADER_EMOJI.length), LOADER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div
      role="status"
      aria-live="polite"
      className={clsx('flex flex-col items-center justify-center gap-3', className)}
    >
      <span
        aria-hidden="true"
        data-testid="loader-emoji"
        className={clsx(
          'inline-block select-none motion-safe:animate-float',
          size === 'sm' && 'text-2xl',
          size === 'md' && 'text-4xl',
          size === 'lg' && 'text-6xl',
        )}
      >
        {LOADER_EMOJI[index]}
      </span>
      <span className={showLabel ? 'text-sm font-medium text-slate-500 dark:text-slate-400' : 'sr-only'}>
        {label}
      </span>
    </div>
  );
}

/** Loader for a page area (route fallbacks inside the layout). */
export function PageLoader({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <EmojiLoader label={label} size="lg" showLabel />
    </div>
  );
}

/** Full-screen spinner covering the viewport (e.g. while a place loads). */
export function FullScreenLoader({ label }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-50/80 backdrop-blur-sm dark:bg-slate-950/80">
      <EmojiLoader label={label} size="lg" showLabel />
    </div>
  );
}
