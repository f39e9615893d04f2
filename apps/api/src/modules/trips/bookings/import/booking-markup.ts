import type { BookingEndBody, BookingKind, BookingPlaceBody } from '@tripcrew/contracts/trip-bookings';
import { localOf, zoneOffsetMinutes } from '@tripcrew/contracts/zoned-time';
import { airportByIata, timeZoneAt } from '../../../places/index.ts';
import type { BookingDraft } from './booking-draft.ts';
import {
  addressOf,
  all,
  costOf,
  geoOf,
  isThing,
  nameOf,
  namesOf,
  prop,
  textAt,
  thingAt,
  typesOf,
  whenOf,
  zoneOfOffset,
  type Thing,
  type When,
} from './booking-things.ts';

/**
 * schema.org reservations (the markup airlines, hotels, rail, rental and ticket sites put in
 * their mails for mail clients) to booking drafts. Times keep the wall clock the mail gives
 * ("2027-03-04T20:15:00-08:00" is 20:15 where it happens); the offset names the zone only when
 * the place has neither an airport code nor a point (the server finds the zone from those).
 */

const RESERVATION_KINDS: Record<string, BookingKind> = {
  FlightReservation: 'flight',
  TrainReservation: 'train',
  BusReservation: 'bus',
  BoatReservation: 'ferry',
  RentalCarReservation: 'car-rental',
  LodgingReservation: 'lodging',
  FoodEstablishmentReservation: 'restaurant',
  EventReservation: 'event',
};

/** The kind a plain `Reservation` has from what it is for. */
const FOR_KINDS: Record<string, BookingKind> = {
  Flight: 'flight',
  TrainTrip: 'train',
  BusTrip: 'bus',
  BoatTrip: 'ferry',
  Car: 'car-rental',
  LodgingBusiness: 'lodging',
  Hotel: 'lodging',
  Motel: 'lodging',
  Hostel: 'lodging',
  Resort: 'lodging',
  BedAndBreakfast: 'lodging',
  FoodEstablishment: 'restaurant',
  Restaurant: 'restaurant',
  CafeOrCoffeeShop: 'restaurant',
  BarOrPub: 'restaurant',
};

function kindOf(thing: Thing): BookingKind | undefined {
  const types = typesOf(thing);
  for (const type of types) if (RESERVATION_KINDS[type]) return RESERVATION_KINDS[type];
  if (!types.includes('Reservation')) return undefined;
  for (const type of typesOf(thingAt(thing, 'reservationFor') ?? {})) {
    if (FOR_KINDS[type]) return FOR_KINDS[type];
    if (type.endsWith('Event')) return 'event';
  }
  return undefined;
}

/** How deep and how many things are searched for reservations (an order, a package, a mail). */
const SEARCH_DEPTH = 6;
const SEARCH_NODES = 2_000;
/** How many reservations one file gives at most (one per passenger and flight: they merge later). */
const MAX_RESERVATIONS = 500;

/** The reservations among things, and inside them (a ReservationPackage, an Order), in order. */
export function reservationsIn(things: readonly Thing[]): Thing[] {
  const found: Thing[] = [];
  const stack: { value: unknown; depth: number }[] = things.map((value) => ({ value, depth: 0 })).reverse();
  let seen = 0;
  for (
    let entry = stack.pop();
    entry !== undefined && seen < SEARCH_NODES && found.length < MAX_RESERVATIONS;
    entry = stack.pop(), seen += 1
  ) {
    const { value, depth } = entry;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], depth });
      continue;
    }
    if (!isThing(value)) continue;
    if (kindOf(value)) {
      // One reservation for several flights or trains: a reservation for each.
      const targets = all(value.reservationFor).filter(isThing);
      if (targets.length > 1) found.push(...targets.map((target) => ({ ...value, reservationFor: target })));
      else found.push(value);
      continue;
    }
    if (depth >= SEARCH_DEPTH) continue;
    const entries = Object.entries(value).filter(([key]) => !key.startsWith('@'));
    for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i]?.[1], depth: depth + 1 });
  }
  return found.slice(0, MAX_RESERVATIONS);
}

