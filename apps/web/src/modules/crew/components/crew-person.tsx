import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CrewUser } from '@tripcrew/contracts/crew';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';

export const fullNameOf = (user: Pick<CrewUser, 'name' | 'lastName'>): string =>
  `${user.name} ${user.lastName}`.trim() || t`traveller`;

export const profilePath = (id: string): string => `/profile/${encodeURIComponent(id)}`;

interface CrewPersonProps {
  user: CrewUser;
  /** Buttons or a status shown at the end of the row. */
  children?: ReactNode;
}

/** One person on the crew page: avatar and name linking to /profile/{id} (CREW-06), then actions. */
export function CrewPerson({ user, children }: CrewPersonProps) {
  const name = fullNameOf(user);
  return (
    <div className="flex items-center gap-3 py-2.5">
      <Link
        to={profilePath(user._id)}
        className="group flex min-w-0 flex-1 items-center gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Avatar src={user.image?.thumbnail} name={name} size="md" decorative />
        <span className="truncate font-medium group-hover:text-brand-700 group-hover:underline dark:group-hover:text-brand-300">
          {name}
        </span>
      </Link>
      {children && <div className="flex shrink-0 items-center gap-2">{children}</div>}
    </div>
  );
}

/** A placeholder row while a list loads. */
export function CrewPersonSkeleton() {
  return (
    <div aria-hidden="true" data-testid="crew-skeleton" className="flex items-center gap-3 py-2.5">
      <span className="size-10 shrink-0 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />
      <span className="h-4 w-40 max-w-[60%] animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

const BUTTON_BASE =
  'inline-flex h-9 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-60';

export const primaryButton = buttonClass(
  { size: 'sm' },
  'h-9 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
);
export const secondaryButton = `${BUTTON_BASE} border border-slate-200 bg-white text-slate-700 hover:border-red-300 hover:text-red-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:border-red-700 dark:hover:text-red-300`;

/** The status word of a person (e.g. 'pending') as a small badge. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-testid="crew-status"
      className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300"
    >
      {status}
    </span>
  );
}
