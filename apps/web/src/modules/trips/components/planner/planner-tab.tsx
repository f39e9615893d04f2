import { versionConflictOf } from '../../../../lib/version-conflict.ts';
import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { NotKeptOffline } from '../../../../components/ui/not-kept-offline.tsx';
import { useOnline } from '../../../../lib/browser-online.ts';
import { parseDate } from '../../../../lib/dates.ts';
import { formatWeekday } from '../../../../lib/format/date-words.ts';
import { formatDetailDate } from '../../../../lib/format/dates.ts';
import { randomId } from '../../../../lib/random-id.ts';
import { type MoveTarget, useMovePlannerItem, usePlanner, usePlannerNotes } from '../../api/trip-planner.ts';
import { TripTabSection } from '../trip-tab-section.tsx';
import { CalendarActions } from './calendar-actions.tsx';
import type { MoveOption } from './move-menu.tsx';
import { PlannerColumn } from './planner-column.tsx';
import { itemLabel, PlannerItemCard } from './planner-item-card.tsx';
import { openDayFor } from './day-timeline-words.ts';
import { DayStart } from './day-start.tsx';
import { keyboardTarget, listOf, locateItem } from './planner-moves.ts';
import { usePlannerBookings } from './planner-bookings.tsx';
import { useDayRoutes } from './use-day-routes.tsx';

export function dayTitle(index: number): string {
  return t`Day ${ph({ day: index + 1 })}`;
}

export function daySubtitle(date: string): string {
  const parsed = parseDate(date);
  return parsed ? `${formatWeekday(parsed)} ${formatDetailDate(parsed)}` : date;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : t`Something went wrong.`);

/** Where a drop ends: the column and the index in it, from the item or column under the pointer. */
export function dropTarget(planner: Planner, event: DragEndEvent): MoveTarget | undefined {
  const { active, over } = event;
  if (!over) return undefined;
  const activeId = String(active.id);
  const overData = over.data.current as
    | { type?: string; date?: string | null; sortable?: { containerId: string | number; index: number } }
    | undefined;
  if (overData?.type === 'column') {
    const date = overData.date ?? null;
    return { date, index: listOf(planner, date).filter((item) => item._id !== activeId).length };
  }
  const overLocation = locateItem(planner, String(over.id));
  if (!overLocation) return undefined;
  return { date: overLocation.date, index: overLocation.index };
}

interface PlannerTabProps {
  tripId: string;
  tripName: string;
  canEdit: boolean;
  isAdmin: boolean;
}

