import type { Trip } from '@tripcrew/contracts/trips';

/** The members tab of a trip: who travels, their roles, invite and share links (issue 21). */
export function MembersTab({ trip }: { trip: Trip }) {
  return (
    <section aria-label="Members">
      <p className="text-slate-600 dark:text-slate-300">{trip.users.length} members</p>
    </section>
  );
}
