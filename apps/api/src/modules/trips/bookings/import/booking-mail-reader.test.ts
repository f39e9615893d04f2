import { describe, expect, it } from 'vitest';
import { fixture, ldPage, mailOf, noNetworkEachTest, read } from './booking-mail.fixtures.ts';

const NO_MARKUP =
  'This mail holds no booking markup: airlines, hotels and ticket sites add it to most confirmation mails, but not this one. Add the booking by hand.';

describe('booking mail reader', () => {
  noNetworkEachTest();

  it('[BOOKING-MAIL-01] reads a flight from JSON-LD in a saved mail', async () => {
    const { bookings, message } = await mailOf('flight-tap.eml');
    expect(message).toBeNull();
    expect(bookings).toEqual([
      {
        kind: 'flight',
        title: 'Flight TP 1350 Lisbon → New York',
        provider: 'TAP Air Portugal',
        confirmationCode: 'X7K2QP',
        carrier: 'TP',
        number: '1350',
        seat: '12A',
        cost: { amount: '612.40', currency: 'EUR' },
        notes: 'Passenger: Ana Costa\nTicket: 047 2345678901\nDeparture terminal: 1',
        // The wall clock where it happens, no zone: the server takes it from the airport.
        start: { local: '2027-03-04T10:35', place: { name: 'Lisbon Humberto Delgado Airport', iata: 'LIS' } },
        end: {
          local: '2027-03-04T13:25',
          place: { name: 'John F. Kennedy International Airport', iata: 'JFK' },
        },
      },
    ]);
    expect(bookings[0]).not.toHaveProperty('travellers');
  });

  it('[BOOKING-MAIL-02] reads a hotel from microdata (base64 HTML): check-in 15:00 and check-out 11:00 when only dates are given', async () => {
    const { bookings } = await mailOf('lodging-hotel.eml');
    expect(bookings).toEqual([
      {
        kind: 'lodging',
        title: 'Hotel Avenida Palace',
        confirmationCode: 'BK-99812',
        partySize: 2,
        cost: { amount: '540.00', currency: 'EUR' },
        notes: 'Guest: Ana Costa\nRoom: Deluxe double room, city view\nPhone: +351 21 321 8100',
        start: {
          local: '2027-03-01T15:00',
          place: {
            name: 'Hotel Avenida Palace',
            address: 'Rua 1º de Dezembro 123, 1200-359 Lisboa, Portugal',
            lat: 38.7139,
            lng: -9.141,
          },
        },
        end: { local: '2027-03-04T11:00' },
      },
    ]);
  });

  it('[BOOKING-MAIL-03] reads a train from a JSON-LD list in an ISO-8859-1 quoted-printable mail', async () => {
    const { bookings } = await mailOf('train-cp.eml');
    expect(bookings).toEqual([
      {
        kind: 'train',
        title: 'Train Lisbon → Porto',
        provider: 'CP - Comboios de Portugal',
        confirmationCode: 'CP-4471-2209',
        carrier: 'CP - Comboios de Portugal',
        number: 'AP 133',
        seat: 'Coach 5, seat 42',
        cost: { amount: '31.90', currency: 'EUR' },
        notes: 'Passenger: Ana Costa\nTrain: Alfa Pendular\nDeparture platform: 3',
        start: {
          local: '2027-03-05T09:09',
          place: { name: 'Lisboa Santa Apolónia', address: 'Lisbon', lat: 38.7137, lng: -9.1226 },
        },
        end: {
          local: '2027-03-05T11:58',
          place: { name: 'Porto Campanhã', address: 'Porto', lat: 41.1486, lng: -8.5853 },
        },
      },
    ]);
  });

  it('[BOOKING-MAIL-04] reads a bus: with an offset and neither airport nor point, the zone is the Etc zone of the offset', async () => {
    const { bookings } = await mailOf('bus-flixbus.eml');
    expect(bookings).toEqual([
      {
        kind: 'bus',
        title: 'Bus Madrid → Barcelona Nord',
        provider: 'FlixBus',
        confirmationCode: '3081 441 207',
        carrier: 'FlixBus',
        number: 'N 1710',
        cost: { amount: '29.99', currency: 'EUR' },
        notes: 'Passenger: Ana Costa',
        start: {
          local: '2027-03-06T08:00',
          zone: 'Etc/GMT-1',
          place: { name: 'Madrid Estacion Sur', address: 'Calle Mendez Alvaro 83, 28045 Madrid, ES' },
        },
        end: {
          local: '2027-03-06T15:35',
          zone: 'Etc/GMT-1',
          place: { name: 'Barcelona Nord', address: "Carrer d'Ali Bei 80, 08013 Barcelona" },
        },
      },
    ]);
  });

  it('[BOOKING-MAIL-05] reads a ferry: a terminal with a point gets no zone, one without gets the offset’s', async () => {
    const { bookings } = await mailOf('ferry-bluestar.eml');
    expect(bookings).toEqual([
      expect.objectContaining({
        kind: 'ferry',
        title: 'Ferry Piraeus Port, Gate E7 → Santorini (Athinios)',
        carrier: 'Blue Star Ferries',
        confirmationCode: 'BSF7781223',
        cost: { amount: '179.00', currency: 'EUR' },
        notes: 'Passengers: Ana Costa, Rui Costa',
        start: {
          local: '2027-06-10T07:25',
          place: { name: 'Piraeus Port, Gate E7', lat: 37.942, lng: 23.6465 },
        },
        end: { local: '2027-06-10T15:10', zone: 'Etc/GMT-3', place: { name: 'Santorini (Athinios)' } },
      }),
    ]);
  });

  it('[BOOKING-MAIL-06] reads a car rental: the rental company, pick-up and drop-off', async () => {
    const { bookings } = await mailOf('car-sixt.eml');
    expect(bookings).toEqual([
      {
        kind: 'car-rental',
        title: 'Car rental Sixt',
        provider: 'Sixt',
        confirmationCode: '9912-PT-00417',
        cost: { amount: '245.00', currency: 'EUR' },
        notes: 'Driver: Rui Costa\nCar: Volkswagen Polo',
        start: { local: '2027-07-01T10:00', place: { name: 'Faro Airport', iata: 'FAO' } },
        end: { local: '2027-07-08T09:30', place: { name: 'Faro Airport', iata: 'FAO' } },
      },
    ]);
  });

  it('[BOOKING-MAIL-07] reads a restaurant table: party size, broker, and no zone for a time without offset', async () => {
    const { bookings } = await mailOf('restaurant-thefork.eml');
    expect(bookings).toEqual([
      {
        kind: 'restaurant',
        title: 'Taberna da Rua das Flores',
        provider: 'TheFork',
        confirmationCode: 'TF-20570',
        partySize: 4,
        notes: 'Guest: Ana Costa',
        start: {
          local: '2027-03-02T20:30',
          place: { name: 'Taberna da Rua das Flores', address: 'Rua das Flores 103, 1200-194 Lisboa, PT' },
        },
      },
    ]);
  });

  it('[BOOKING-MAIL-08] reads an event from microdata: its place, seat, price written 45,00', async () => {
    const { bookings } = await mailOf('event-ticketline.eml');
    expect(bookings).toEqual([
      {
        kind: 'event',
        title: 'Madredeus - Ao Vivo',
        provider: 'Ticketline',
        confirmationCode: 'TK-5530981',
        seat: 'Section Plateia, row F, seat 12',
        cost: { amount: '45.00', currency: 'EUR' },
        notes: 'Ticket holder: Ana Costa\nTicket: TL-889120-01\nDoors open: 20:00',
        start: {
          local: '2027-03-03T21:00',
          zone: 'UTC',
          place: {
            name: 'Coliseu dos Recreios',
            address: 'Rua das Portas de Santo Antão 96, 1150-269 Lisboa',
          },
        },
        end: { local: '2027-03-03T23:30', zone: 'UTC' },
      },
    ]);
  });

  it('[BOOKING-MAIL-09] reads a round trip (a @graph of one reservation per passenger and flight) as two flights', async () => {
    const { bookings } = await mailOf('round-trip.eml');
    expect(
      bookings.map((b) => [b.title, b.number, b.seat, b.notes, b.cost, b.start.local, b.end?.local]),
    ).toEqual([
      [
        'Flight U2 8421 Lisbon → London Gatwick',
        '8421',
        '7C, 7D',
        'Passengers: Ana Costa, Rui Costa',
        { amount: '179.96', currency: 'EUR' },
        '2027-04-10T06:40',
        '2027-04-10T09:25',
      ],
      [
        'Flight U2 8422 London Gatwick → Lisbon',
        '8422',
        '21A, 21B',
        'Passengers: Ana Costa, Rui Costa',
        { amount: '225.00', currency: 'EUR' },
        '2027-04-17T18:05',
        '2027-04-17T20:50',
      ],
    ]);
    expect(bookings.map((b) => [b.carrier, b.provider, b.confirmationCode, b.start.place?.iata])).toEqual([
      ['U2', 'eDreams', 'R8WQ2M', 'LIS'],
      ['U2', 'eDreams', 'R8WQ2M', 'LGW'],
    ]);
  });

  it('[BOOKING-MAIL-10] a mail without markup answers no bookings and says so', async () => {
    expect(await mailOf('no-markup.eml')).toEqual({ bookings: [], message: NO_MARKUP });
    const page = await read('html', '<p>Thanks for your order</p>');
    expect(page.message).toMatch(/^This page holds no booking markup/);
  });

  it('[BOOKING-MAIL-11] reads an .ics: TZID as the zone (or its VTIMEZONE location), UTC, all-day dates; cancelled events skipped', async () => {
    const { bookings, message } = await read('ics', fixture('trip-invitation.ics'));
    expect(message).toBeNull();
    expect(bookings).toEqual([
      {
        kind: 'other',
        title: 'Airport transfer pick-up',
        start: { local: '2027-03-04T15:00', zone: 'UTC' },
        end: { local: '2027-03-04T15:30', zone: 'UTC' },
      },
      {
        kind: 'other',
        title: 'MoMA timed entry',
        notes: 'Show the QR code at the entrance.\nOrder MOMA-77120.',
        start: {
          local: '2027-03-05T10:30',
          zone: 'America/New_York',
          place: { name: 'Museum of Modern Art, 11 W 53rd St, New York', lat: 40.761436, lng: -73.977621 },
        },
        end: { local: '2027-03-05T13:00', zone: 'America/New_York' },
      },
      {
        kind: 'other',
        title: 'Hamilton - Richard Rodgers Theatre',
        start: {
          local: '2027-03-06T20:00',
          zone: 'America/New_York',
          place: { name: 'Richard Rodgers Theatre' },
        },
        end: { local: '2027-03-06T22:30', zone: 'America/New_York' },
      },
      {
        kind: 'other',
        title: 'Free day in Brooklyn',
        start: { local: '2027-03-07T00:00' },
        end: { local: '2027-03-08T00:00' },
      },
    ]);
    const empty = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\nEND:VCALENDAR\r\n';
    expect(await read('ics', empty)).toEqual({ bookings: [], message: 'This file holds no events.' });
  });

  it('[BOOKING-MAIL-12] a mail with no markup reads its calendar invitation (nested multipart, base64 text/calendar)', async () => {
    const { bookings } = await mailOf('tour-invitation.eml');
    expect(bookings).toEqual([
      {
        kind: 'other',
        title: 'Alfama walking tour',
        notes:
          'Meet your guide Marta at the fountain. Booking LW-2207, 2 people.\nComfortable shoes recommended.',
        start: {
          local: '2027-03-06T10:00',
          zone: 'Europe/Lisbon',
          place: { name: 'Largo do Chafariz de Dentro, Lisboa', lat: 38.711, lng: -9.1289 },
        },
        end: { local: '2027-03-06T12:30', zone: 'Europe/Lisbon' },
      },
    ]);
  });

  it('[BOOKING-MAIL-13] times: a UTC time at an airport or point is read on the local clock; odd offsets give no zone', async () => {
    const flight = {
      '@type': 'FlightReservation',
      reservationFor: {
        '@type': 'Flight',
        flightNumber: 'DL 401',
        airline: { '@type': 'Airline', iataCode: 'DL' },
        departureAirport: { '@type': 'Airport', iataCode: 'jfk' },
        departureTime: '2027-03-04T23:10:00Z',
        arrivalAirport: { '@type': 'Airport', iataCode: 'LIS' },
        arrivalTime: '2027-03-05T10:55:00Z',
      },
    };
    const hotel = {
      '@type': 'LodgingReservation',
      reservationFor: { '@type': 'Hotel', name: 'Casa', geo: { latitude: 38.71, longitude: -9.14 } },
      checkinTime: '2027-07-01T13:00:00.000Z',
      checkoutTime: '2027-07-03',
    };
    const dinner = {
      '@type': 'FoodEstablishmentReservation',
      reservationFor: { '@type': 'Restaurant', name: 'Bukhara' },
      startTime: '2027-02-10T20:00:00+05:30',
      endTime: '2027-02-10T22:00:00-03:00',
    };
    const { bookings } = await read('html', ldPage([flight, hotel, dinner]));
    expect(bookings.map((b) => [b.kind, b.title, b.start, b.end])).toEqual([
      [
        'restaurant',
        'Bukhara',
        { local: '2027-02-10T20:00', place: { name: 'Bukhara' } },
        { local: '2027-02-10T22:00', zone: 'Etc/GMT+3' },
      ],
      [
        'flight',
        'Flight DL 401 JFK → LIS',
        { local: '2027-03-04T18:10', place: { iata: 'JFK' } },
        { local: '2027-03-05T10:55', place: { iata: 'LIS' } },
      ],
      [
        'lodging',
        'Casa',
        { local: '2027-07-01T14:00', place: { name: 'Casa', lat: 38.71, lng: -9.14 } },
        { local: '2027-07-03T11:00' },
      ],
    ]);
  });

  it('[BOOKING-MAIL-21] a cancellation adds nothing, and says so', async () => {
    const cancelled = {
      '@type': 'FlightReservation',
      reservationStatus: 'http://schema.org/ReservationCancelled',
      reservationFor: {
        '@type': 'Flight',
        departureAirport: { iataCode: 'LIS' },
        departureTime: '2027-03-05T08:00:00',
      },
    };
    expect(await read('html', ldPage(cancelled))).toEqual({
      bookings: [],
      message: 'This file cancels its booking rather than confirming one: there is nothing to add.',
    });
  });
});
