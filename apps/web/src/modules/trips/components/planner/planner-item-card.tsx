import { Trans, useLingui } from '@lingui/react/macro';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type TimelineEntry, VISIT_MINUTES_DEFAULT } from '@tripcrew/contracts/day-timeline';
import type { PlannerItem } from '@tripcrew/contracts/trips';
import clsx from 'clsx';
import {
  AlertTriangle,
  Clock,
  GripVertical,
  type LucideIcon,
  MapPin,
  MapPinned,
  Pencil,
  StickyNote,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { MoveMenu, type MoveOption } from './move-menu.tsx';
import { EditingBadge, editingKey } from '../presence/editing-presence.tsx';
import { NoteEditor, type SaveNote } from './note-editor.tsx';
import { WaitingMark } from '../../../../components/ui/waiting-mark.tsx';
import { usePlannerItemWaiting } from '../../api/trip-waiting-writes.ts';
import { timelineWarningText } from './day-timeline-words.ts';
import { type StopTimes, StopTimesDialog } from './stop-times-dialog.tsx';

export function itemLabel(item: PlannerItem): string {
  if (item.kind === 'feature') return item.feature?.title ?? 'feature';
  if (item.kind === 'place') return item.place?.name ?? 'place';
  return item.text ?? 'note';
}

interface PlannerItemCardProps {
  tripId: string;
  item: PlannerItem;
  canEdit: boolean;
  moveOptions: MoveOption[];
  onEditNote: SaveNote;
  onDeleteNote: (item: PlannerItem) => void;
  /** Its place in the day's timeline (arrival, departure, warnings); none in the tray. */
  timeline?: TimelineEntry | undefined;
  /** Closed on its day: a move to a day of the plan when it is open ("Move to Day 2 (Wed 16 Dec)…"). */
  openDay?: { label: string; onMove: () => void } | undefined;
  /** Saves a stop's own time and visit (editors; features and places). */
  onSaveTimes?: ((item: PlannerItem, times: StopTimes) => Promise<void>) | undefined;
}

/** One planner item: feature or note (with its time); drag handle and move menu for editors. */
const NOTE_EDIT_CLASS =
  'rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white';
const NOTE_DELETE_CLASS = 'rounded-full p-1.5 text-red-600 hover:bg-red-50 dark:hover:bg-red-950/40';

/** An icon button on a note (edit, delete), named by its label. */
function NoteAction({
  label,
  onClick,
  className,
  icon: Icon,
}: {
  label: string;
  onClick: () => void;
  className: string;
  icon: LucideIcon;
}) {
  return (
    <button type="button" aria-label={label} onClick={onClick} className={className}>
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

export function PlannerItemCard({
  tripId,
  item,
  canEdit,
  moveOptions,
  onEditNote,
  onDeleteNote,
  timeline,
  openDay,
  onSaveTimes,
}: PlannerItemCardProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [timing, setTiming] = useState(false);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: item._id,
      disabled: !canEdit,
    });
  const label = itemLabel(item);
  const waiting = usePlannerItemWaiting(tripId, item._id);

  if (editing) {
    return (
      <li ref={setNodeRef}>
        <NoteEditor tripId={tripId} item={item} onSave={onEditNote} onClose={() => setEditing(false)} />
      </li>
    );
  }

  return (
    <li
      ref={setNodeRef}
      data-testid="planner-item"
      data-item-id={item._id}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={clsx(
        'flex items-start gap-1 rounded-2xl bg-white p-2 text-sm shadow-sm ring-1 ring-slate-200 dark:bg-slate-950 dark:ring-slate-700',
        isDragging && 'opacity-40',
        item.kind === 'note' && 'bg-amber-50 ring-amber-200 dark:bg-amber-950/30 dark:ring-amber-800',
      )}
    >
      {canEdit && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t`Drag ${label}`}
          className="cursor-grab touch-none rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing dark:hover:bg-slate-800"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 py-1">
        <p className="flex items-start gap-1.5 font-medium break-words">
          {item.kind === 'feature' ? (
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          ) : item.kind === 'place' ? (
            <MapPinned
              aria-hidden="true"
              className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400"
            />
          ) : (
            <StickyNote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
          )}
          <span data-testid="planner-item-title" className="min-w-0">
            {label}
          </span>
        </p>
        {item.kind === 'place' && item.place && (
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">
            {item.place.address || item.place.category || <Trans>Our place</Trans>}
          </p>
        )}
        {timeline && item.kind !== 'note' ? (
          <StopTimes timeline={timeline} openDay={openDay} correctedHours={item.hours ?? null} />
        ) : (
          item.time && (
            <p className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
              <Clock aria-hidden="true" className="size-3" />
              <span>{item.time}</span>
            </p>
          )
        )}
        {item.kind === 'note' && (
          <EditingBadge tripId={tripId} itemKey={editingKey('planner-item', item._id)} />
        )}
        {waiting && <WaitingMark className="self-start" />}
      </div>
      {canEdit && (
        <div className="flex shrink-0 items-center">
          {item.kind === 'note' && (
            <>
              <NoteAction
                label={t`Edit note ${label}`}
                onClick={() => setEditing(true)}
                className={NOTE_EDIT_CLASS}
                icon={Pencil}
              />
              <NoteAction
                label={t`Delete note ${label}`}
                onClick={() => onDeleteNote(item)}
                className={NOTE_DELETE_CLASS}
                icon={Trash2}
              />
            </>
          )}
          {item.kind !== 'note' && onSaveTimes && (
            <NoteAction
              label={t`Times of ${label}`}
              onClick={() => setTiming(true)}
              className={NOTE_EDIT_CLASS}
              icon={Clock}
            />
          )}
          <MoveMenu itemLabel={label} options={moveOptions} />
        </div>
      )}
      {timing && onSaveTimes && (
        <StopTimesDialog
          item={item}
          label={label}
          typicalMinutes={
            (item.kind === 'feature' ? item.feature?.facts?.durationMinutes : null) ?? VISIT_MINUTES_DEFAULT
          }
          placeHours={item.kind === 'feature' ? item.feature?.facts?.hours : null}
          onSave={(times) => onSaveTimes(item, times)}
          onClose={() => setTiming(false)}
        />
      )}
    </li>
  );
}

/** "10:45 – 11:30" and what is wrong with it ("Closed on this day"), in the place's own time. */
function StopTimes({
  timeline,
  openDay,
  correctedHours,
}: {
  timeline: TimelineEntry;
  openDay: PlannerItemCardProps['openDay'];
  /** The hours a member corrected for this trip, when they did. */
  correctedHours: string | null;
}) {
  return (
    <>
      <p
        data-testid="planner-item-times"
        className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300"
      >
        <Clock aria-hidden="true" className="size-3" />
        <span>
          {timeline.arrive} – {timeline.leave}
        </span>
      </p>
      {correctedHours && (
        <p data-testid="planner-item-own-hours" className="text-xs text-slate-600 dark:text-slate-300">
          <Trans>Hours for this trip: {correctedHours}</Trans>
        </p>
      )}
      {timeline.warnings.map((warning) => (
        <p
          key={warning.kind}
          data-testid="planner-item-warning"
          className="flex items-start gap-1 text-xs font-medium text-amber-800 dark:text-amber-300"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
          <span>{timelineWarningText(warning)}</span>
        </p>
      ))}
      {openDay && timeline.warnings.some((warning) => warning.kind === 'closed-day') && (
        <button
          type="button"
          onClick={openDay.onMove}
          className="mt-1 inline-flex min-h-9 items-center self-start rounded-full bg-amber-100 px-3 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-200 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-amber-900/40 dark:text-amber-100 dark:ring-amber-700"
        >
          {openDay.label}
        </button>
      )}
    </>
  );
}
