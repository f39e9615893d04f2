import { useLingui } from '@lingui/react/macro';
import { Menu, X } from 'lucide-react';

export const MOBILE_MENU_ID = 'mobile-menu';

/** Hamburger button, shown below the sm breakpoint (640 px). */
export function MobileMenuButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      aria-label={open ? t`Close menu` : t`Open menu`}
      aria-expanded={open}
      aria-controls={MOBILE_MENU_ID}
      onClick={onToggle}
      className="rounded-full p-2.5 text-slate-700 transition hover:bg-slate-100 sm:hidden dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
    </button>
  );
}
