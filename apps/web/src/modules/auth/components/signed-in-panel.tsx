import { Trans, useLingui } from '@lingui/react/macro';
import { Heart, KeyRound, LogOut, MessageCircle, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { secondaryButtonClass } from './auth-styles.ts';

interface SignedInPanelProps {
  userId: string;
  name: string;
  onLogout: () => void;
  loggingOut?: boolean;
}

function Tile({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-3 rounded-2xl bg-slate-50 px-4 py-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-200 transition hover:bg-brand-50 hover:text-brand-800 hover:ring-brand-200 dark:bg-slate-950 dark:text-slate-100 dark:ring-slate-800 dark:hover:bg-brand-500/10 dark:hover:text-brand-200"
      >
        <span className="grid size-8 place-items-center rounded-xl bg-white text-brand-700 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-brand-300 dark:ring-slate-700">
          {icon}
        </span>
        {children}
      </Link>
    </li>
  );
}

/**
 * The login page for a signed-in user (SPEC §2): a greeting linking to the own profile, links to
 * crew, wishlist and change password, and a logout button.
 */
export function SignedInPanel({ userId, name, onLogout, loggingOut = false }: SignedInPanelProps) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6">
      <p className="text-center text-base text-slate-700 dark:text-slate-200">
        <Trans>
          Hi,{' '}
          <Link
            to={`/profile/${encodeURIComponent(userId)}`}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
          >
            {name}
          </Link>
          ! Good to see you again.
        </Trans>
      </p>
      <nav aria-label={t`Your account`}>
        <ul className="flex flex-col gap-2">
          <Tile to="/crew" icon={<Users aria-hidden="true" className="size-4" />}>
            <Trans>your crew</Trans>
          </Tile>
          <Tile to="/wishlist" icon={<Heart aria-hidden="true" className="size-4" />}>
            <Trans>wishlist</Trans>
          </Tile>
          <Tile to="/messages" icon={<MessageCircle aria-hidden="true" className="size-4" />}>
            <Trans>messages</Trans>
          </Tile>
          <Tile to="/account" icon={<ShieldCheck aria-hidden="true" className="size-4" />}>
            <Trans>account and security</Trans>
          </Tile>
          <Tile to="/change-password" icon={<KeyRound aria-hidden="true" className="size-4" />}>
            <Trans>change password</Trans>
          </Tile>
        </ul>
      </nav>
      <button type="button" onClick={onLogout} disabled={loggingOut} className={secondaryButtonClass}>
        <LogOut aria-hidden="true" className="size-4" />
        {loggingOut ? t`Logging out…` : t`Log out`}
      </button>
    </div>
  );
}
