import { ArrowRightLeft } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

export interface MoveOption {
  key: string;
  label: string;
  run: () => void;
}

/**
 * The per-item 'move' menu (PLANNER-07): every move (up, down, another day, the tray) with the
 * keyboard alone. Arrow keys move between entries, Escape closes and gives focus back.
 */
export function MoveMenu({ itemLabel, options }: { itemLabel: string; options: MoveOption[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        data-move-button=""
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Move ${itemLabel}`}
        disabled={options.length === 0}
        onClick={() => setOpen((value) => !value)}
        className="rounded-full p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <ArrowRightLeft aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={`Move ${itemLabel}`}
          onKeyDown={(event) => {
            const buttons = Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
            const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close();
            } else if (event.key === 'ArrowDown') {
              event.preventDefault();
              buttons[(index + 1) % buttons.length]?.focus();
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              buttons[(index - 1 + buttons.length) % buttons.length]?.focus();
            } else if (event.key === 'Tab') {
              setOpen(false);
            }
          }}
          className="absolute top-9 right-0 z-30 flex max-h-72 w-56 flex-col overflow-y-auto rounded-2xl bg-white p-1 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          {options.map((option) => (
            <li key={option.key} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  option.run();
                  close();
                }}
                className="w-full rounded-xl px-3 py-2 text-left text-sm hover:bg-brand-50 focus:bg-brand-50 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800"
              >
                {option.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
