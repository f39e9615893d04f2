import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useId,
  useRef,
  useState,
} from 'react';
import { NavLink } from 'react-router';
import type { NavGroupItem } from './nav-links.ts';

type OpenedBy = 'hover' | 'focus' | 'click' | null;

/**
 * A header navigation entry with sub-links (e.g. 'book'). Opens while a mouse hovers it and while
 * keyboard focus is inside it; a click (or tap) pins it open until a second click, Escape, or
 * focus leaving it.
 */
export function NavDropdown({ item }: { item: NavGroupItem }) {
  const [openedBy, setOpenedBy] = useState<OpenedBy>(null);
  const open = openedBy !== null;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const Icon = item.icon;

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && !open) setOpenedBy('hover');
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    // A dropdown pinned by a click, or holding keyboard focus, stays open.
    if (openedBy === 'hover') setOpenedBy(null);
  };
  const onFocus = () => {
    if (!open) setOpenedBy('focus');
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !wrapperRef.current?.contains(next)) setOpenedBy(null);
  };
  const onClick = (event: MouseEvent) => {
    // Keyboard activation (detail 0) toggles. A pointer click on a dropdown opened by hover or
    // focus pins it open; a click on a pinned one closes it.
    const keyboard = event.detail === 0;
    setOpenedBy((current) => (current === 'click' || (keyboard && current !== null) ? null : 'click'));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpenedBy(null);
      buttonRef.current?.focus();
    }
  };

  return (
    <div
      ref={wrapperRef}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onClick}
        className={clsx(
          'flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold transition',
          open
            ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white',
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
        {item.label}
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open && (
        // pt-2 keeps the hover area continuous between the button and the panel.
        <div id={panelId} className="absolute top-full left-1/2 z-50 -translate-x-1/2 pt-2">
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
                    {child.label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
