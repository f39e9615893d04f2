import { i18n } from '../../lib/i18n/i18n.ts';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { DismissableLayer } from '@radix-ui/react-dismissable-layer';
import clsx from 'clsx';
import { Luggage, MessageCircle } from 'lucide-react';
import { NavLink } from 'react-router';
import { LazyUnreadBadge } from './messages-link.tsx';
import { MOBILE_MENU_ID } from './mobile-menu-button.tsx';
import { isNavGroup, NAV_ITEMS, type NavLinkItem } from './nav-links.ts';

/** Every link of the header in one flat list: trips first, then the nav items and their sub-links. */
export const MOBILE_LINKS: readonly NavLinkItem[] = [
  { label: msg`trips`, to: '/trips', icon: Luggage },
  ...NAV_ITEMS.flatMap((item) => (isNavGroup(item) ? item.children : [item])),
];

/** Signed in, the menu also leads to /messages (issue 21). */
export const MESSAGES_MOBILE_LINK: NavLinkItem = {
  label: msg`messages`,
  to: '/messages',
  icon: MessageCircle,
};

/**
 * The mobile menu: the header's links in a 2-column grid (SPEC §2); Escape closes it. Loaded with
 * its first opening (header.tsx): most visits never open it.
 */
export function MobileMenu({ onClose, signedIn = false }: { onClose: () => void; signedIn?: boolean }) {
  const { t } = useLingui();
  const links = signedIn ? [...MOBILE_LINKS, MESSAGES_MOBILE_LINK] : MOBILE_LINKS;
  return (
    <DismissableLayer
      asChild
      onPointerDownOutside={(event) => event.preventDefault()}
      onFocusOutside={(event) => event.preventDefault()}
      onDismiss={onClose}
    >
      <nav
        id={MOBILE_MENU_ID}
        aria-label={t`Mobile`}
        className="border-t border-slate-200/70 px-4 py-4 motion-safe:animate-slide-down sm:hidden dark:border-slate-800/70"
      >
        <ul data-testid="mobile-menu" className="grid grid-cols-2 gap-2">
          {links.map((link) => {
            const Icon = link.icon;
            return (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  onClick={onClose}
                  className={({ isActive }) =>
                    clsx(
                      'flex items-center gap-3 rounded-2xl px-4 py-3 text-sm font-semibold transition',
                      isActive
                        ? 'bg-brand-700 text-white'
                        : 'bg-white text-slate-800 shadow-sm ring-1 ring-slate-200 hover:ring-brand-400 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-800',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {i18n._(link.label)}
                  {link === MESSAGES_MOBILE_LINK && <LazyUnreadBadge variant="pill" />}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </DismissableLayer>
  );
}
