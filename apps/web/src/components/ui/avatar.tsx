import { useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { useState } from 'react';

interface AvatarProps {
  src?: string | null;
  /** Full name; used for the alt text and the initials fallback. */
  name?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /** Decorative avatars (next to a visible name) get an empty alt. */
  decorative?: boolean;
}

const SIZES = {
  xs: 'size-6 text-[10px]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-lg',
  xl: 'size-28 text-3xl',
} as const;

export function initialsOf(name?: string | null): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = parts.slice(0, 2).map((p) => p[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** Round user picture with an initials fallback when there is no image or it fails to load. */
export function Avatar({ src, name, size = 'md', className, decorative = false }: AvatarProps) {
  const { t } = useLingui();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const base = clsx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ring-2 ring-white dark:ring-slate-900',
    SIZES[size],
    className,
  );
  if (showImage && src) {
    return (
      <img
        src={src}
        alt={decorative ? '' : (name ?? t`avatar`)}
        className={clsx(base, 'bg-slate-200 object-cover dark:bg-slate-700')}
        loading="lazy"
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : (name ?? t`avatar`)}
      aria-hidden={decorative ? true : undefined}
      className={clsx(base, 'bg-gradient-to-br from-brand-400 to-brand-700 font-semibold text-white')}
    >
      {initialsOf(name)}
    </span>
  );
}
