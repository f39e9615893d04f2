import { render, screen } from '@testing-library/react';
import type { Trip, TripNextBooking } from '@tripcrew/contracts/trips';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTrip } from '../../testing/trip-fixtures.ts';
import { UpcomingTripCard } from '../upcoming/upcoming-trip-card.tsx';
import { TripCard } from './trip-card.tsx';

const FLIGHT: TripNextBooking = {
  _id: 'b-1',
  kind: 'flight',
  title: 'Flight TP 1350',
  carrier: 'TP',
  number: '1350',
  startLocal: '2031-05-05T07:40',
  startZone: 'Europe/Lisbon',
  startAt: '2031-05-05T06:40:00.000Z',
  placeName: 'Humberto Delgado Airport',
};
/** 20:00 in Lisbon (summer time) the evening before the flight. */
const EVENING_BEFORE = new Date('2031-05-04T19:00:00Z');

const inRouter = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

const cards: Array<[string, string, (trip: Trip, now: Date) => ReactNode]> = [
  ['the /trips card', 'trip-card-next', (trip, now) => <TripCard trip={trip} now={now} />],
  ['the home upcoming card', 'upcoming-trip-next', (trip, now) => <UpcomingTripCard trip={trip} now={now} />],
];

describe('trip cards say what is next', () => {
  it.each(cards)(
    '[BOOKINGS-NEXT-WEB-10] %s shows the next booking in one line, in its own zone',
    (_, id, card) => {
      inRouter(card(makeTrip({ next: FLIGHT }), EVENING_BEFORE));
      expect(screen.getByTestId(id).textContent).toBe('Flight TP 1350 · tomorrow 07:40 Lisbon time');
    },
  );

  it.each(cards)('[BOOKINGS-NEXT-WEB-11] %s shows no line when nothing is ahead', (_, id, card) => {
    inRouter(
      <>
        {card(makeTrip({ _id: 't-none', next: null }), EVENING_BEFORE)}
        {card(makeTrip({ _id: 't-single-read' }), EVENING_BEFORE)}
      </>,
    );
    expect(screen.queryByTestId(id)).toBeNull();
  });
});
