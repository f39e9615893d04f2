import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicRoute } from '../../../platform/route-options.ts';
import { z } from 'zod';
import { lineText } from '@tripcrew/contracts/common';
import { notFound } from '../../../platform/errors.ts';
import type { PlacesService } from '../../places/index.ts';
import { renderFeatureArtwork, renderPlaceArtwork } from './artwork.ts';
import type { FeaturesService } from '../core/features.service.ts';

const paramsSchema = z.strictObject({
  kind: z.enum(['place', 'feature']),
  // A key is a slug or a uuid plus ".svg": no dots, slashes or other path tricks.
  file: z.string().regex(/^[a-z0-9][a-z0-9-]{0,127}\.svg$/i, 'Unknown image.'),
});
/**
 * ?compress=… (SPEC §9) and any other hint is accepted and ignored: artwork is vector. A hint is
 * still text under the one-line rules: control or text-direction characters are a 400 (INPUT-06).
 */
const hint = lineText(undefined, { trim: false });
const querySchema = z.record(z.string(), z.union([hint, z.array(hint)]));

const position = (row: { lat: number | null; lng: number | null }) =>
  row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;

/** Generated artwork (an illustration without text) for places and features, immutable for a year. */
export const imagesRoutes =
  (deps: { places: PlacesService; features: FeaturesService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/images/:kind/:file',
      publicRoute('images', {
        summary: 'Generated artwork of a place or feature (SVG)',
        params: paramsSchema,
        querystring: querySchema,
      }),
      async (request, reply) => {
        const { kind, file } = request.params;
        const key = file.slice(0, -'.svg'.length);
        let svg: string;
        if (kind === 'place') {
          const place = await deps.places.getPlaceRow(key).catch(() => undefined);
          if (!place) throw notFound('Unknown image.');
          svg = renderPlaceArtwork({
            type: place.type,
            title: place.title,
            countryCode: place.countryCode,
            coordinates: position(place),
          });
        } else {
          const feature = await deps.features.getByKey(key);
          if (!feature) throw notFound('Unknown image.');
          svg = renderFeatureArtwork({
            title: feature.title,
            key: feature.key,
            category: feature.categories[0],
            coordinates: position(feature),
          });
        }
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg);
      },
    );
  };
