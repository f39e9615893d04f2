import clsx from 'clsx';
import { Bell, BellOff } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

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
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  // Close on navigation.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={hasUnseen ? 'Notifications (unseen notifications)' : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={clsx(
          'relative rounded-full p-2.5 transition',
          open
            ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
        )}
      >
        <Bell aria-hidden="true" className="size-5" />
        {hasUnseen && (
          <span
            data-testid="notification-dot"
            aria-hidden="true"
            className="absolute top-2 right-2 size-2.5 rounded-full bg-red-500 ring-2 ring-white dark:ring-slate-950"
          />
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="Notifications"
          className="absolute top-full right-0 z-50 mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-slate-900/10 motion-safe:animate-slide-down max-sm:fixed max-sm:inset-x-4 max-sm:top-16 max-sm:w-auto dark:bg-slate-900 dark:ring-white/10"
        >
          <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold dark:border-slate-800">
            Notifications
          </h2>
          <div className="max-h-[60vh] overflow-y-auto">
            {children ?? (
              <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
                <BellOff aria-hidden="true" className="size-8 text-slate-300 dark:text-slate-600" />
                <p className="text-sm font-medium">All quiet for now</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {signedIn
                    ? 'Trip updates and crew requests will show up here.'
                    : 'Log in to get notified about trip updates and crew requests.'}
                </p>
              </div>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
