import { useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { Check } from 'lucide-react';

export interface CategoryOption {
  title: string;
  icon: string;
}

interface CategoryChipsProps {
  categories: readonly CategoryOption[];
  selected: readonly string[];
  onAdd: (title: string) => void;
  onRemove: (title: string) => void;
}

/** Category chips: pressing one adds it to the draft, pressing it again removes it. */
export function CategoryChips({ categories, selected, onAdd, onRemove }: CategoryChipsProps) {
  const { t } = useLingui();
  if (categories.length === 0) return null;
  return (
    <ul aria-label={t`Categories`} className="flex flex-wrap gap-2">
      {categories.map((category) => {
        const on = selected.includes(category.title);
        return (
          <li key={category.title}>
            <button
              type="button"
              aria-pressed={on}
              onClick={() => (on ? onRemove(category.title) : onAdd(category.title))}
              className={clsx(
                'flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm transition',
                on
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-200 bg-white hover:border-brand-400 dark:border-slate-700 dark:bg-slate-900',
              )}
            >
              <span aria-hidden="true">{category.icon}</span>
              {category.title}
              {on && <Check aria-hidden="true" className="size-4" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
