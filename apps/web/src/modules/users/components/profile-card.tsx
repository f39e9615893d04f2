import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

interface ProfileCardProps {
  /** The avatar (read-only, or the uploader on the own profile). */
  avatar: ReactNode;
  name: string;
  lastName: string;
  id: string;
  /** Extra facts (member since, email) as term → value. */
  details?: readonly { term: string; value: ReactNode }[];
  /** Below the facts, e.g. the friend state. */
  children?: ReactNode;
}

/** A profile's head: avatar, name and last name as the page title, further facts, then the member id. */
export function ProfileCard({ avatar, name, lastName, id, details = [], children }: ProfileCardProps) {
  return (
    <section
      aria-labelledby="page-title"
      className="flex flex-col items-center gap-6 rounded-[2rem] bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-start sm:p-8 sm:text-left dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="shrink-0">{avatar}</div>
      <div className="flex min-w-0 flex-1 flex-col items-center gap-3 sm:items-start">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          <span data-testid="profile-name">{name}</span>{' '}
          <span data-testid="profile-last-name">{lastName}</span>
        </h1>
        <dl className="grid w-full grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {details.map((detail) => (
            <div key={detail.term} className="contents">
              <dt className="font-medium text-slate-500 dark:text-slate-400">{detail.term}</dt>
              <dd className="break-all">{detail.value}</dd>
            </div>
          ))}
          {/* SPEC §2 lists the id: kept, last and quiet, named for what it is. */}
          <div className="contents text-xs text-slate-500 dark:text-slate-400">
            <dt className="font-medium">
              <Trans>member id</Trans>
            </dt>
            <dd data-testid="profile-id" className="font-mono break-all">
              {id}
            </dd>
          </div>
        </dl>
        {children}
      </div>
    </section>
  );
}
