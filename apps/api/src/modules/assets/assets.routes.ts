import multipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  avatarResponseSchema,
  fileParamsSchema,
  fileQuerySchema,
} from '@tripcrew/contracts/assets';
import { apiErrorSchema } from '@tripcrew/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, currentUser } from '../../platform/auth-guard.ts';
import { AppError } from '../../platform/errors.ts';
import type { AssetsService } from './assets.service.ts';

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);
const ACCEPTED = 'Upload a JPEG, PNG, WebP or GIF image';

const uploadError = (code: string, message: string) => new AppError(code, message, 400, { field: 'file' });

/** Reads the one file of a multipart upload from the field `file`, at most AVATAR_MAX_BYTES. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw uploadError(
      'NOT_MULTIPART',
      `Send the image as multipart/form-data in the field "file". ${ACCEPTED} of at most ${MAX_MB} MB.`,
    );
  }
  try {
    let data: Buffer | undefined;
    // Iterate every part, so a second file is refused (files limit) instead of silently ignored.
    for await (const part of request.parts({
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw uploadError(
          'FILE_MISSING',
          `Send the image in the field "file" (not "${part.fieldname.slice(0, 40)}").`,
        );
      }
      data = await part.toBuffer();
    }
    if (!data) throw uploadError('FILE_MISSING', `No file was sent. ${ACCEPTED} in the field "file".`);
    if (data.length === 0) throw uploadError('FILE_EMPTY', `The file is empty. ${ACCEPTED}.`);
    return data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw uploadError('FILE_TOO_LARGE', `The image is larger than ${MAX_MB} MB. Upload a smaller one.`);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw uploadError('TOO_MANY_PARTS', 'Send one image only, in the field "file".');
    }
    throw uploadError(
      'BAD_MULTIPART',
      `The upload is incomplete or malformed. ${ACCEPTED} in the field "file".`,
    );
  }
}

export const assetsRoutes =
  (service: AssetsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });

    app.post(
      '/assets/upload/avatar',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['assets'],
          summary: 'Change the signed-in user\'s avatar (multipart field "file")',
          description: `JPEG, PNG, WebP or GIF up to ${MAX_MB} MB, judged by content. The image is re-encoded (all metadata, including GPS, removed) into an original whose longest side is at most 1024 px and a 128×128 thumbnail. A failed upload leaves the previous avatar in place.`,
          consumes: ['multipart/form-data'],
          security: BEARER,
          response: { 200: avatarResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return service.uploadAvatar(user.id, await readUpload(request));
      },
    );

    app.get(
      '/assets/files/:name',
      {
        schema: {
          tags: ['assets'],
          summary: 'A stored image, optionally resized',
          description:
            'The image bytes (Content-Type image/webp, image/jpeg or image/png); 404 when there is no such file, 400 for a malformed name or size. Cached for a year (names never change). Resize with w and/or h, or size/compress=WIDTHxHEIGHT (both sides: cropped to fill the box; one side: aspect kept). Sizes are rounded up to fixed steps and never enlarge the image.',
          params: fileParamsSchema,
          querystring: fileQuerySchema,
        },
      },
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
