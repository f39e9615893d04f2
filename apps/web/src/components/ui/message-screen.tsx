import clsx from 'clsx';
import type { ReactNode } from 'react';

interface MessageScreenProps {
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  title: ReactNode;
  /** The picture above the heading (decorative). */
  icon: ReactNode;
  /** 'alert' for an error the user must notice. */
  role?: 'alert';
  /** Spacing and animation of the section. */
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}

/**
 * A centred full-page message (not found, error, rate-limit break, sign-in needed): picture,
 * heading, then the screen's own text and actions.
 */
export function MessageScreen({
  titleId,
  title,
  icon,
  role,
  className = 'gap-4 px-4 py-16',
  titleClassName = 'text-2xl font-bold tracking-tight sm:text-3xl',
  children,
}: MessageScreenProps) {
  return (
    <section
      role={role}
      aria-labelledby={titleId}
      className={clsx('mx-auto flex max-w-xl flex-col items-center text-center', className)}
    >
      {icon}
      <h1 id={titleId} className={titleClassName}>
        {title}
      </h1>
      {children}
    </section>
  );
}
