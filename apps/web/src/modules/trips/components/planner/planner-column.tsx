import { Trans, useLingui } from '@lingui/react/macro';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { PlannerItem } from '@tripcrew/contracts/trips';
import clsx from 'clsx';
import { Plus } from 'lucide-react';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { NoteForm, type NoteValue } from './note-form.tsx';

/** The droppable id of a column: 'col:tray' or 'col:YYYY-MM-DD'. */
export const columnId = (date: string | null): string => `col:${date ?? 'tray'}`;

interface PlannerColumnProps {
  date: string | null;
  title: string;
  subtitle?: string;
  items: PlannerItem[];
  canEdit: boolean;
  addingNote: boolean;
  onAddNote: (date: string | null, note: NoteValue) => void;
  renderItem: (item: PlannerItem) => ReactNode;
  /** What goes before an item in the list (the leg that reaches a stop, ROUTE-08). */
  renderBefore?: ((item: PlannerItem) => ReactNode) | undefined;
  /** What goes after the last item (the day's later bookings, read-only). */
  renderAfter?: ReactNode;
  /** Under the header: the day's total and its tools (ROUTE-09, ROUTE-10). */
  extras?: ReactNode;
}

/** A day (or the 'unscheduled' tray) with its item count, its sortable items and 'add note'. */
export function PlannerColumn({
  date,
  title,
  subtitle,
  items,
  canEdit,
  addingNote,
  onAddNote,
  renderItem,
  renderBefore,
  renderAfter,
  extras,
}: PlannerColumnProps) {
  const { t } = useLingui();
  const id = columnId(date);
  const headingId = useId();
  const [formOpen, setFormOpen] = useState(false);
  const { setNodeRef, isOver } = useDroppable({ id, data: { type: 'column', date }, disabled: !canEdit });
  const count = items.length;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={date === null ? 'planner-tray' : 'planner-day'}
      data-date={date ?? ''}
      className={clsx(
        'flex w-full shrink-0 flex-col gap-2 rounded-3xl p-3 ring-1 transition sm:w-72',
        date === null
          ? 'bg-slate-100 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700'
          : 'bg-brand-50/60 ring-brand-100 dark:bg-slate-900 dark:ring-slate-800',
        isOver && 'ring-2 ring-brand-500',
      )}
    >
      <header className="flex items-baseline justify-between gap-2 px-1">
        <h3 id={headingId} className="font-semibold">
          {title}
          {subtitle && (
            <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">{subtitle}</span>
          )}
        </h3>
        <span
          data-testid="planner-count"
          aria-label={`${count} ${count === 1 ? 'item' : 'items'}`}
          className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 dark:bg-slate-950 dark:text-slate-200 dark:ring-slate-700"
        >
          {count}
        </span>
      </header>
      {extras}
      <SortableContext id={id} items={items.map((item) => item._id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className="flex min-h-16 flex-col gap-2 rounded-2xl">
          {items.map((item) => (
            <Fragment key={item._id}>
              {renderBefore?.(item)}
              {renderItem(item)}
            </Fragment>
          ))}
          {renderAfter}
          {count === 0 && (canEdit || !renderAfter) && (
            <li className="rounded-2xl border-2 border-dashed border-slate-300 p-3 text-center text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
              {canEdit ? t`Drop items here` : t`Nothing planned`}
            </li>
          )}
        </ul>
      </SortableContext>
      {canEdit &&
        (formOpen ? (
          <NoteForm
            submitLabel={t`Add note`}
            busy={addingNote}
            onCancel={() => setFormOpen(false)}
            onSubmit={(note) => {
              setFormOpen(false);
              onAddNote(date, note);
            }}
          />
        ) : (
          <button
            type="button"
            onClick={() => setFormOpen(true)}
            aria-label={subtitle ? t`Add a note to ${title} ${subtitle}` : t`Add a note to ${title}`}
            className="flex items-center justify-center gap-1 rounded-full px-3 py-1.5 text-sm font-medium text-brand-800 transition hover:bg-white dark:text-brand-300 dark:hover:bg-slate-800"
          >
            <Plus aria-hidden="true" className="size-4" /> <Trans>note</Trans>
          </button>
        ))}
    </section>
  );
}
