import { describe, expect, it } from 'vitest';
import { ldPage, mailOf, noNetworkEachTest, read } from './booking-mail.fixtures.ts';
import { readBookingFile } from './booking-mail-reader.ts';

describe('booking mail reader: hostile, broken and odd input', () => {
  const fetchSpy = noNetworkEachTest();

  it('[BOOKING-MAIL-14] hostile markup: no script runs, no remote image is fetched, malformed JSON-LD is skipped', async () => {
    const { bookings } = await mailOf('hostile-scripts.eml');
    expect(bookings).toEqual([
      {
        kind: 'event',
        title: 'Fado night',
        confirmationCode: 'SAFE-1',
        start: {
          local: '2027-03-07T21:30',
          zone: 'UTC',
          place: { name: 'Clube de Fado', address: 'Rua de São João da Praça 94, Lisboa' },
        },
      },
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('[BOOKING-MAIL-15] refuses a file over 2 MB, an empty one and a binary one with a 400', async () => {
    const huge = `From: a@example.com\r\nSubject: big\r\nContent-Type: text/html\r\n\r\n<p>${'x'.repeat(2 * 1024 * 1024)}</p>`;
    await expect(readBookingFile({ format: 'eml', content: huge })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/at most 2 MB/),
    });
    await expect(readBookingFile({ format: 'html', content: '  \n' })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      readBookingFile({ format: 'eml', content: 'PK\u0003\u0004\u0000\u0000' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'This file could not be read as a mail (.eml): it is not text.',
    });
  });

  it('[BOOKING-MAIL-16] deeply nested MIME answers a 400 instead of blowing the stack; a few levels read fine', async () => {
    const nested = (depth: number) => {
      let part = `Content-Type: text/html; charset=utf-8\r\n\r\n${ldPage({
        '@type': 'EventReservation',
        reservationFor: { '@type': 'Event', name: 'Deep', startDate: '2027-05-01T20:00:00+02:00' },
      })}\r\n`;
      for (let level = depth; level > 0; level -= 1) {
        part = `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\n${part}--b${level}--\r\n`;
      }
      return `From: a@example.com\r\nSubject: nested\r\nMIME-Version: 1.0\r\n${part}`;
    };
    const fine = await read('eml', nested(8));
    expect(fine.bookings.map((b) => [b.title, b.start])).toEqual([
      ['Deep', { local: '2027-05-01T20:00', zone: 'Etc/GMT-2' }],
    ]);
    await expect(readBookingFile({ format: 'eml', content: nested(5000) })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/nest more than 32 levels/),
    });
  });

  it('[BOOKING-MAIL-17] deeply nested JSON-LD and microdata are read without recursion limits being hit', async () => {
    const deepJson = `{"@type":"FlightReservation","reservationFor":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const deepMicrodata = `${'<div itemscope itemtype="http://schema.org/Thing" itemprop="about">'.repeat(20_000)}x`;
    const good = ldPage({
      '@type': 'EventReservation',
      reservationFor: {
        '@type': 'Event',
        name: 'After the deep end',
        startDate: '2027-05-02T19:00:00+01:00',
      },
    });
    const html = `<script type="application/ld+json">${deepJson}</script>${good}${'<b>'.repeat(50_000)}${deepMicrodata}`;
    const { bookings } = await read('html', html);
    expect(bookings.map((b) => b.title)).toEqual(['After the deep end']);
  });

  it('[BOOKING-MAIL-18] gives at most 50 bookings per file', async () => {
    const tables = Array.from({ length: 70 }, (_, i) => ({
      '@type': 'FoodEstablishmentReservation',
      reservationFor: { '@type': 'Restaurant', name: `Table ${i + 1}` },
      startTime: `2027-03-01T${String(10 + (i % 12)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
    }));
    const { bookings } = await read('html', ldPage(tables));
    expect(bookings).toHaveLength(50);
  });

  it('[BOOKING-MAIL-19] cuts texts to their maximum and drops what the schema would refuse', async () => {
    const stay = {
      '@type': 'LodgingReservation',
      reservationNumber: `R${'9'.repeat(60)}`,
      reservationFor: {
        '@type': 'Hotel',
        name: `Hotel\u0007 ${'Grand '.repeat(40)}\u202e`,
        geo: { latitude: 123, longitude: 10 },
        address: `${'Avenida '.repeat(60)}`,
      },
      underName: { '@type': 'Person', name: 'Ana\u0000 Costa' },
      checkinTime: '2027-02-30T15:00:00',
      checkoutTime: '2027-03-05T11:00:00',
      totalPrice: '-20',
      priceCurrency: 'EUR',
    };
    const flight = {
      '@type': 'FlightReservation',
      totalPrice: 100,
      priceCurrency: 'EURO',
      reservationFor: {
        '@type': 'Flight',
        flightNumber: '1'.repeat(30),
        departureAirport: { '@type': 'Airport', iataCode: 'LISBON', name: 'Lisbon' },
        departureTime: '2027-03-05T08:00:00',
      },
    };
    const { bookings, message } = await read(
      'html',
      ldPage([stay, { ...stay, checkinTime: '2027-03-01' }, flight]),
    );
    expect(message).toBeNull();
    const [hotel, plane] = bookings;
    expect(bookings).toHaveLength(2); // the stay with 30 February has no start
    expect(hotel?.title?.length).toBeLessThanOrEqual(120);
    expect(hotel?.title).toMatch(/^Hotel Grand Grand .*…$/);
    expect(hotel?.confirmationCode).toHaveLength(40);
    expect(hotel?.start.place).toEqual({
      name: hotel?.title,
      address: expect.stringMatching(/^Avenida .*…$/),
    });
    expect(hotel?.start.place?.address?.length).toBeLessThanOrEqual(300);
    expect(hotel?.notes).toBe('Guest: Ana Costa');
    expect(hotel).not.toHaveProperty('cost');
    expect(plane).toMatchObject({
      kind: 'flight',
      start: { local: '2027-03-05T08:00', place: { name: 'Lisbon' } },
    });
    expect(plane?.number).toHaveLength(20);
    expect(plane).not.toHaveProperty('cost');
    expect(plane?.start.place).not.toHaveProperty('iata');
  });

  it('[BOOKING-MAIL-20] a file that is not of its format answers a 400 naming the problem', async () => {
    await expect(
      readBookingFile({ format: 'eml', content: '<html><body>hi</body></html>' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^This file could not be read as a mail \(\.eml\)/),
    });
    await expect(readBookingFile({ format: 'ics', content: 'hello' })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^This file could not be read as a calendar \(\.ics\)/),
    });
    const broken = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nnot a line\r\n';
    await expect(readBookingFile({ format: 'ics', content: broken })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(readBookingFile({ format: 'html', content: 'just words' })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^This could not be read as HTML/),
    });
  });

  it('[BOOKING-MAIL-22] one reservation for two trains gives two bookings; the same booking in JSON-LD and microdata gives one', async () => {
    const train = (number: string, time: string) => ({
      '@type': 'TrainTrip',
      trainNumber: number,
      departureStation: { '@type': 'TrainStation', name: 'Lisboa Oriente' },
      departureTime: time,
    });
    const ticket = {
      '@type': 'TrainReservation',
      reservationNumber: 'T-1',
      reservationFor: [train('IC 521', '2027-03-05T08:00:00'), train('IC 522', '2027-03-07T18:00:00')],
    };
    const microdata = `<div itemscope itemtype="https://schema.org/TrainReservation"><meta itemprop="reservationNumber" content="T-1">
      <div itemprop="reservationFor" itemscope itemtype="https://schema.org/TrainTrip"><meta itemprop="trainNumber" content="IC 521">
      <div itemprop="departureStation" itemscope itemtype="https://schema.org/TrainStation"><span itemprop="name">Lisboa Oriente</span></div>
      <meta itemprop="departureTime" content="2027-03-05T08:00:00"></div></div>`;
    const { bookings } = await read('html', ldPage(ticket) + microdata);
    expect(bookings.map((b) => [b.number, b.confirmationCode, b.start])).toEqual([
      ['IC 521', 'T-1', { local: '2027-03-05T08:00', place: { name: 'Lisboa Oriente' } }],
      ['IC 522', 'T-1', { local: '2027-03-07T18:00', place: { name: 'Lisboa Oriente' } }],
    ]);
  });
});
