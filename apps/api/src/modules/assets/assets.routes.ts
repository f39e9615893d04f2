import multipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  avatarResponseSchema,
  fileParamsSchema,
  fileQuerySchema,
} from '@tripcrew/contracts/assets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, publicRoute, signedInRoute } from '../../platform/route-options.ts';
import { currentUser } from '../../platform/auth-guard.ts';
import { readImageUpload } from '../../platform/uploads.ts';
import type { AssetsService } from './assets.service.ts';

export const assetsRoutes =
  (service: AssetsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });

    app.post(
      '/assets/upload/avatar',
      signedInRoute(app, 'assets', {
        summary: 'Change the signed-in user\'s avatar (multipart field "file")',
        description: `JPEG, PNG, WebP or GIF up to ${AVATAR_MAX_BYTES / (1024 * 1024)} MB, judged by content. The image is re-encoded (all metadata, including GPS, removed) into an original whose longest side is at most 1024 px and a 128×128 thumbnail. A failed upload leaves the previous avatar in place.`,
        consumes: ['multipart/form-data'],
        response: { 200: avatarResponseSchema, ...errorResponses(400, 401) },
      }),
      async (request) => {
        const user = currentUser(request);
        return service.uploadAvatar(user.id, await readImageUpload(request, AVATAR_MAX_BYTES));
      },
    );

    app.get(
      '/assets/files/:name',
      publicRoute('assets', {
        summary: 'A stored image, optionally resized',
        description:
          'The image bytes (Content-Type image/webp, image/jpeg or image/png); 404 when there is no such file, 400 for a malformed name or size. Cached for a year (names never change). Resize with w and/or h, or size/compress=WIDTHxHEIGHT (both sides: cropped to fill the box; one side: aspect kept). Sizes are rounded up to fixed steps and never enlarge the image.',
        params: fileParamsSchema,
        querystring: fileQuerySchema,
      }),
      async (request, reply) => {
        const { w, h, size, compress } = request.query;
        const pair = size ?? compress;
        const box = pair ? { width: pair[0], height: pair[1] } : { width: w, height: h };
        const file = await service.readFile(request.params.name, box);
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(file.contentType)
          .send(file.data);
      },
    );
  };
