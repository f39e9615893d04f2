import { createReadStream } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  type MapDataSet,
  mapGeoJsonSchema,
  mapGlyphParamsSchema,
  mapTileParamsSchema,
  mapStyleQuerySchema,
  mapStyleSchema,
} from '@tripcrew/contracts/maps';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { sendCacheable } from '../../platform/http-cache.ts';
import { errorResponses, publicRoute } from '../../platform/route-options.ts';
import type { MapsService } from './maps.service.ts';

/** A day for the styles (they change with a release); a week for the data (it changes with world-atlas). */
const STYLE_MAX_AGE = 86_400;
const DATA_MAX_AGE = 604_800;

const matches = (request: FastifyRequest, etag: string) =>
  request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ??
  false;

/** The basemap: its style, the bundled Natural Earth data and an optional PMTiles archive (decision 021). */
export const mapsRoutes =
  (maps: MapsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/maps/style.json',
      publicRoute('maps', {
        summary:
          'The basemap as a MapLibre style (light or dark): a redirect to the street map (OpenFreeMap, or MAP_STYLE_URL) unless MAP_STYLE_URL=builtin or basemap=builtin asks for the bundled one',
        querystring: mapStyleQuerySchema,
        response: { 200: mapStyleSchema, 302: z.null(), 304: z.null(), ...errorResponses(400) },
      }),
      async (request, reply) => {
        const answer = await maps.style(request.query.theme, request.query.basemap === 'builtin');
        if (answer.kind === 'redirect') {
          return reply.header('cache-control', `public, max-age=${STYLE_MAX_AGE}`).redirect(answer.url, 302);
        }
        return sendCacheable(request, reply, answer.style, STYLE_MAX_AGE);
      },
    );

    const dataRoute = (name: MapDataSet) =>
      app.get(
        `/maps/data/${name}.geojson`,
        publicRoute('maps', {
          summary: `Natural Earth ${name} (1:50m) as GeoJSON, for the bundled basemap`,
          response: { 200: mapGeoJsonSchema, 304: z.null() },
        }),
        async (request, reply) => sendData(request, reply, maps, name),
      );
    dataRoute('land');
    dataRoute('countries');
    dataRoute('borders');

    app.get(
      '/maps/basemap/:z/:x/:y',
      publicRoute('maps', {
        summary:
          'A vector tile (Mapbox Vector Tile 2, gzipped) of the built-in basemap: land, borders, lakes, rivers and towns; 204 when the tile holds nothing',
        params: mapTileParamsSchema,
        response: { 200: z.any(), 204: z.null(), ...errorResponses(400) },
      }),
      async (request, reply) => {
        const bytes = await maps.basemapTile(request.params);
        reply.header('cache-control', `public, max-age=${DATA_MAX_AGE}, stale-while-revalidate=86400`);
        if (!bytes) return reply.status(204).send(null);
        return sendGzipped(request, reply, bytes, 'application/vnd.mapbox-vector-tile');
      },
    );

    app.get(
      '/maps/fonts/:fontstack/:range',
      publicRoute('maps', {
        summary:
          "Glyphs (MapLibre's signed-distance-field PBF) of 256 code points of the built-in fonts, Noto Sans Regular, Medium, Bold and Italic",
        params: mapGlyphParamsSchema,
        response: { 200: z.any(), ...errorResponses(400, 404) },
      }),
      async (request, reply) => {
        const bytes = await maps.glyphs(request.params.fontstack, request.params.range);
        return reply
          .header('cache-control', `public, max-age=${DATA_MAX_AGE}, stale-while-revalidate=86400`)
          .type('application/x-protobuf')
          .send(Buffer.from(bytes));
      },
    );

    app.get(
      '/maps/tiles.pmtiles',
      publicRoute('maps', {
        summary:
          'The PMTiles archive of MAP_PMTILES, with HTTP range requests (206, 416); 404 when none is configured',
        response: {
          200: z.any(),
          206: z.any(),
          304: z.null(),
          416: z.any(),
          ...errorResponses(404),
        },
      }),
      async (request, reply) => {
        const ifNoneMatch = request.headers['if-none-match'];
        const answer = await maps.tiles({
          ...(request.headers.range ? { range: request.headers.range } : {}),
          ...(ifNoneMatch ? { ifNoneMatch } : {}),
        });
        if (answer.kind === 'absent')
          throw notFound('No map tiles are configured on this server (MAP_PMTILES).');
        reply
          .header('accept-ranges', 'bytes')
          .header('etag', answer.etag)
          .header('cache-control', 'no-cache');
        if (answer.kind === 'not-modified') return reply.status(304).send(null);
        if (answer.kind === 'unsatisfiable') {
          return reply
            .status(416)
            .header('content-range', `bytes */${answer.size}`)
            .type('application/json; charset=utf-8')
            .send(
              JSON.stringify({
                statusCode: 416,
                code: 'RANGE_NOT_SATISFIABLE',
                message: `The range asked for is outside the archive (${answer.size} bytes).`,
              }),
            );
        }
        reply.header('last-modified', answer.lastModified.toUTCString()).type('application/vnd.pmtiles');
        if (answer.kind === 'full') {
          reply.header('content-length', answer.size);
          return reply.send(createReadStream(answer.path));
        }
        const { start, end } = answer.range;
        reply
          .status(206)
          .header('content-range', `bytes ${start}-${end}/${answer.size}`)
          .header('content-length', end - start + 1);
        return reply.send(createReadStream(answer.path, { start, end }));
      },
    );
  };

/** Gzipped bytes as they are, or inflated for a client that does not take gzip. */
function sendGzipped(request: FastifyRequest, reply: FastifyReply, bytes: Uint8Array, type: string) {
  reply.type(type).header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(Buffer.from(bytes));
  }
  return reply.send(gunzipSync(bytes));
}

/** A data set's bytes, gzipped when the client accepts it (compressed once, not per request). */
function sendData(request: FastifyRequest, reply: FastifyReply, maps: MapsService, name: MapDataSet) {
  const data = maps.data(name);
  reply
    .header('cache-control', `public, max-age=${DATA_MAX_AGE}, stale-while-revalidate=86400`)
    .header('etag', data.etag)
    .header('vary', 'accept-encoding');
  if (matches(request, data.etag)) return reply.status(304).send();
  reply.type('application/geo+json; charset=utf-8');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(data.gzip);
  }
  return reply.send(data.body);
}