/** True for a reservation the mail cancels. */
export const isCancelled = (reservation: Thing): boolean =>
  /cancel/i.test(textAt(reservation, 'reservationStatus') ?? '');

/** A place from a schema.org Place (an airport, a station, a hotel) or a plain text. */
function placeOf(value: unknown, options: { plain?: boolean } = {}): BookingPlaceBody | undefined {
  if (!isThing(value)) {
    const name = nameOf(value);
    return name ? { name } : undefined;
  }
  const code = textAt(value, 'iataCode');
  const iata = code && /^[A-Za-z]{3}$/.test(code) ? code.toUpperCase() : undefined;
  const isAddress = typesOf(value).includes('PostalAddress');
  const name = isAddress ? addressOf(value) : nameOf(value);
  if (options.plain) return iata || name ? { iata, name } : undefined;
  const geo = geoOf(value);
  const address = isAddress ? addressOf(value) : addressOf(prop(value, 'address'));
  const place = { name: name ?? address, address, iata, ...geo };
  return place.name || place.iata || geo ? place : undefined;
}

/** Where a place is, for a title: its town, else its name or code. */
function townOf(value: unknown): string | undefined {
  const address = thingAt(value, 'address');
  return textAt(address, 'addressLocality') ?? nameOf(value) ?? textAt(value, 'iataCode')?.toUpperCase();
}

/**
 * The wall clock where the place is, for a time given with an offset that is not the place's:
 * an airport's zone is trusted, a point's only to undo a time given in UTC ("Z").
 */
function wallClockAt(when: When, place: BookingPlaceBody): string | undefined {
  if (when.offsetMinutes === null) return undefined;
  let zone = place.iata ? airportByIata(place.iata)?.timeZone : undefined;
  if (
    !zone &&
    !place.iata &&
    place.lat !== undefined &&
    place.lng !== undefined &&
    when.offsetMinutes === 0
  ) {
    zone = timeZoneAt(place.lat, place.lng);
  }
  if (!zone) return undefined;
  const [date = '', time = ''] = when.local.split('T');
  const instant = new Date(`${date}T${time}:00Z`).getTime() - when.offsetMinutes * 60_000;
  return zoneOffsetMinutes(new Date(instant), zone) === when.offsetMinutes
    ? undefined
    : localOf(new Date(instant), zone);
}

/** A start or end from a time and a place: the zone from the offset when the place can't give one. */
function endAt(
  value: unknown,
  place: BookingPlaceBody | undefined,
  defaultTime = '00:00',
): BookingEndBody | undefined {
  const when = whenOf(value, defaultTime);
  if (!when) return undefined;
  const located = place !== undefined && (place.iata !== undefined || place.lat !== undefined);
  const zone = !located && when.offsetMinutes !== null ? zoneOfOffset(when.offsetMinutes) : undefined;
  const local = (located && place && wallClockAt(when, place)) || when.local;
  return { local, ...(zone ? { zone } : {}), ...(place ? { place } : {}) };
}

/** An end at the start's place: its time and zone, not the place again. */
function endHere(end: BookingEndBody | undefined): BookingEndBody | undefined {
  if (!end) return undefined;
  const { place: _same, ...rest } = end;
  return rest;
}

/** A seat in a few words: "12A", "Coach 5, seat 42", "Section 101, row F, seat 12". */
function seatOf(seat: unknown, sectionWord: string): string | undefined {
  if (!isThing(seat)) return nameOf(seat);
  const section = textAt(seat, 'seatSection');
  const row = textAt(seat, 'seatRow');
  const number = textAt(seat, 'seatNumber');
  if (!section && !row) return number;
  return [section && `${sectionWord} ${section}`, row && `row ${row}`, number && `seat ${number}`]
    .filter(Boolean)
    .join(', ');
}

