import { useLingui } from '@lingui/react/macro';
import { ArrowRightLeft } from 'lucide-react';
import { Menu } from '../../../../components/ui/menu.tsx';

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
  const { t } = useLingui();
  return (
    <Menu
      entries={options.map((option) => ({ key: option.key, label: option.label, onSelect: option.run }))}
      trigger={
        <button
          data-move-button=""
          type="button"
          aria-label={t`Move ${itemLabel}`}
          disabled={options.length === 0}
          className="rounded-full p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <ArrowRightLeft aria-hidden="true" className="size-4" />
        </button>
      }
    />
  );
}
