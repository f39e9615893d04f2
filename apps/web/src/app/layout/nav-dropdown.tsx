import { i18n } from '../../lib/i18n/i18n.ts';
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { type MouseEvent, type PointerEvent, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { PopoverPanel, usePopover } from '../../components/ui/popover.tsx';
import { isGroupActive, NAV_ACTIVE_CLASS, NAV_IDLE_CLASS, type NavGroupItem } from './nav-links.ts';

type OpenedBy = 'hover' | 'focus' | 'click' | null;

/**
 * A header navigation entry with sub-links (e.g. 'book'). Opens while a mouse hovers it and while
 * keyboard focus is inside it; a click (or tap) pins it open until a second click, Escape, a press
 * elsewhere or focus leaving it (the popover layer handles those three).
 */
export function NavDropdown({ item }: { item: NavGroupItem }) {
  const [openedBy, setOpenedBy] = useState<OpenedBy>(null);
  const popover = usePopover();
  const open = openedBy !== null;
  const controlled = { ...popover, open, setOpen: (next: boolean) => setOpenedBy(next ? 'click' : null) };
  // Focus handed back to the button by Escape must not open the dropdown again.
  const refocusing = useRef(false);
  const Icon = item.icon;
  const onChildRoute = isGroupActive(item, useLocation().pathname);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && !open) setOpenedBy('hover');
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    // A dropdown pinned by a click, or holding keyboard focus, stays open.
    if (openedBy === 'hover') setOpenedBy(null);
  };
  const onFocus = () => {
    if (!open && !refocusing.current) setOpenedBy('focus');
  };
  const onClick = (event: MouseEvent) => {
    // Keyboard activation (detail 0) toggles. A pointer click on a dropdown opened by hover or
    // focus pins it open; a click on a pinned one closes it.
    const keyboard = event.detail === 0;
    setOpenedBy((current) => (current === 'click' || (keyboard && current !== null) ? null : 'click'));
  };
  const onEscape = () => {
    setOpenedBy(null);
    refocusing.current = true;
    popover.triggerRef.current?.focus();
    refocusing.current = false;
  };

  return (
    <div
      ref={popover.anchorRef}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
    >
      <button
        ref={popover.triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={popover.panelId}
        onClick={onClick}
        className={clsx(
          'flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold transition',
          open || onChildRoute ? NAV_ACTIVE_CLASS : NAV_IDLE_CLASS,
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
        {i18n._(item.label)}
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      {/* pt-2 keeps the hover area continuous between the button and the panel. */}
      <PopoverPanel
        state={controlled}
        closeOnFocusOutside
        onEscape={onEscape}
        className="absolute top-full left-1/2 z-50 -translate-x-1/2 pt-2"
      >
        <ul className="min-w-44 rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-slate-900/10 motion-safe:animate-slide-down dark:bg-slate-900 dark:ring-white/10">
          {item.children.map((child) => {
            const ChildIcon = child.icon;
            return (
              <li key={child.to}>
                <NavLink
                  to={child.to}
                  onClick={() => setOpenedBy(null)}
                  className={({ isActive }) =>
                    clsx(
                      'flex items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium transition',
                      isActive
                        ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
                        : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
                    )
                  }
                >
                  <ChildIcon aria-hidden="true" className="size-4 text-brand-600 dark:text-brand-400" />
                  {i18n._(child.label)}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </PopoverPanel>
    </div>
  );
}
