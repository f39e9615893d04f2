// The places module's public entry: other modules use it only through this file (decision 010).
export * from './core/places.service.ts';
// Airports and time zones from bundled data (no database): for bookings and travel times.
export { airportByIata } from './airports/airports.service.ts';
export { timeZoneAt } from './airports/time-zones.ts';