/** What every reservation gives: provider, code, people, price, tickets and seats. */
function basics(reservation: Thing, kind: BookingKind, peopleLabel: string, sectionWord = 'Section') {
  const tickets = all(reservation.reservedTicket).filter(isThing);
  const seats = tickets
    .map((ticket) => seatOf(prop(ticket, 'ticketedSeat'), sectionWord))
    .filter((seat): seat is string => Boolean(seat));
  const ticketNumbers = tickets.map((ticket) => textAt(ticket, 'ticketNumber')).filter(Boolean);
  const partySize = Number(textAt(reservation, 'partySize', 'numSeats'));
  return {
    kind,
    provider:
      nameOf(prop(reservation, 'provider')) ??
      nameOf(prop(reservation, 'broker')) ??
      nameOf(prop(thingAt(reservation, 'reservationFor'), 'provider')),
    confirmationCode: textAt(reservation, 'reservationNumber', 'reservationId', 'confirmationNumber'),
    cost: costOf(reservation),
    partySize: Number.isInteger(partySize) && partySize >= 1 && partySize <= 500 ? partySize : undefined,
    peopleLabel,
    people: namesOf(reservation.underName),
    seats,
    details:
      ticketNumbers.length > 0
        ? [`Ticket${ticketNumbers.length > 1 ? 's' : ''}: ${ticketNumbers.join(', ')}`]
        : [],
  };
}

const route = (from: string | undefined, to: string | undefined) =>
  from && to ? `${from} → ${to}` : (from ?? (to ? `to ${to}` : undefined));

const words = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

function flightDraft(reservation: Thing): BookingDraft | undefined {
  const flight = thingAt(reservation, 'reservationFor');
  const airline = thingAt(flight, 'airline') ?? thingAt(flight, 'provider');
  const carrier = textAt(airline, 'iataCode') ?? nameOf(airline);
  let number = textAt(flight, 'flightNumber');
  if (number && carrier && number.toUpperCase().startsWith(carrier.toUpperCase()) && carrier.length <= 3) {
    number = number.slice(carrier.length).trim() || number;
  }
  const from = thingAt(flight, 'departureAirport');
  const to = thingAt(flight, 'arrivalAirport');
  const start = endAt(prop(flight, 'departureTime'), placeOf(from, { plain: true }));
  if (!start) return undefined;
  const base = basics(reservation, 'flight', 'Passenger');
  const airplaneSeat = textAt(reservation, 'airplaneSeat');
  const details = [
    textAt(flight, 'departureTerminal') && `Departure terminal: ${textAt(flight, 'departureTerminal')}`,
    textAt(flight, 'departureGate') && `Departure gate: ${textAt(flight, 'departureGate')}`,
    textAt(flight, 'arrivalTerminal') && `Arrival terminal: ${textAt(flight, 'arrivalTerminal')}`,
  ].filter((line): line is string => Boolean(line));
  return {
    ...base,
    provider: base.provider ?? nameOf(airline),
    title: words('Flight', carrier, number, route(townOf(from), townOf(to))),
    carrier,
    number,
    seats: base.seats.length > 0 ? base.seats : airplaneSeat ? [airplaneSeat] : [],
    details: [...base.details, ...details],
    start,
    end: endAt(prop(flight, 'arrivalTime'), placeOf(to, { plain: true })),
  };
}

const TRIPS = {
  train: {
    word: 'Train',
    from: 'departureStation',
    to: 'arrivalStation',
    number: 'trainNumber',
    name: 'trainName',
  },
  bus: { word: 'Bus', from: 'departureBusStop', to: 'arrivalBusStop', number: 'busNumber', name: 'busName' },
  ferry: {
    word: 'Ferry',
    from: 'departureBoatTerminal',
    to: 'arrivalBoatTerminal',
    number: 'boatNumber',
    name: 'boatName',
  },
} as const;

function tripDraft(reservation: Thing, kind: keyof typeof TRIPS): BookingDraft | undefined {
  const words_ = TRIPS[kind];
  const trip = thingAt(reservation, 'reservationFor');
  const from = thingAt(trip, words_.from);
  const to = thingAt(trip, words_.to);
  const start = endAt(prop(trip, 'departureTime'), placeOf(from));
  if (!start) return undefined;
  const base = basics(reservation, kind, 'Passenger', kind === 'train' ? 'Coach' : 'Section');
  const carrier = nameOf(prop(trip, 'provider')) ?? nameOf(prop(reservation, 'provider'));
  const details = [
    textAt(trip, words_.name) && `${words_.word}: ${textAt(trip, words_.name)}`,
    textAt(trip, 'departurePlatform') && `Departure platform: ${textAt(trip, 'departurePlatform')}`,
  ].filter((line): line is string => Boolean(line));
  return {
    ...base,
    provider: base.provider ?? carrier,
    title: words(words_.word, route(townOf(from), townOf(to))),
    carrier,
    number: textAt(trip, words_.number),
    details: [...base.details, ...details],
    start,
    end: endAt(prop(trip, 'arrivalTime'), placeOf(to)),
  };
}

