import { i18n } from '../../lib/i18n/i18n.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { Luggage } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import {
  hasUnseenNotification,
  useHeaderNotifications,
} from '../../modules/notifications/api/get-notifications.ts';
import { useAppSelector } from '../store/store.ts';
import { Logo } from './logo.tsx';
import { MessagesLink } from './messages-link.tsx';
import { MobileMenuButton } from './mobile-menu-button.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { isNavGroup, NAV_ACTIVE_CLASS, NAV_IDLE_CLASS, NAV_ITEMS, showsTripSearch } from './nav-links.ts';
import { NotificationBell } from './notification-bell.tsx';
import { TripSearchBar } from './trip-search-bar.tsx';
import { UserLink } from './user-link.tsx';

/** The bell's list loads with the first opening of the panel: it is not part of the first download. */
const NotificationsPanel = lazy(() =>
  import('../../modules/notifications/components/notifications-panel.tsx').then((m) => ({
    default: m.NotificationsPanel,
  })),
);

/** The hamburger's menu loads with its first opening (most visits never open it). */
const MobileMenu = lazy(() =>
  import('./mobile-header.tsx').then((module) => ({ default: module.MobileMenu })),
);

const loadingPanel = (
  <p role="status" className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
    <Trans>Loading notifications…</Trans>
  </p>
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold transition',
    isActive ? NAV_ACTIVE_CLASS : NAV_IDLE_CLASS,
  );

interface HeaderProps {
  /** Overrides the red dot (by default: any cached notification unseen, signed-in users only). */
  hasUnseenNotifications?: boolean;
  /** Overrides the panel body (by default: the notification list for signed-in users). */
  notificationsPanel?: ReactNode;
}

/** The app header (SPEC §2 "Header"): logo, trips, navigation, bell, user link; hamburger on mobile. */
export function Header({ hasUnseenNotifications, notificationsPanel }: HeaderProps) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const signedIn = useAppSelector((state) => state.user.isAuthenticated);
  // GET /users/notifications for signed-in users only, cached 1 minute here (SPEC §9).
  const notifications = useHeaderNotifications(signedIn);
  const hasUnseen = hasUnseenNotifications ?? (signedIn && hasUnseenNotification(notifications.data));
  const panel =
    notificationsPanel ??
    (signedIn ? (
      <Suspense fallback={loadingPanel}>
        <NotificationsPanel />
      </Suspense>
    ) : undefined);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // Close the mobile menu whenever the route changes.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md dark:border-slate-800/70 dark:bg-slate-950/85">
        <div className="mx-auto flex h-16 max-w-[1360px] items-center gap-2 px-4 sm:gap-4 sm:px-6 2xl:max-w-[1440px]">
          <Logo />
          <NavLink
            to="/trips"
            className={({ isActive }) =>
              clsx(
                'hidden items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold transition sm:flex',
                // Filled only on /trips and /trips/:id; elsewhere an outlined entry like the others.
                isActive
                  ? 'bg-brand-700 text-white shadow-sm dark:bg-brand-600'
                  : 'text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 dark:text-brand-200 dark:ring-brand-800 dark:hover:bg-brand-950',
              )
            }
          >
            <Luggage aria-hidden="true" className="size-4" />
            <Trans>trips</Trans>
          </NavLink>
          <nav aria-label={t`Main`} className="hidden sm:block">
            <ul className="flex items-center gap-1">
              {NAV_ITEMS.map((item) => {
                if (isNavGroup(item)) {
                  return (
                    <li key={item.label.id}>
                      <NavDropdown item={item} />
                    </li>
                  );
                }
                const Icon = item.icon;
                return (
                  <li key={item.to}>
                    <NavLink to={item.to} className={navLinkClass}>
                      <Icon aria-hidden="true" className="size-4" />
                      {i18n._(item.label)}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
            {signedIn && <MessagesLink />}
            <NotificationBell hasUnseen={hasUnseen} signedIn={signedIn}>
              {panel}
            </NotificationBell>
            <UserLink />
            <MobileMenuButton open={menuOpen} onToggle={() => setMenuOpen((open) => !open)} />
          </div>
        </div>
        {menuOpen && (
          <Suspense fallback={null}>
            <MobileMenu onClose={closeMenu} signedIn={signedIn} />
          </Suspense>
        )}
      </header>
      {showsTripSearch(pathname) && <TripSearchBar />}
    </>
  );
}
