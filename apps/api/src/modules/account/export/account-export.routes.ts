import {
  accountExportSchema,
  exportParamsSchema,
  latestExportResponseSchema,
} from '@tripcrew/contracts/account-export';
import type { FastifyReply } from 'fastify';
import { sendFile } from '../../../platform/route-options.ts';
import { tableRoutes } from '../../../platform/route-table.ts';
import { ExportCooldownError, type AccountExportService } from './account-export.service.ts';

/** The archive as an attachment (the JSON routes' serializer does not apply to a Buffer). */
const sendZip = (reply: FastifyReply, file: { data: Buffer; fileName: string }) =>
  sendFile(reply, { type: 'application/zip', fileName: file.fileName, body: file.data });

/** POST /account/exports, GET /account/exports/latest, /{id} and /{id}/download. */
export const accountExportRoutes = (service: AccountExportService) =>
  tableRoutes('signedIn', { tag: 'account', private: true }, (route) => {
    route.post('/account/exports', {
      summary: 'Prepare a download of all my data',
      description:
        'Starts preparing a ZIP of everything Tripcrew keeps about the signed-in user (tripcrew-export.json, its JSON Schema as schema.json, and their files under files/). Answers 201 with the new job, or 200 with the one being prepared already. One export per hour (429 EXPORT_COOLDOWN with Retry-After; a failed one does not count). Poll GET /account/exports/latest for the progress.',
      answer: accountExportSchema,
      status: [200, 201],
      errors: [401, 409, 429],
      run: async ({ userId, reply }) => {
        try {
          const started = await service.start(userId);
          return reply.status(started.created ? 201 : 200).send(started.export);
        } catch (err) {
          if (err instanceof ExportCooldownError) reply.header('retry-after', String(err.retryAfterSeconds));
          throw err;
        }
      },
    });

    route.get('/account/exports/latest', {
      summary: 'My latest data export: its status and progress',
      answer: latestExportResponseSchema,
      errors: [401],
      run: async ({ userId }) => ({ export: await service.latest(userId) }),
    });

    route.get('/account/exports/:id', {
      summary: 'One of my data exports: its status and progress',
      params: exportParamsSchema,
      answer: accountExportSchema,
      errors: [400, 401, 404],
      run: ({ userId, params }) => service.get(userId, params.id),
    });

    route.get('/account/exports/:id/download', {
      summary: 'Download a prepared data export',
      description:
        'The ZIP (application/zip, as an attachment), as often as asked until it expires; then 410. 409 while it is being prepared; 404 for an export that is not yours.',
      params: exportParamsSchema,
      produces: ['application/zip'],
      errors: [400, 401, 404, 409, 410],
      run: async ({ userId, params, reply }) => sendZip(reply, await service.download(userId, params.id)),
    });
  });