function lodgingDraft(reservation: Thing): BookingDraft | undefined {
  const lodging = thingAt(reservation, 'reservationFor');
  const place = placeOf(lodging);
  const start = endAt(prop(reservation, 'checkinTime', 'checkinDate'), place, '15:00');
  if (!start) return undefined;
  const base = basics(reservation, 'lodging', 'Guest');
  const guests =
    Number(textAt(reservation, 'numAdults') ?? 0) + Number(textAt(reservation, 'numChildren') ?? 0);
  const details = [
    textAt(reservation, 'lodgingUnitDescription') && `Room: ${textAt(reservation, 'lodgingUnitDescription')}`,
    textAt(lodging, 'telephone') && `Phone: ${textAt(lodging, 'telephone')}`,
  ].filter((line): line is string => Boolean(line));
  return {
    ...base,
    title: nameOf(lodging),
    partySize:
      base.partySize ?? (Number.isInteger(guests) && guests >= 1 && guests <= 500 ? guests : undefined),
    details: [...base.details, ...details],
    start,
    end: endHere(endAt(prop(reservation, 'checkoutTime', 'checkoutDate'), place, '11:00')),
  };
}

function rentalDraft(reservation: Thing): BookingDraft | undefined {
  const car = thingAt(reservation, 'reservationFor');
  const pickup = thingAt(reservation, 'pickupLocation');
  const start = endAt(prop(reservation, 'pickupTime'), placeOf(pickup));
  if (!start) return undefined;
  const base = basics(reservation, 'car-rental', 'Driver');
  const company = nameOf(prop(car, 'rentalCompany')) ?? base.provider;
  const model = words(nameOf(prop(car, 'brand')), textAt(car, 'model')) || nameOf(car);
  const dropoff = thingAt(reservation, 'dropoffLocation');
  return {
    ...base,
    provider: company,
    title: company ? `Car rental ${company}` : words('Car rental', townOf(pickup)),
    details: [...base.details, ...(model ? [`Car: ${model}`] : [])],
    start,
    end: endAt(prop(reservation, 'dropoffTime'), placeOf(dropoff)),
  };
}

function placeBookingDraft(reservation: Thing, kind: 'restaurant' | 'event'): BookingDraft | undefined {
  const what = thingAt(reservation, 'reservationFor');
  const where = kind === 'event' ? prop(what, 'location') : what;
  const place = placeOf(where);
  const startValue =
    kind === 'event'
      ? (prop(what, 'startDate') ?? prop(reservation, 'startTime'))
      : prop(reservation, 'startTime');
  const start = endAt(startValue, place);
  if (!start) return undefined;
  const base = basics(reservation, kind, kind === 'event' ? 'Ticket holder' : 'Guest');
  const endValue =
    kind === 'event' ? (prop(what, 'endDate') ?? prop(reservation, 'endTime')) : prop(reservation, 'endTime');
  const doors = whenOf(prop(what, 'doorTime'));
  return {
    ...base,
    title: nameOf(what),
    details: [...base.details, ...(doors && !doors.dateOnly ? [`Doors open: ${doors.local.slice(11)}`] : [])],
    start,
    end: endHere(endAt(endValue, place)),
  };
}

/** The draft of one reservation, or undefined when it has no usable start time. */
export function draftOfReservation(reservation: Thing): BookingDraft | undefined {
  const kind = kindOf(reservation);
  switch (kind) {
    case 'flight':
      return flightDraft(reservation);
    case 'train':
    case 'bus':
    case 'ferry':
      return tripDraft(reservation, kind);
    case 'lodging':
      return lodgingDraft(reservation);
    case 'car-rental':
      return rentalDraft(reservation);
    case 'restaurant':
    case 'event':
      return placeBookingDraft(reservation, kind);
    default:
      return undefined;
  }
}
