import { render, screen } from '@testing-library/react';
import { type Feature, NO_FACTS } from '@tripcrew/contracts/features';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeatureCard } from './feature-card.tsx';
import { checkedWords, hoursLine, priceWords, visitWords } from './feature-hours-words.ts';

const GULBENKIAN = 'We-Mo 10:00-18:00; Jan 01,May 01,Dec 24,Dec 25 off; easter off';
const TIME_OUT = 'Su-We 10:00-24:00; Th-Sa 10:00-02:00';
const LISBON = 'Europe/Lisbon';
const at = (iso: string) => new Date(iso);
const text = (hours: string, iso: string, zone = LISBON) => hoursLine(hours, zone, at(iso), 'en-GB')?.text;

describe("a feature's hours in words, in the place's own time", () => {
  it('[HOURS-WEB-01] open, opening later today, closed on its weekly day off, closed until another day', () => {
    // 2026-12-02 is a Wednesday; Lisbon is on UTC in winter.
    expect(text(GULBENKIAN, '2026-12-02T11:00:00Z')).toBe('Open · closes 18:00');
    expect(text(GULBENKIAN, '2026-12-02T08:00:00Z')).toBe('Opens at 10:00');
    expect(text(GULBENKIAN, '2026-12-01T12:00:00Z')).toBe('Closed on Tuesdays');
    expect(text(GULBENKIAN, '2026-12-02T19:00:00Z')).toBe('Closed · opens Thu 10:00');
    // Christmas is a Friday: closed all day, but not every Friday.
    expect(text(GULBENKIAN, '2026-12-25T12:00:00Z')).toBe('Closed · opens Sat 10:00');
    expect(hoursLine(GULBENKIAN, LISBON, at('2026-12-02T11:00:00Z'), 'en-GB')?.tone).toBe('open');
  });

  it('[HOURS-WEB-02] after midnight, round the clock, and nothing said for unknown or unreadable hours', () => {
    // Saturday 5 December, 01:30 in Lisbon: still Friday night's opening.
    expect(text(TIME_OUT, '2026-12-05T01:30:00Z')).toBe('Open · closes 02:00');
    expect(text('24/7', '2026-12-05T01:30:00Z')).toBe('Open 24 hours');
    expect(hoursLine(null, LISBON, at('2026-12-05T01:30:00Z'))).toBeNull();
    expect(hoursLine(GULBENKIAN, null, at('2026-12-05T01:30:00Z'))).toBeNull();
    expect(hoursLine('Mo-Fr 25:00-99', LISBON, at('2026-12-05T01:30:00Z'))).toBeNull();
  });

  it("[HOURS-WEB-03] the place's zone decides, not the reader's: the same instant reads differently in Lisbon and New York", () => {
    // 2026-12-02T16:00Z is 16:00 in Lisbon (open) and 11:00 in New York (open since 10:00).
    expect(text('Mo-Su 10:00-17:00', '2026-12-02T16:00:00Z')).toBe('Open · closes 17:00');
    expect(text('Mo-Su 10:00-17:00', '2026-12-02T14:30:00Z', 'America/New_York')).toBe('Opens at 10:00');
    // Summer time in Lisbon (WEST, UTC+1): 09:30Z is 10:30 local.
    expect(text('Mo-Su 10:00-17:00', '2026-07-01T09:30:00Z')).toBe('Open · closes 17:00');
  });

  it('[HOURS-WEB-04] a visit, a price level and when the hours were checked', () => {
    expect(visitWords(90)).toBe('About 1 h 30 min');
    expect(visitWords(60)).toBe('About 1 h');
    expect(visitWords(30)).toBe('About 30 min');
    expect(priceWords('free')).toBe('Free');
    expect(priceWords('moderate')).toBe('€€');
    expect(checkedWords({ month: '2026-05', source: 'OpenStreetMap' }, 'en-GB')).toBe(
      'Hours checked May 2026, confirm before you go',
    );
    expect(checkedWords(null)).toBeNull();
  });
});

describe('FeatureCard facts', () => {
  afterEach(() => vi.useRealTimers());

  const feature = (facts: Feature['facts']): Feature => ({
    _id: 'f-1',
    title: 'Museu Calouste Gulbenkian',
    address: 'Avenida de Berna 45A, Lisboa',
    description: 'An art museum.',
    rank: 6,
    image: { original: '' },
    categoryId: ['art museums'],
    model: 'places',
    coordinates: { lat: 38.737, lng: -9.154 },
    placeId: 'p-1',
    facts,
    timeZone: LISBON,
  });

  it('[HOURS-WEB-05] the card says whether it is open now, how long a visit takes and its price; no facts, no line', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T12:00:00Z'));
    const { unmount } = render(
      <FeatureCard
        feature={feature({
          ...NO_FACTS,
          hours: GULBENKIAN,
          hoursChecked: { month: '2026-05', source: 'OpenStreetMap' },
          durationMinutes: 150,
          priceLevel: 'low',
        })}
        icons={[]}
        picked={false}
      />,
    );
    expect((await screen.findByTestId('feature-hours')).textContent).toBe('Closed on Tuesdays');
    expect(screen.getByTestId('feature-visit').textContent).toBe('About 2 h 30 min');
    expect(screen.getByTestId('feature-price').textContent).toBe('Price: €');
    expect(screen.getByTestId('feature-hours-checked').textContent).toMatch(/^Hours checked May 2026/);
    unmount();
    render(<FeatureCard feature={feature(NO_FACTS)} icons={[]} picked={false} />);
    expect(screen.queryByTestId('feature-facts')).toBeNull();
  });
});
