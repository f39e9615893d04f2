import { describe, expect, it } from 'vitest';
import { dayTimeline, minutesOf, type TimelineItem, timeOfMinutes } from './day-timeline.ts';

const LISBON = 'Europe/Lisbon';
const GULBENKIAN = 'We-Mo 10:00-18:00';

const stop = (id: string, extra: Partial<TimelineItem> = {}): TimelineItem => ({
  id,
  kind: 'stop',
  fixedAt: null,
  visitMinutes: 60,
  travelMinutes: 0,
  hours: null,
  timeZone: null,
  ...extra,
});
const note = (id: string, fixedAt: string | null): TimelineItem => ({
  ...stop(id),
  kind: 'note',
  fixedAt,
  visitMinutes: null,
});
const times = (entries: ReturnType<typeof dayTimeline>) =>
  entries.map((e) => `${e.id} ${e.arrive}-${e.leave}`);

describe('a day timeline', () => {
  it('[TIMELINE-01] each stop arrives after the leg before it and leaves after its visit; untimed notes take no time', () => {
    const entries = dayTimeline('2026-12-02', '09:00', [
      stop('a', { visitMinutes: 90 }),
      note('n', null),
      stop('b', { travelMinutes: 15, visitMinutes: 45 }),
      stop('c', { travelMinutes: 20, visitMinutes: null }),
    ]);
    expect(times(entries)).toEqual(['a 09:00-10:30', 'b 10:45-11:30', 'c 11:50-12:50']);
    expect(entries.every((entry) => entry.warnings.length === 0)).toBe(true);
  });

  it('[TIMELINE-02] a timed item is a fixed point: the day waits for it, and a stop that runs into it is warned', () => {
    const early = dayTimeline('2026-12-02', '09:00', [stop('a'), note('lunch', '12:30'), stop('b')]);
    expect(times(early)).toEqual(['a 09:00-10:00', 'lunch 12:30-12:30', 'b 12:30-13:30']);
    const late = dayTimeline('2026-12-02', '10:00', [
      stop('a', { visitMinutes: 180 }),
      note('lunch', '12:30'),
      stop('b', { travelMinutes: 10 }),
    ]);
    expect(times(late)).toEqual(['a 10:00-13:00', 'lunch 12:30-12:30', 'b 13:10-14:10']);
    expect(late[0]?.warnings).toEqual([{ kind: 'runs-into', fixedAt: '12:30', itemId: 'lunch' }]);
  });

  it("[TIMELINE-03] opening hours in the stop's own zone: closed that day, before opening, after closing, closing during the visit", () => {
    const museum = (extra: Partial<TimelineItem> = {}) =>
      stop('m', { hours: GULBENKIAN, timeZone: LISBON, ...extra });
    // 2026-12-01 is a Tuesday: the Gulbenkian is closed all day.
    expect(dayTimeline('2026-12-01', '11:00', [museum()])[0]?.warnings).toEqual([{ kind: 'closed-day' }]);
    // Wednesday: at 09:00 it has not opened yet; at 18:30 it has closed; 17:30 leaves at 18:30.
    expect(dayTimeline('2026-12-02', '09:00', [museum()])[0]?.warnings).toEqual([
      { kind: 'before-opening', opensAt: '10:00' },
    ]);
    expect(dayTimeline('2026-12-02', '18:30', [museum()])[0]?.warnings).toEqual([{ kind: 'after-closing' }]);
    expect(dayTimeline('2026-12-02', '17:30', [museum()])[0]?.warnings).toEqual([
      { kind: 'closes-during', closesAt: '18:00' },
    ]);
    expect(dayTimeline('2026-12-02', '11:00', [museum()])[0]?.warnings).toEqual([]);
    // Summer time in Lisbon: the clock of the day is Lisbon's, whatever the zone of whoever reads.
    expect(dayTimeline('2026-07-01', '10:30', [museum()])[0]?.warnings).toEqual([]);
  });

  it("[TIMELINE-04] a day that runs past midnight says so; times wrap to the next day's clock", () => {
    const entries = dayTimeline('2026-12-02', '22:00', [
      stop('a', { visitMinutes: 90 }),
      stop('b', { travelMinutes: 30, visitMinutes: 60 }),
    ]);
    expect(times(entries)).toEqual(['a 22:00-23:30', 'b 00:00-01:00']);
    expect(entries[1]?.warnings).toEqual([{ kind: 'past-midnight' }]);
    expect(minutesOf('24:00')).toBeNull();
    expect(timeOfMinutes(1500)).toBe('01:00');
  });
});