/** PLANNER-05..08: days as columns (a list below 640 px), the 'unscheduled' tray, drag and drop, notes. */
export function PlannerTab({ tripId, tripName, canEdit, isAdmin }: PlannerTabProps) {
  const planner = usePlanner(tripId);
  const online = useOnline();
  const move = useMovePlannerItem(tripId);
  const notes = usePlannerNotes(tripId);
  const [activeId, setActiveId] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const data = planner.data;
  // PERF-09: every move is announced in a live region, and a move made from the keyboard
  // (move menu) gives focus back to the moved item's move button in its new place.
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<string | null>(null);
  const routes = useDayRoutes(tripId, data, canEdit, setAnnouncement);
  const bookings = usePlannerBookings(tripId);
  useEffect(() => {
    const itemId = focusAfterMove.current;
    if (!itemId || !data) return;
    const button = Array.from(document.querySelectorAll<HTMLElement>('[data-item-id]'))
      .find((element) => element.dataset.itemId === itemId)
      ?.querySelector<HTMLButtonElement>('[data-move-button]');
    if (button) {
      focusAfterMove.current = null;
      button.focus();
    }
  }, [data]);

  const runMove = (itemId: string, target: MoveTarget) => {
    if (!data) return;
    const from = locateItem(data, itemId);
    if (from && from.date === target.date && from.index === target.index) return;
    const item = findItem(data, itemId);
    if (item) setAnnouncement(`${itemLabel(item)} moved to ${placeName(data, itemId, target)}.`);
    move.mutate(
      { itemId, target },
      {
        onError: (error) => toast.error(errorText(error), { toastId: 'planner-move-error' }),
        onSettled: routes.afterMove,
      },
    );
  };

  const moveOptions = (item: PlannerItem): MoveOption[] => {
    if (!data) return [];
    const options: MoveOption[] = [];
    const add = (key: string, label: string, target: MoveTarget | undefined) => {
      if (target)
        options.push({
          key,
          label,
          run: () => {
            focusAfterMove.current = item._id;
            runMove(item._id, target);
          },
        });
    };
    add('up', t`Move up`, keyboardTarget(data, item._id, 'up'));
    add('down', t`Move down`, keyboardTarget(data, item._id, 'down'));
    add('previous-day', t`To the previous day`, keyboardTarget(data, item._id, 'previous-day'));
    add('next-day', t`To the next day`, keyboardTarget(data, item._id, 'next-day'));
    const from = locateItem(data, item._id);
    data.days.forEach((day, index) => {
      if (day.date === from?.date) return;
      add(
        `day-${day.date}`,
        t`To ${ph({ day: dayTitle(index) })} (${ph({ date: formatDetailDate(day.date) })})`,
        {
          date: day.date,
          index: day.items.length,
        },
      );
    });
    add('tray', t`To unscheduled`, keyboardTarget(data, item._id, 'tray'));
    return options;
  };

  const onDragStart = (event: DragStartEvent) => setActiveId(String(event.active.id));
  const onDragEnd = (event: DragEndEvent) => {
    setActiveId(null);
    if (!data) return;
    const target = dropTarget(data, event);
    if (target) runMove(String(event.active.id), target);
  };

  /** "Move to Day 2 (Wed 16 Dec), when it is open", for a stop closed on its day. */
  const openDayOf = (item: PlannerItem) => {
    const closed = routes.timelines.get(item._id)?.warnings.some((warning) => warning.kind === 'closed-day');
    const date = data && closed ? openDayFor(data, item) : null;
    const index = data?.days.findIndex((day) => day.date === date) ?? -1;
    const day = data?.days[index];
    if (!date || !day) return undefined;
    const label = t`Move to ${ph({ day: dayTitle(index) })} (${ph({ date: formatDetailDate(date) })}), when it is open`;
    return { label, onMove: () => runMove(item._id, { date, index: day.items.length }) };
  };

  const renderItem = (item: PlannerItem) => (
    <PlannerItemCard
      key={item._id}
      tripId={tripId}
      item={item}
      canEdit={canEdit}
      moveOptions={canEdit ? moveOptions(item) : []}
      timeline={item.date ? routes.timelines.get(item._id) : undefined}
      openDay={canEdit ? openDayOf(item) : undefined}
      onSaveTimes={
        canEdit
          ? async (stop, times) => {
              await notes.update.mutateAsync({ itemId: stop._id, body: { ...times, version: stop.version } });
            }
          : undefined
      }
      onEditNote={async (note, value, version) => {
        try {
          await notes.update.mutateAsync({
            itemId: note._id,
            body: { text: value.text, time: value.time, version },
          });
        } catch (error) {
          // A conflict is shown by the editor itself, with both versions.
          if (!versionConflictOf(error)) toast.error(errorText(error), { toastId: 'planner-note-error' });
          throw error;
        }
      }}
      onDeleteNote={(note) =>
        notes.remove.mutate(note._id, {
          onError: (error) => toast.error(errorText(error), { toastId: 'planner-note-error' }),
        })
      }
    />
  );

  const addNote = (date: string | null, value: { text: string; time: string | null }) =>
    notes.create.mutate(
      { _id: randomId(), date, text: value.text, time: value.time },
      { onError: (error) => toast.error(errorText(error), { toastId: 'planner-note-error' }) },
    );

  const activeItem = data && activeId ? findItem(data, activeId) : undefined;

  // Drag and drop with the keyboard sensor speaks item titles and days, not ids.
  const nameOf = (id: string | number) => {
    const item = data ? findItem(data, String(id)) : undefined;
    return item ? itemLabel(item) : 'the item';
  };
  const overName = (event: Pick<DragEndEvent, 'active' | 'over'>) => {
    if (!data) return t`nowhere`;
    const target = dropTarget(data, event as DragEndEvent);
    return target ? placeName(data, String(event.active.id), target) : t`outside the plan`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t`Picked up ${ph({ item: nameOf(active.id) })}.`,
    onDragOver: ({ active, over }) =>
      over
        ? t`${ph({ item: nameOf(active.id) })} is over ${ph({ place: overName({ active, over }) })}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t`${ph({ item: nameOf(active.id) })} moved to ${ph({ place: overName({ active, over }) })}.`
        : t`${ph({ item: nameOf(active.id) })} was put back.`,
    onDragCancel: ({ active }) => t`Moving ${ph({ item: nameOf(active.id) })} was cancelled.`,
  };

  return (
    <TripTabSection
      title={<Trans>Planner</Trans>}
      aside={<CalendarActions tripId={tripId} tripName={tripName} isAdmin={isAdmin} />}
    >
      {canEdit && (
        <p id="planner-help" className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>
            Drag items by their handle between the days and the unscheduled tray, or use each item's move
            button.
          </Trans>
        </p>
      )}
      <p role="status" data-testid="planner-announcement" className="sr-only">
        {announcement}
      </p>
      {planner.isPending && !online && <NotKeptOffline />}
      {planner.isPending && online && (
        <p role="status">
          <Trans>Loading the plan…</Trans>
        </p>
      )}
      {planner.isError && (
        <p role="alert">
          <Trans>The plan could not be loaded.</Trans>
        </p>
      )}
      {data && (
        <DndContext
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: t`To pick up an item, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.`,
            },
          }}
          sensors={sensors}
          collisionDetection={closestCorners}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setActiveId(null)}
        >
          {data.days.length === 0 && (
            <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
              <Trans>Set the trip dates to plan day by day.</Trans>
            </p>
          )}
          <div
            data-testid="planner-board"
            className="flex flex-col gap-4 sm:flex-row sm:items-start sm:overflow-x-auto sm:pb-3"
          >
            <PlannerColumn
              date={null}
              title={t`unscheduled`}
              items={data.tray}
              canEdit={canEdit}
              addingNote={notes.create.isPending}
              onAddNote={addNote}
              renderItem={renderItem}
            />
            {data.days.map((day, index) => {
              const booked = bookings.ofDay(day);
              return (
                <PlannerColumn
                  key={day.date}
                  date={day.date}
                  title={dayTitle(index)}
                  subtitle={daySubtitle(day.date)}
                  items={day.items}
                  canEdit={canEdit}
                  addingNote={notes.create.isPending}
                  onAddNote={addNote}
                  renderItem={renderItem}
                  renderBefore={booked.renderBefore(routes.renderBefore(day.date))}
                  renderAfter={withHome(booked.after, routes.homeLine(day))}
                  extras={
                    <>
                      <DayStart
                        tripId={tripId}
                        date={day.date}
                        dayName={dayTitle(index)}
                        start={day.start}
                        version={day.startVersion}
                        canEdit={canEdit}
                      />
                      {booked.header}
                      {routes.extras(day, dayTitle(index))}
                    </>
                  }
                />
              );
            })}
          </div>
          <DragOverlay>
            {activeItem ? (
              <div className="rounded-2xl bg-white p-3 text-sm font-medium shadow-xl ring-2 ring-brand-500 dark:bg-slate-950">
                {itemLabel(activeItem)}
              </div>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
    </TripTabSection>
  );
}

/** 'Day 2, position 1 of 3' or 'unscheduled, position 2 of 2': where a move puts an item. */
export function placeName(planner: Planner, itemId: string, target: MoveTarget): string {
  const index = planner.days.findIndex((day) => day.date === target.date);
  const where = target.date === null || index < 0 ? t`unscheduled` : dayTitle(index);
  const sameList = locateItem(planner, itemId)?.date === target.date;
  const size = listOf(planner, target.date).length + (sameList ? 0 : 1);
  return t`${where}, position ${ph({ position: target.index + 1 })} of ${size}`;
}

function findItem(planner: Planner, id: string): PlannerItem | undefined {
  const location = locateItem(planner, id);
  return location ? listOf(planner, location.date)[location.index] : undefined;
}

/** What goes after a day's items: its bookings after them, then "Back at … around …" (or nothing). */
function withHome(after: ReactNode, home: ReactNode): ReactNode {
  if (!after && !home) return undefined;
  return (
    <>
      {after}
      {home}
    </>
  );
}
