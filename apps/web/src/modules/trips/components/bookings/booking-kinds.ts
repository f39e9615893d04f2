import { msg } from '@lingui/core/macro';
import { type BookingKind, TRANSPORT_KINDS } from '@tripcrew/contracts/trip-bookings';
import type { LucideIcon } from 'lucide-react';
import { BOOKING_KIND_ICONS } from '../../../../components/ui/booking-kind-icons.ts';
import { i18n, type MessageDescriptor } from '../../../../lib/i18n/i18n.ts';

/** What each kind of booking is called, as the kind select and the cards say it. */
const KIND_LABELS: Record<BookingKind, MessageDescriptor> = {
  flight: msg`Flight`,
  train: msg`Train`,
  bus: msg`Bus`,
  ferry: msg`Ferry`,
  'car-rental': msg`Car rental`,
  lodging: msg`Lodging`,
  restaurant: msg`Restaurant`,
  event: msg`Event`,
  tour: msg`Tour`,
  other: msg`Other`,
};

export const KIND_ICONS = BOOKING_KIND_ICONS as Readonly<Record<BookingKind, LucideIcon>>;

export const kindLabel = (kind: BookingKind): string => i18n._(KIND_LABELS[kind]);

/** Flights, trains, buses and ferries: from one place to another. */
export const isTransport = (kind: BookingKind): boolean => TRANSPORT_KINDS.includes(kind);

/** A start and an end at places of their own (each with its zone): transport and a car rental. */
export const hasTwoPlaces = (kind: BookingKind): boolean => isTransport(kind) || kind === 'car-rental';

/** How a place is given: an airport code (flights), or a name and an address. */
export const placeModeOf = (kind: BookingKind): 'iata' | 'name' => (kind === 'flight' ? 'iata' : 'name');

export const hasPartySize = (kind: BookingKind): boolean =>
  kind === 'restaurant' || kind === 'event' || kind === 'tour';
export const hasCarrier = (kind: BookingKind): boolean => isTransport(kind);
export const hasSeat = (kind: BookingKind): boolean => isTransport(kind) || kind === 'event';

/** The words of a kind's start and end, and of their places. */
export interface EndWords {
  start: string;
  end: string;
  startPlace: string;
  endPlace: string;
}

export function endWordsOf(kind: BookingKind): EndWords {
  if (isTransport(kind)) {
    return {
      start: i18n._(msg`Departure`),
      end: i18n._(msg`Arrival`),
      startPlace: i18n._(msg`From`),
      endPlace: i18n._(msg`To`),
    };
  }
  if (kind === 'car-rental') {
    return {
      start: i18n._(msg`Pick-up`),
      end: i18n._(msg`Drop-off`),
      startPlace: i18n._(msg`Pick-up place`),
      endPlace: i18n._(msg`Drop-off place`),
    };
  }
  if (kind === 'lodging') {
    return {
      start: i18n._(msg`Check-in`),
      end: i18n._(msg`Check-out`),
      startPlace: i18n._(msg`Place`),
      endPlace: i18n._(msg`Place`),
    };
  }
  return {
    start: i18n._(msg`Starts`),
    end: i18n._(msg`Ends`),
    startPlace: i18n._(msg`Place`),
    endPlace: i18n._(msg`Place`),
  };
}
