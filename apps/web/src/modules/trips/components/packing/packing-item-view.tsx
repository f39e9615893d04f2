import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PackingItem } from '@tripcrew/contracts/trip-packing';
import { Check } from 'lucide-react';
import { EditingBadge, editingKey } from '../presence/editing-presence.tsx';
import { classes } from './packing-styles.ts';
import { PackingItemText } from './packing-item-text.tsx';
import { i18n } from '../../../../lib/i18n/i18n.ts';

export const PACKED_TEXT = msg`packed`;
export const NOT_PACKED_TEXT = msg`not packed yet`;

/**
 * One shared item as a viewer reads it: its tick as a state (a round mark, not a checkbox), its
 * text and who brings it, with no control. Screen readers hear "Tent, packed, brought by Bob Stone".
 */
export function PackingItemView({ tripId, item }: { tripId: string; item: PackingItem }) {
  const { t } = useLingui();
  return (
    <li
      data-testid="packing-item"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-2 py-1.5 text-sm"
    >
      <span className="flex min-w-0 flex-1 basis-40 items-center gap-3">
        <span
          aria-hidden="true"
          data-testid="packing-item-state"
          data-done={item.done}
          className={classes(
            'flex size-5 shrink-0 items-center justify-center rounded-full',
            item.done
              ? 'bg-brand-600 text-white'
              : 'border-2 border-dashed border-slate-300 dark:border-slate-600',
          )}
        >
          {item.done && <Check className="size-3.5" />}
        </span>
        <PackingItemText item={item} />
        <span className="sr-only">, {item.done ? i18n._(PACKED_TEXT) : i18n._(NOT_PACKED_TEXT)},</span>
      </span>
      {/* "Ben is editing" on its own line, under the item's text. */}
      <EditingBadge
        tripId={tripId}
        itemKey={editingKey('packing-item', item._id)}
        className="order-last w-full pl-8"
      />
      <span
        data-testid="packing-item-assignee"
        className={classes(
          'ml-auto max-w-48 truncate rounded-full px-2.5 py-0.5 text-xs font-medium',
          item.assignedTo
            ? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
            : 'text-slate-500 dark:text-slate-400',
        )}
      >
        <span className="sr-only">
          <Trans>brought by</Trans>{' '}
        </span>
        {item.assignedTo?.name ?? t`Anyone`}
      </span>
    </li>
  );
}
