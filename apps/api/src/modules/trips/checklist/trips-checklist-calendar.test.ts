import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Planner } from '@tripcrew/contracts/trips';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../../../../test/helpers/api-calls.ts';
import { createUser, signIn, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { escapeText, foldLine } from '../calendar/trip-calendar.ts';
import { createTrip, crewOf, day, getPlanner, useCatalogue, setRole } from '../trips.fixtures.ts';

const compact = (d: string) => d.replace(/-/g, '');

describe('trip checklist and calendar', () => {
  const t = useTestApp({ APP_URL: 'https://trips.example.test' });
  const c = useCatalogue(t);

  const checklist = (user: TestUser, tripId: string, entries?: string[]) =>
    entries === undefined
      ? t.request({ method: 'GET', url: `/api/core/trips/${tripId}/checklist`, token: user.accessToken })
      : apiCall(t, user, 'PUT', `/core/trips/${tripId}/checklist`, { entries });

  describe('checklist', () => {
    it('[CHECKLIST-04] ticked entries are saved per user and trip and read back on another device', async () => {
      const ana = await createUser(t);
      const id = await createTrip(t, ana, { placeId: c.lisbon._id });
      const empty = await checklist(ana, id);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toMatchObject({ entries: [] });

      const saved = await checklist(ana, id, ['Passport', ' Sunscreen ', 'Charger', 'Passport']);
      expect(saved.statusCode, saved.body).toBe(200);
      // A duplicate keeps its last occurrence: the latest is last (CHECKLIST-02).
      expect(saved.json()).toMatchObject({ entries: ['Sunscreen', 'Charger', 'Passport'] });

      // "Another device": a second session of the same user.
      const other = await signIn(t, ana.email, ana.password);
      const read = await apiCall(t, other, 'GET', `/core/trips/${id}/checklist`);
      expect(read.json()).toMatchObject({ entries: ['Sunscreen', 'Charger', 'Passport'] });

      // Per trip: another trip of the same user has its own list.
      const second = await createTrip(t, ana, { placeId: c.paris._id });
      expect((await checklist(ana, second)).json()).toMatchObject({ entries: [] });
      // Replacing with nothing clears it.
      expect((await checklist(ana, id, [])).json()).toMatchObject({ entries: [] });
      expect((await checklist(ana, id)).json()).toMatchObject({ entries: [] });
    });

    it("[CHECKLIST-05] one member's ticks are not visible to another member; a guest ticks their own", async () => {
      const ana = await createUser(t);
      const [bo] = (await crewOf(t, ana, 1)) as [TestUser];
      const id = await createTrip(t, ana, { placeId: c.lisbon._id, members: [bo.id] });
      await setRole(t, ana, id, bo.id, 'guest');
      await checklist(ana, id, ['Passport']);
      const guest = await checklist(bo, id, ['Swimsuit', 'Hat']);
      expect(guest.statusCode).toBe(200);
      expect((await checklist(ana, id)).json()).toMatchObject({ entries: ['Passport'] });
      expect((await checklist(bo, id)).json()).toMatchObject({ entries: ['Swimsuit', 'Hat'] });
      // Leaving the trip takes the member's checklist with it.
      await apiCall(t, bo, 'DELETE', `/core/trips/${id}/members/${bo.id}`);
      expect((await checklist(bo, id)).statusCode).toBe(404);
    });

    it('[CHECKLIST-04] bad entries answer 400', async () => {
      const ana = await createUser(t);
      const id = await createTrip(t, ana, { placeId: c.lisbon._id });
      expect((await checklist(ana, id, ['   '])).statusCode).toBe(400);
      expect((await checklist(ana, id, ['x'.repeat(121)])).statusCode).toBe(400);
      expect(
        (
          await checklist(
            ana,
            id,
            Array.from({ length: 501 }, (_, i) => `e${i}`),
          )
        ).json().message,
      ).toMatch(/500/);
    });
  });

  describe('calendar', () => {
    it('[PLANNER-09] GET /core/trips/{id}/calendar.ics needs sign-in and returns valid iCalendar with the trip, its stops at their times in their zone with warnings, and an all-day event per untimed note', async () => {
      const ana = await createUser(t);
      const feature = c.lisbonFeatures[0]!;
      const id = await createTrip(t, ana, {
        placeId: c.lisbon._id,
        startDate: day(5),
        endDate: day(7),
        featureIds: [feature._id, c.lisbonFeatures[1]!._id],
      });
      const planner = await getPlanner(t, ana, id);
      const featureItem = planner.tray[0]!;
      await apiCall(t, ana, 'POST', `/core/trips/${id}/planner/items/${featureItem._id}/move`, {
        date: day(6),
        index: 0,
      });
      await apiCall(t, ana, 'PATCH', `/core/trips/${id}/planner/items/${featureItem._id}`, {
        time: '09:30',
        visitMinutes: 75,
        hours: 'Mo-Su 10:00-18:00',
      });
      const longText = `Dinner; with Bo, Cy & Dee \\ bring "cash"\nthen fado — ${'é'.repeat(60)}`;
      const noted = await apiCall(t, ana, 'POST', `/core/trips/${id}/planner/notes`, {
        date: day(7),
        time: '20:15',
        text: longText,
      });
      const noteId = (noted.json() as Planner).days[2]!.items[0]!._id;
      // An untimed item on a day is an all-day event on that day; an item in the tray is no event.
      const untimed = await apiCall(t, ana, 'POST', `/core/trips/${id}/planner/notes`, {
        date: day(5),
        text: 'No time',
      });
      const untimedId = (untimed.json() as Planner).days[0]!.items[0]!._id;
      await apiCall(t, ana, 'POST', `/core/trips/${id}/planner/notes`, {
        time: '11:00',
        text: 'In the tray',
      });

      expect((await t.request({ method: 'GET', url: `/api/core/trips/${id}/calendar.ics` })).statusCode).toBe(
        401,
      );
      const res = await apiCall(t, ana, 'GET', `/core/trips/${id}/calendar.ics`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="lisbon-portugal.ics"');
      const body = res.body;

      // CRLF everywhere, no line over 75 octets, folded lines start with a space.
      expect(body.endsWith('\r\n')).toBe(true);
      expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const lines = body.split('\r\n').slice(0, -1);
      for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(lines.some((line) => line.startsWith(' '))).toBe(true);

      const calendar = new ICAL.Component(ICAL.parse(body));
      expect(calendar.name).toBe('vcalendar');
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Tripcrew//Trips//EN');
      expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
      const events = calendar.getAllSubcomponents('vevent');
      expect(events).toHaveLength(4);

      const [tripEvent, dayEvent, featureEvent, noteEvent] = events as [
        ICAL.Component,
        ICAL.Component,
        ICAL.Component,
        ICAL.Component,
      ];
      expect(dayEvent.getFirstPropertyValue('uid')).toBe(`item-${untimedId}@tripcrew`);
      expect(dayEvent.getFirstPropertyValue('summary')).toBe('No time');
      expect(dayEvent.getFirstProperty('dtstart')!.type).toBe('date');
      expect(body).toContain(
        `DTSTART;VALUE=DATE:${compact(day(5))}\r\nDTEND;VALUE=DATE:${compact(day(6))}\r\n`,
      );
      expect(tripEvent.getFirstPropertyValue('uid')).toBe(`trip-${id}@tripcrew`);
      expect(tripEvent.getFirstPropertyValue('summary')).toBe('Lisbon, Portugal');
      const start = tripEvent.getFirstProperty('dtstart')!;
      expect(start.type).toBe('date');
      expect(body).toContain(`DTSTART;VALUE=DATE:${compact(day(5))}\r\n`);
      expect(body).toContain(`DTEND;VALUE=DATE:${compact(day(8))}\r\n`);
      expect(tripEvent.getFirstPropertyValue('dtstamp')).toBeTruthy();

      expect(featureEvent.getFirstPropertyValue('uid')).toBe(`item-${featureItem._id}@tripcrew`);
      expect(featureEvent.getFirstPropertyValue('summary')).toBe(feature.title);
      expect(featureEvent.getFirstPropertyValue('location')).toBe(feature.address);
      // A stop is at its place in the day, in its place's zone: 09:30 to 10:45 Lisbon time, with
      // the timeline's warning in words (the hours corrected for this trip open at 10:00).
      const timed = featureEvent.getFirstPropertyValue('dtstart') as ICAL.Time;
      expect([timed.year, timed.month, timed.day, timed.hour, timed.minute]).toEqual([
        ...day(6).split('-').map(Number),
        9,
        30,
      ]);
      expect(body).toContain(`DTSTART;TZID=Europe/Lisbon:${compact(day(6))}T093000\r\n`);
      expect(body).toContain(`DTEND;TZID=Europe/Lisbon:${compact(day(6))}T104500\r\n`);
      expect(featureEvent.getFirstPropertyValue('description')).toBe('⚠ Opens at 10:00, after you arrive');
      const zones = calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'));
      expect(zones).toContain('Europe/Lisbon');
      // A timed note has no zone: a floating local time, an hour long.
      expect(body).toContain(`DTSTART:${compact(day(7))}T201500\r\nDURATION:PT1H\r\n`);

      expect(noteEvent.getFirstPropertyValue('uid')).toBe(`item-${noteId}@tripcrew`);
      // Commas, semicolons, backslashes and newlines survive the escaping, and é the folding.
      expect(noteEvent.getFirstPropertyValue('summary')).toBe(longText);

      // UIDs are stable: the same on the next download.
      const again = await apiCall(t, ana, 'GET', `/core/trips/${id}/calendar.ics`);
      const uids = (text: string) => [...text.matchAll(/^UID:(.*)$/gm)].map((m) => m[1]);
      expect(uids(again.body)).toEqual(uids(body));
    });

    it('[PLANNER-09] a trip without dates gives a valid calendar without a trip event', async () => {
      const ana = await createUser(t);
      const id = await createTrip(t, ana, { placeId: c.portugal._id });
      const res = await apiCall(t, ana, 'GET', `/core/trips/${id}/calendar.ics`);
      expect(res.statusCode).toBe(200);
      const calendar = new ICAL.Component(ICAL.parse(res.body));
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      expect(calendar.getAllSubcomponents('vevent')).toHaveLength(0);
    });

    it('[PLANNER-09] text escaping and 75-octet folding follow RFC 5545', () => {
      expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
      const folded = foldLine(`SUMMARY:${'ü'.repeat(80)}`);
      const parts = folded.split('\r\n');
      expect(parts.length).toBeGreaterThan(1);
      for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
      expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(`SUMMARY:${'ü'.repeat(80)}`);
      expect(foldLine('SHORT:x')).toBe('SHORT:x');
    });

    it('[PLANNER-10] the migration that hashes feed tokens keeps a feed made before it working', async () => {
      const ana = await createUser(t);
      const id = await createTrip(t, ana, { placeId: c.lisbon._id, startDate: day(3), endDate: day(4) });
      const plain = randomBytes(32).toString('base64url');
      await t.database.db.execute(
        sql`insert into calendar_feeds (trip_id, token, created_by) values (${id}, ${plain}, ${ana.id})`,
      );
      const migration = readFileSync(
        new URL('../../../../drizzle/0009_hash_calendar_feed_tokens.sql', import.meta.url),
        'utf8',
      );
      await t.database.db.execute(
        sql.raw(
          `${migration
            .replace(/--[^\n]*\n/g, '')
            .trim()
            .replace(/;$/, '')} WHERE trip_id = '${id}'`,
        ),
      );
      const feed = await t.request({ method: 'GET', url: `/api/core/trips/calendar-feed/${plain}.ics` });
      expect(feed.statusCode, feed.body).toBe(200);
      expect(feed.body).toContain('BEGIN:VCALENDAR');
    });

    it('[PLANNER-10] an admin creates a private feed URL (shown once, kept hashed) that works without sign-in, rotates it, and it stops working once revoked', async () => {
      const ana = await createUser(t);
      const id = await createTrip(t, ana, { placeId: c.lisbon._id, startDate: day(3), endDate: day(4) });
      const feed = (method: 'GET' | 'POST' | 'DELETE') =>
        t.request({ method, url: `/api/core/trips/${id}/calendar-feed`, token: ana.accessToken });

      expect((await feed('GET')).json()).toEqual({ url: null, active: false, createdAt: null });
      const created = await feed('POST');
      expect(created.statusCode, created.body).toBe(200);
      const url = (created.json() as { url: string }).url;
      expect(url).toMatch(
        /^https:\/\/trips\.example\.test\/api\/core\/trips\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/,
      );
      // Shown once: afterwards the server knows only that a feed exists, and since when.
      const createdAt = (created.json() as { createdAt: string }).createdAt;
      expect((await feed('GET')).json()).toEqual({ url: null, active: true, createdAt });
      const token = /calendar-feed\/([A-Za-z0-9_-]+)\.ics$/.exec(url)?.[1] ?? '';
      const stored = (await t.database.db.execute(
        sql`select token from calendar_feeds where trip_id = ${id}`,
      )) as unknown as { rows: { token: string }[] };
      expect(stored.rows[0]?.token).toBe(createHash('sha256').update(token).digest('base64url'));

      const path = new URL(url).pathname;
      const anonymous = await t.request({ method: 'GET', url: path });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const calendar = new ICAL.Component(ICAL.parse(anonymous.body));
      expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
      // Without the .ics suffix too.
      expect((await t.request({ method: 'GET', url: path.replace(/\.ics$/, '') })).statusCode).toBe(200);

      // Rotating: a new URL, the old one is dead.
      const rotated = (await feed('POST')).json() as { url: string };
      expect(rotated.url).not.toBe(url);
      expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(404);
      const rotatedPath = new URL(rotated.url).pathname;
      expect((await t.request({ method: 'GET', url: rotatedPath })).statusCode).toBe(200);

      const revoked = await feed('DELETE');
      expect(revoked.statusCode).toBe(200);
      const gone = await t.request({ method: 'GET', url: rotatedPath });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toMatch(/revoked/);
      expect((await feed('GET')).json()).toEqual({ url: null, active: false, createdAt: null });
      for (const token of ['short', `${'a'.repeat(43)}.ics`, '%00'.repeat(10)]) {
        expect([400, 404]).toContain(
          (await t.request({ method: 'GET', url: `/api/core/trips/calendar-feed/${token}` })).statusCode,
        );
      }
    });
  });
});
