import { Trans, useLingui } from '@lingui/react/macro';
import { Bell, BellOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { PopoverPanel, usePopover } from '../../components/ui/popover.tsx';

interface NotificationBellProps {
  /** True while any notification is unseen: shows the red dot (SPEC §2 "Header"). */
  hasUnseen?: boolean;
  /**
   * The panel body. Hook point for the notifications work item: pass the notification list here.
   * Without it an empty state is shown.
   */
  children?: ReactNode;
  /** Whether a user is signed in (changes the empty-state hint). */
  signedIn?: boolean;
}

/** The notifications bell: toggles its panel on click; Escape or a click elsewhere closes it. */
export function NotificationBell({ hasUnseen = false, children, signedIn = false }: NotificationBellProps) {
  const { t } = useLingui();
  const popover = usePopover();
  const { pathname } = useLocation();

  // Close on navigation.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    popover.setOpen(false);
  }

  return (
    <div ref={popover.anchorRef} className="relative">
      <IconButton
        aria-label={hasUnseen ? t`Notifications (unseen notifications)` : t`Notifications`}
        {...popover.triggerProps}
        active={popover.open}
      >
        <Bell aria-hidden="true" className="size-5" />
        {hasUnseen && (
          <span
            data-testid="notification-dot"
            aria-hidden="true"
            className="absolute top-2 right-2 size-2.5 rounded-full bg-red-500 ring-2 ring-white dark:ring-slate-950"
          />
        )}
      </IconButton>
      <PopoverPanel
        state={popover}
        as="section"
        aria-label={t`Notifications`}
        className="absolute top-full right-0 z-50 mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-slate-900/10 motion-safe:animate-slide-down max-sm:fixed max-sm:inset-x-4 max-sm:top-16 max-sm:w-auto dark:bg-slate-900 dark:ring-white/10"
      >
        <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold dark:border-slate-800">
          <Trans>Notifications</Trans>
        </h2>
        <div className="max-h-[60vh] overflow-y-auto">
          {children ?? (
            <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
              <BellOff aria-hidden="true" className="size-8 text-slate-300 dark:text-slate-600" />
              <p className="text-sm font-medium">
                <Trans>All quiet for now</Trans>
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {signedIn
                  ? t`Trip updates and crew requests will show up here.`
                  : t`Log in to get notified about trip updates and crew requests.`}
              </p>
            </div>
          )}
        </div>
      </PopoverPanel>
    </div>
  );
}
