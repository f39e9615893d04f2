import type { PackingItem } from '@tripcrew/contracts/trip-packing';
import { classes } from './packing-styles.ts';

/** An item's text, struck through once it is packed (the same in the editable and the shared list). */
const PACKED_CLASS = 'text-slate-500 line-through dark:text-slate-400';

export function PackingItemText({ item }: { item: PackingItem }) {
  return (
    <span
      data-testid="packing-item-text"
      className={classes('min-w-0 break-words', item.done && PACKED_CLASS)}
    >
      {item.text}
    </span>
  );
}
