import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import { describe, expect, it } from 'vitest';
import { keyboardTarget, locateItem, moveInPlanner } from './planner-moves.ts';

const note = (id: string, date: string | null, position: number): PlannerItem => ({
  _id: id,
  kind: 'note',
  feature: null,
  place: null,
  text: id,
  time: null,
  date,
  position,
  version: 1,
});

const PLANNER: Planner = {
  days: [
    { date: '2031-05-05', items: [note('a', '2031-05-05', 0), note('b', '2031-05-05', 1)] },
    { date: '2031-05-06', items: [note('c', '2031-05-06', 0)] },
    { date: '2031-05-07', items: [] },
  ],
  tray: [note('t1', null, 0), note('t2', null, 1)],
};

const ids = (planner: Planner, date: string | null) =>
  (date === null ? planner.tray : planner.days.find((d) => d.date === date)!.items).map((i) => i._id);

describe('moveInPlanner (the server move semantics, used for the optimistic update)', () => {
  it('[PLANNER-06] schedules a tray item on a day at the index, renumbering both lists', () => {
    const next = moveInPlanner(PLANNER, 't1', { date: '2031-05-06', index: 0 });
    expect(ids(next, '2031-05-06')).toEqual(['t1', 'c']);
    expect(ids(next, null)).toEqual(['t2']);
    expect(next.days[1]!.items.map((i) => [i.date, i.position])).toEqual([
      ['2031-05-06', 0],
      ['2031-05-06', 1],
    ]);
    expect(next.tray[0]!.position).toBe(0);
  });

  it('[PLANNER-06] reorders within a day (index in the list without the item) and clamps large indexes', () => {
    expect(ids(moveInPlanner(PLANNER, 'a', { date: '2031-05-05', index: 1 }), '2031-05-05')).toEqual([
      'b',
      'a',
    ]);
    expect(ids(moveInPlanner(PLANNER, 'a', { date: '2031-05-05', index: 99 }), '2031-05-05')).toEqual([
      'b',
      'a',
    ]);
  });

  it('[PLANNER-06] unschedules to the tray; unknown items or days change nothing', () => {
    expect(ids(moveInPlanner(PLANNER, 'c', { date: null, index: 5 }), null)).toEqual(['t1', 't2', 'c']);
    expect(moveInPlanner(PLANNER, 'zzz', { date: null, index: 0 })).toBe(PLANNER);
    expect(moveInPlanner(PLANNER, 'a', { date: '2099-01-01', index: 0 })).toBe(PLANNER);
  });
});

describe('keyboardTarget (the move menu)', () => {
  it('[PLANNER-07] up and down within a list, only when possible', () => {
    expect(keyboardTarget(PLANNER, 'b', 'up')).toEqual({ date: '2031-05-05', index: 0 });
    expect(keyboardTarget(PLANNER, 'a', 'up')).toBeUndefined();
    expect(keyboardTarget(PLANNER, 'a', 'down')).toEqual({ date: '2031-05-05', index: 1 });
    expect(keyboardTarget(PLANNER, 'b', 'down')).toBeUndefined();
  });

  it('[PLANNER-07] previous/next day append at the end; the tray and back', () => {
    expect(keyboardTarget(PLANNER, 'a', 'next-day')).toEqual({ date: '2031-05-06', index: 1 });
    expect(keyboardTarget(PLANNER, 'c', 'previous-day')).toEqual({ date: '2031-05-05', index: 2 });
    expect(keyboardTarget(PLANNER, 'a', 'previous-day')).toBeUndefined();
    expect(keyboardTarget(PLANNER, 'c', 'tray')).toEqual({ date: null, index: 2 });
    expect(keyboardTarget(PLANNER, 't1', 'tray')).toBeUndefined();
    expect(keyboardTarget(PLANNER, 't1', 'first-day')).toEqual({ date: '2031-05-05', index: 2 });
    expect(locateItem(PLANNER, 't2')).toEqual({ date: null, index: 1 });
  });
});
