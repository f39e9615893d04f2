import clsx from 'clsx';
import type { ReactNode } from 'react';

interface PageSectionProps {
  /** The id of the h1; the section is labelled by it. */
  titleId: string;
  title: ReactNode;
  /** The line under the title. */
  intro: ReactNode;
  /** More classes for the section (its width). */
  className?: string;
  children: ReactNode;
}

/** A screen of the signed-in app: its title and a line about it, then its parts one under another. */
export function PageSection({ titleId, title, intro, className, children }: PageSectionProps) {
  return (
    <section aria-labelledby={titleId} className={clsx('flex flex-col gap-6', className)}>
      <div className="flex flex-col gap-1">
        <h1 id={titleId} className="text-3xl font-bold tracking-tight">
          {title}
        </h1>
        <p className="text-slate-600 dark:text-slate-300">{intro}</p>
      </div>
      {children}
    </section>
  );
}
