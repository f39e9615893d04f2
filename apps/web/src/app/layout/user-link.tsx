import { Trans } from '@lingui/react/macro';
import clsx from 'clsx';
import { CircleUserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { useAppSelector } from '../store/store.ts';

/** The header's user link (SPEC §2): to /auth; 'Login' without a name, else name and thumbnail. */
export function UserLink() {
  const name = useAppSelector((state) => state.user.name);
  const thumbnail = useAppSelector((state) => state.user.image?.thumbnail ?? null);

  return (
    <NavLink
      to="/auth"
      className={({ isActive }) =>
        clsx(
          'flex max-w-[11rem] items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-semibold transition',
          isActive
            ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
            : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
          !name && 'pl-2',
        )
      }
    >
      {name ? (
        <>
          <Avatar src={thumbnail} name={name} size="sm" decorative />
          <span className="truncate">{name}</span>
        </>
      ) : (
        <>
          <CircleUserRound aria-hidden="true" className="size-5" />
          <span>
            <Trans>Login</Trans>
          </span>
        </>
      )}
    </NavLink>
  );
}
