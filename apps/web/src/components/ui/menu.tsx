import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { type ReactElement, type ReactNode, useRef, useState } from 'react';
import { popoverSurfaceClass } from './popover.tsx';

export interface MenuEntry {
  key: string;
  label: ReactNode;
  onSelect: () => void;
}

interface MenuProps {
  /** The trigger button (rendered as is: give it its accessible name). */
  trigger: ReactElement;
  entries: readonly MenuEntry[];
  /** Classes of the menu panel (size, placement tweaks). */
  className?: string;
  align?: 'start' | 'center' | 'end';
}

/**
 * A menu of actions (WAI-ARIA menu button) on Radix UI's DropdownMenu: Enter, Space or ArrowDown on
 * the trigger open it with the first entry focused, arrow keys move, Enter picks, Escape or a press
 * elsewhere closes it and focus goes back to the trigger. A click (pointer or programmatic) on the
 * trigger toggles it. Load it only from lazy screens: Radix's menu weighs about 30 kB gzip.
 */
export function Menu({ trigger, entries, className, align = 'end' }: MenuProps) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        asChild
        // Pointers toggle on click (as every other button here), keys through Radix.
        onPointerDown={(event) => event.preventDefault()}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align={align}
        sideOffset={4}
        // A press on the trigger is its own toggle, not a press outside.
        onInteractOutside={(event) => {
          if (event.target instanceof Node && triggerRef.current?.contains(event.target))
            event.preventDefault();
        }}
        className={clsx(
          'z-30 flex max-h-72 w-56 flex-col overflow-y-auto p-1 outline-none',
          popoverSurfaceClass,
          className,
        )}
      >
        {entries.map((entry) => (
          <DropdownMenu.Item
            key={entry.key}
            onSelect={entry.onSelect}
            className="w-full cursor-default rounded-xl px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-brand-50 dark:data-[highlighted]:bg-slate-800"
          >
            {entry.label}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
