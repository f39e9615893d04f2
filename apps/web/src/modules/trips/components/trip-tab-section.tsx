import clsx from 'clsx';
import type { ReactNode } from 'react';

interface TripTabSectionProps {
  title: ReactNode;
  /** At the right of the title (its state, or the tab's actions); below it on a narrow screen. */
  aside?: ReactNode;
  /** How the aside lines up with the title: on the text's baseline (a note) or centred (buttons). */
  alignAside?: 'baseline' | 'center';
  /** The space between the tab's parts. */
  gap?: 'gap-4' | 'gap-5';
  children: ReactNode;
}

/** The body of a trip tab: its title with something beside it, then the tab's parts. */
export function TripTabSection({
  title,
  aside,
  alignAside = 'center',
  gap = 'gap-4',
  children,
}: TripTabSectionProps) {
  return (
    <div className={clsx('flex flex-col', gap)}>
      <div
        className={clsx(
          'flex flex-wrap justify-between gap-3',
          alignAside === 'baseline' ? 'items-baseline' : 'items-center',
        )}
      >
        <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
        {aside}
      </div>
      {children}
    </div>
  );
}
