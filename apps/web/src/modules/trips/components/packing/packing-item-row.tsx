import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { PackingItem } from '@tripcrew/contracts/trip-packing';
import type { TripMember } from '@tripcrew/contracts/trips';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { TickBox } from '../../../../components/ui/tick-box.tsx';
import type { PackingChange } from '../../api/trip-packing.ts';
import { EditingBadge, editingKey } from '../presence/editing-presence.tsx';
import { PackingAssigneeSelect } from './packing-assignee-select.tsx';
import { packingErrorText } from './packing-error-text.ts';
import { ICON_BUTTON_CLASS } from './packing-styles.ts';
import { PackingItemEdit } from './packing-item-edit.tsx';
import { PackingItemText } from './packing-item-text.tsx';
import { WaitingMark } from '../../../../components/ui/waiting-mark.tsx';
import { usePackingItemWaiting } from '../../api/trip-waiting-writes.ts';

interface PackingItemRowProps {
  tripId: string;
  item: PackingItem;
  members: readonly TripMember[];
  /** Renaming, assigning and deleting need the network; ticking is queued offline. */
  online: boolean;
  onTick: (item: PackingItem, done: boolean) => void;
  onChange: (item: PackingItem, change: PackingChange) => Promise<unknown>;
  onDelete: (item: PackingItem) => void;
}

/** One shared item: tick for everyone, who brings it, rename and delete. */
export function PackingItemRow({
  tripId,
  item,
  members,
  online,
  onTick,
  onChange,
  onDelete,
}: PackingItemRowProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const itemKey = editingKey('packing-item', item._id);
  const waiting = usePackingItemWaiting(tripId, item._id);
  if (editing) {
    return (
      <li data-testid="packing-item" className="px-2 py-1.5">
        <PackingItemEdit
          tripId={tripId}
          itemKey={itemKey}
          text={item.text}
          version={item.version}
          onSave={(text, version) => onChange(item, { text, version })}
          onDone={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li
      data-testid="packing-item"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl px-2 py-1.5 hover:bg-slate-50 dark:hover:bg-slate-800/60"
    >
      {/* "Ben is editing" right under the item's text, outside the label: the box keeps its name. */}
      <div className="flex min-w-0 flex-1 basis-40 flex-col gap-0.5">
        <label className="flex min-w-0 cursor-pointer items-center gap-3 text-sm">
          <TickBox checked={item.done} onChange={(done) => onTick(item, done)} />
          <PackingItemText item={item} />
        </label>
        <EditingBadge tripId={tripId} itemKey={itemKey} className="pl-8" />
        {waiting && <WaitingMark className="ml-8 self-start" />}
      </div>
      <div className="ml-auto flex items-center gap-1">
        <PackingAssigneeSelect
          members={members}
          value={item.assignedTo?._id ?? null}
          onChange={(assignedTo) =>
            void onChange(item, { assignedTo }).catch((error: unknown) =>
              toast.error(packingErrorText(error), { toastId: 'packing-error' }),
            )
          }
          label={t`Who brings ${ph({ text: item.text })}`}
          disabled={!online}
          className="max-w-40"
        />
        {[
          { label: t`Rename ${ph({ text: item.text })}`, Icon: Pencil, onClick: () => setEditing(true) },
          { label: t`Delete ${ph({ text: item.text })}`, Icon: Trash2, onClick: () => onDelete(item) },
        ].map(({ label, Icon, onClick }) => (
          <button
            key={label}
            type="button"
            className={ICON_BUTTON_CLASS}
            aria-label={label}
            disabled={!online}
            onClick={onClick}
          >
            <Icon aria-hidden="true" className="size-4" />
          </button>
        ))}
      </div>
    </li>
  );
}
