import { ph, t } from '@lingui/core/macro';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { PLACE_ICON_BUTTON_CLASS } from './places/place-styles.ts';

interface CardActionsProps<T> {
  /** What the card shows, and its name as the buttons say it ("Edit Casa Ana"). */
  item: T;
  name: string;
  /** Removing needs the network; an edit made offline waits in the offline queue (decision 016). */
  online: boolean;
  onEdit: (item: T) => void;
  onRemove: (item: T) => void;
}

/** A card's edit and remove buttons, round and 44 px, at its top right; offline, only edit. */
export function CardActions<T>({ item, name, online, onEdit, onRemove }: CardActionsProps<T>) {
  return (
    <div className="-mt-1.5 -mr-2 flex shrink-0">
      <button
        type="button"
        className={PLACE_ICON_BUTTON_CLASS}
        aria-label={t`Edit ${ph({ name })}`}
        onClick={() => onEdit(item)}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        className={`${PLACE_ICON_BUTTON_CLASS} hover:text-red-700 dark:hover:text-red-300`}
        aria-label={t`Remove ${ph({ name })}`}
        disabled={!online}
        onClick={() => onRemove(item)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** A card's notes, as they were written (their line breaks kept). */
export function CardNotes({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p
      data-testid={testId}
      className="text-sm break-words whitespace-pre-wrap text-slate-600 dark:text-slate-400"
    >
      {children}
    </p>
  );
}
