/** The booking mail reader's tests: their files, a read that checks every draft, and no network. */
import { readFileSync } from 'node:fs';
import { createTripBookingBodySchema, type CreateTripBookingBody } from '@tripcrew/contracts/trip-bookings';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { readBookingFile } from './booking-mail-reader.ts';

export const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** Every draft passes the create schema once a zone is added where the file gave none. */
function expectValid(bookings: readonly CreateTripBookingBody[]): void {
  for (const booking of bookings) {
    const checked = createTripBookingBodySchema.safeParse({
      ...booking,
      start: { zone: 'UTC', ...booking.start },
    });
    expect(checked.error?.issues ?? []).toEqual([]);
  }
}

/** Reads a file, checking that every draft it gives is a valid booking. */
export async function read(format: 'eml' | 'html' | 'ics', content: string) {
  const result = await readBookingFile({ format, content });
  expectValid(result.bookings);
  return result;
}

/** Reads a saved mail of ./fixtures. */
export const mailOf = (name: string) => read('eml', fixture(name));

/** A page with JSON-LD blocks, as pasted HTML. */
export const ldPage = (...blocks: unknown[]) =>
  `<html><body>${blocks.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`).join('')}</body></html>`;

/** In each test of the calling describe: the reader never reaches the network (a fetch fails it). */
export function noNetworkEachTest() {
  const fetchSpy = vi.fn(() => {
    throw new Error('The reader must never reach the network');
  });
  beforeEach(() => {
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
  return fetchSpy;
}
