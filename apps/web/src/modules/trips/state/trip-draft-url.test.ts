import { describe, expect, it } from 'vitest';
import { initialTripDraft, type TripDraft } from './trip-draft-slice.ts';
import {
  draftFromQuery,
  draftToQuery,
  mergeDraftIntoQuery,
  sameQuery,
  transportModeFromQuery,
} from './trip-draft-url.ts';

const SUNDAY_NOON = new Date(2025, 0, 5, 12, 0); // Sunday 5 January 2025
const q = (search: string) => new URLSearchParams(search);
const withDates = '&start=2025-03-03&end=2025-03-10';

describe('draftFromQuery', () => {
  it('[STATE-19] transportMode private in the URL is kept', () => {
    expect(draftFromQuery(q(`transportMode=private${withDates}`), SUNDAY_NOON).transportMode).toBe('private');
  });

  it('[STATE-19] any other transportMode value becomes public', () => {
    for (const value of ['public', 'car', 'PRIVATE', '', 'bus']) {
      expect(draftFromQuery(q(`transportMode=${value}${withDates}`), SUNDAY_NOON).transportMode).toBe(
        'public',
      );
    }
    expect(transportModeFromQuery('private')).toBe('private');
    expect(transportModeFromQuery('x')).toBe('public');
  });

  it('[STATE-19] no transportMode in the URL leaves the draft mode alone', () => {
    expect(draftFromQuery(q(withDates.slice(1)), SUNDAY_NOON)).not.toHaveProperty('transportMode');
  });

  it('[STATE-20] without start and end, start is the next Monday and end seven days after it', () => {
    expect(draftFromQuery(q(''), SUNDAY_NOON)).toEqual({ start: '2025-01-06', end: '2025-01-13' });
  });

  it('[STATE-20] the default around the Sunday/Monday boundary', () => {
    expect(draftFromQuery(q(''), new Date(2025, 0, 5, 23, 59, 59))).toMatchObject({
      start: '2025-01-06',
      end: '2025-01-13',
    });
    expect(draftFromQuery(q(''), new Date(2025, 0, 6, 0, 0, 0))).toMatchObject({
      start: '2025-01-13',
      end: '2025-01-20',
    });
    expect(draftFromQuery(q(''), new Date(2025, 0, 6, 9, 30))).toMatchObject({
      start: '2025-01-13',
      end: '2025-01-20',
    });
    expect(draftFromQuery(q(''), new Date(2025, 0, 4, 10))).toMatchObject({
      start: '2025-01-06',
      end: '2025-01-13',
    }); // Saturday
  });

  it('[STATE-20] a missing (or invalid) start or end alone also brings both defaults', () => {
    expect(draftFromQuery(q('start=2025-03-03'), SUNDAY_NOON)).toMatchObject({
      start: '2025-01-06',
      end: '2025-01-13',
    });
    expect(draftFromQuery(q('end=2025-03-10'), SUNDAY_NOON)).toMatchObject({
      start: '2025-01-06',
      end: '2025-01-13',
    });
    expect(draftFromQuery(q('start=soon&end=2025-03-10'), SUNDAY_NOON)).toMatchObject({
      start: '2025-01-06',
      end: '2025-01-13',
    });
  });

  it('[STATE-20] dates present in the URL are kept', () => {
    expect(draftFromQuery(q(withDates.slice(1)), SUNDAY_NOON)).toEqual({
      start: '2025-03-03',
      end: '2025-03-10',
    });
  });

  it('[STATE-17] reads placeId, crew and categories only when present; lists comma-separated or repeated', () => {
    const query = draftFromQuery(
      q(`placeId=p1&crew=u1,u2&crew=u3&crew=u1&categories=Food&categories=Bars,Food${withDates}`),
      SUNDAY_NOON,
    );
    expect(query).toEqual({
      placeId: 'p1',
      start: '2025-03-03',
      end: '2025-03-10',
      crew: ['u1', 'u2', 'u3'],
      categories: ['Food', 'Bars'],
    });
    const bare = draftFromQuery(q(withDates.slice(1)), SUNDAY_NOON);
    expect(bare).not.toHaveProperty('placeId');
    expect(bare).not.toHaveProperty('crew');
    expect(bare).not.toHaveProperty('categories');
  });
});

describe('draftToQuery', () => {
  const draft: TripDraft = {
    placeId: 'p1',
    start: '2025-03-03',
    end: '2025-03-10',
    crew: ['u1', 'u2'],
    transportMode: 'public',
    categories: ['Food', 'Art & Culture'],
  };

  it('[STATE-18] writes every draft field, lists comma-separated', () => {
    expect(draftToQuery(draft).toString()).toBe(
      'placeId=p1&start=2025-03-03&end=2025-03-10&crew=u1%2Cu2&categories=Food%2CArt+%26+Culture&transportMode=public',
    );
  });

  it('[STATE-18] leaves empty fields out and always writes the transport mode', () => {
    expect(draftToQuery(initialTripDraft).toString()).toBe('transportMode=private');
  });

  it('[STATE-18] round-trips through draftFromQuery', () => {
    expect(draftFromQuery(draftToQuery(draft), SUNDAY_NOON)).toEqual(draft);
  });

  it('[STATE-18] merging keeps unrelated parameters and replaces the draft ones', () => {
    const merged = mergeDraftIntoQuery(q('tab=planner&crew=old&placeId=p0'), draft);
    expect(merged.get('tab')).toBe('planner');
    expect(merged.getAll('crew')).toEqual(['u1,u2']);
    expect(merged.get('placeId')).toBe('p1');
    expect(sameQuery(q('a=1&b=2'), q('b=2&a=1'))).toBe(true);
    expect(sameQuery(q('a=1'), q('a=2'))).toBe(false);
  });
});
