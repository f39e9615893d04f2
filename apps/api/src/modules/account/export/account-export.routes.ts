import {
  accountExportSchema,
  exportParamsSchema,
  latestExportResponseSchema,
} from '@tripcrew/contracts/account-export';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { errorResponses, privateAnswers, sendFile, signedInRoute } from '../../../platform/route-options.ts';
import { ExportCooldownError, type AccountExportService } from './account-export.service.ts';

/** The archive as an attachment (the JSON routes' serializer does not apply to a Buffer). */
const sendZip = (reply: FastifyReply, file: { data: Buffer; fileName: string }) =>
  sendFile(reply, { type: 'application/zip', fileName: file.fileName, body: file.data });

/** POST /account/exports, GET /account/exports/latest, /{id} and /{id}/download. */
export const accountExportRoutes =
  (service: AccountExportService): FastifyPluginAsyncZod =>
  async (app) => {
    privateAnswers(app);

    app.post(
      '/account/exports',
      signedInRoute(app, 'account', {
        summary: 'Prepare a download of all my data',
        description:
          'Starts preparing a ZIP of everything Tripcrew keeps about the signed-in user (tripcrew-export.json, its JSON Schema as schema.json, and their files under files/). Answers 201 with the new job, or 200 with the one being prepared already. One export per hour (429 EXPORT_COOLDOWN with Retry-After; a failed one does not count). Poll GET /account/exports/latest for the progress.',
        response: { 200: accountExportSchema, 201: accountExportSchema, ...errorResponses(401, 409, 429) },
      }),
      async (request, reply) => {
        try {
          const started = await service.start(currentUser(request).id);
          return reply.status(started.created ? 201 : 200).send(started.export);
        } catch (err) {
          if (err instanceof ExportCooldownError) reply.header('retry-after', String(err.retryAfterSeconds));
          throw err;
        }
      },
    );

    app.get(
      '/account/exports/latest',
      signedInRoute(app, 'account', {
        summary: 'My latest data export: its status and progress',
        response: { 200: latestExportResponseSchema, ...errorResponses(401) },
      }),
      async (request) => ({ export: await service.latest(currentUser(request).id) }),
    );

    app.get(
      '/account/exports/:id',
      signedInRoute(app, 'account', {
        summary: 'One of my data exports: its status and progress',
        params: exportParamsSchema,
        response: { 200: accountExportSchema, ...errorResponses(400, 401, 404) },
      }),
      async (request) => service.get(currentUser(request).id, request.params.id),
    );

    app.get(
      '/account/exports/:id/download',
      signedInRoute(app, 'account', {
        summary: 'Download a prepared data export',
        description:
          'The ZIP (application/zip, as an attachment), as often as asked until it expires; then 410. 409 while it is being prepared; 404 for an export that is not yours.',
        params: exportParamsSchema,
        produces: ['application/zip'],
        response: errorResponses(400, 401, 404, 409, 410),
      }),
      async (request, reply) =>
        sendZip(reply, await service.download(currentUser(request).id, request.params.id)),
    );
  };
