import clsx from 'clsx';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

export interface TabItem<T extends string = string> {
  id: T;
  label: ReactNode;
  disabled?: boolean;
  /** Shown as a tooltip / description, e.g. 'Coming soon' on a disabled tab. */
  hint?: string;
}

interface TabsProps<T extends string> {
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Renders the panel of the selected tab. */
  children?: ReactNode;
  className?: string;
}

/** Accessible tabs (WAI-ARIA tabs pattern: arrow keys, Home/End, disabled tabs skipped). */
export function Tabs<T extends string>({ tabs, value, onChange, label, children, className }: TabsProps<T>) {
  const baseId = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const enabled = tabs.filter((t) => !t.disabled);
  // Element ids from the tab's position: a tab id may hold spaces (a wishlist's name), which an
  // id reference such as aria-labelledby would split.
  const tabElementId = (id: T) => `${baseId}-tab-${tabs.findIndex((t) => t.id === id)}`;

  // On a narrow screen the list scrolls sideways: the selected tab is always in view (a page
  // opened on its last tab, an arrow key), without scrolling the page itself.
  useEffect(() => {
    const tab = refs.current.get(value);
    const list = tab?.parentElement;
    if (!tab || !list) return;
    const at = tab.getBoundingClientRect();
    const box = list.getBoundingClientRect();
    if (at.left < box.left) list.scrollLeft -= box.left - at.left + 8;
    else if (at.right > box.right) list.scrollLeft += at.right - box.right + 8;
  }, [value]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the tab that has the focus: the selected one may lag behind while the next panel loads
    // (a navigation in a transition keeps the page as it was until then).
    const focused = enabled.findIndex((t) => refs.current.get(t.id) === event.target);
    const index = focused >= 0 ? focused : enabled.findIndex((t) => t.id === value);
    let next: TabItem<T> | undefined;
    if (event.key === 'ArrowRight') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={move}
        className="flex gap-1 overflow-x-auto rounded-2xl bg-slate-100 p-1 dark:bg-slate-800/70"
      >
        {tabs.map((tab) => {
          const selected = tab.id === value;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabElementId(tab.id)}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              aria-disabled={tab.disabled || undefined}
              disabled={tab.disabled}
              title={tab.hint}
              tabIndex={selected ? 0 : -1}
              onClick={() => !tab.disabled && onChange(tab.id)}
              className={clsx(
                'shrink-0 rounded-xl px-4 py-2 text-sm font-medium transition',
                selected
                  ? 'bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-300'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                tab.disabled && 'cursor-not-allowed opacity-50 hover:text-slate-600',
              )}
            >
              {tab.label}
              {tab.disabled && tab.hint && <span className="sr-only"> ({tab.hint})</span>}
            </button>
          );
        })}
      </div>
      {children !== undefined && (
        <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={tabElementId(value)} className="pt-4">
          {children}
        </div>
      )}
    </div>
  );
}
