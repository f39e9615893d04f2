import {
  airportListSchema,
  airportParamsSchema,
  airportSchema,
  airportSearchQuerySchema,
  timeZoneQuerySchema,
  timeZoneSchema,
} from '@tripcrew/contracts/place-lookup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCacheable } from '../../../platform/json-routes.ts';
import type { AirportsService } from './airports.service.ts';
import { timeZoneAt } from './time-zones.ts';

const tags = ['places'];
/** The answers change only with the bundled data (a new release): an hour, then revalidated by ETag. */
const maxAgeSeconds = 3600;
const search = {
  tags,
  summary: 'Airports by IATA code, name or city (at least 2 characters; at most 10 airports)',
  querystring: airportSearchQuerySchema,
  response: airportListSchema,
  maxAgeSeconds,
};
const byCode = {
  tags,
  summary: 'An airport by its IATA code (3 letters, any case)',
  params: airportParamsSchema,
  response: airportSchema,
  maxAgeSeconds,
};
const timeZone = {
  tags,
  summary: 'The IANA time zone at a point (an Etc/GMT zone at sea)',
  querystring: timeZoneQuerySchema,
  response: timeZoneSchema,
  maxAgeSeconds,
};

/** Airports and time zones: public reference data from bundled datasets, no database. */
export const airportsRoutes =
  (service: AirportsService): FastifyPluginAsyncZod =>
  async (app) => {
    getCacheable(app, '/core/places/airports', search, async ({ query }) => service.search(query.q));
    getCacheable(app, '/core/places/airports/:iata', byCode, async ({ params }) => service.get(params.iata));
    getCacheable(app, '/core/places/time-zone', timeZone, async ({ query }) => ({
      timeZone: timeZoneAt(query.lat, query.lng),
    }));
  };
