import { Trans, useLingui } from '@lingui/react/macro';
import type { CrewUser } from '@tripcrew/contracts/crew';
import { MessageSquarePlus } from 'lucide-react';
import { IconTextButton } from '../../../components/ui/icon-text-button.tsx';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';

interface CrewListProps {
  crew: readonly CrewUser[];
  /** The write-message action of an entry. */
  onWrite: (user: CrewUser) => void;
}

/** The own profile's crew: each person links to /profile/{id} and has a write-message action. */
export function CrewList({ crew, onWrite }: CrewListProps) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Your crew`} className="grid gap-2 sm:grid-cols-2">
      {crew.map((person) => {
        const name = `${person.name} ${person.lastName}`.trim();
        return (
          <li
            key={person._id}
            data-testid="crew-member"
            className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
          >
            <Avatar src={person.image?.thumbnail ?? null} name={name} size="md" decorative />
            <Link
              to={`/profile/${encodeURIComponent(person._id)}`}
              className="min-w-0 flex-1 truncate font-semibold text-slate-900 underline-offset-4 hover:underline dark:text-white"
            >
              {name}
            </Link>
            <IconTextButton
              icon={MessageSquarePlus}
              narrow="sr-only"
              onClick={() => onWrite(person)}
              aria-label={t`Write a message to ${name}`}
              className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 transition hover:bg-brand-50 dark:text-brand-300 dark:ring-brand-500/30 dark:hover:bg-brand-500/10"
            >
              <Trans>message</Trans>
            </IconTextButton>
          </li>
        );
      })}
    </ul>
  );
}
