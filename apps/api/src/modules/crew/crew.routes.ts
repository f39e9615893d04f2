import { apiErrorSchema } from '@tripcrew/contracts/common';
import {
  crewMemberParamsSchema,
  crewRequestBodySchema,
  crewRequestParamsSchema,
  crewRequestResultSchema,
  crewRequestsResponseSchema,
  crewSearchQuerySchema,
  crewSearchResponseSchema,
  myCrewResponseSchema,
  okSchema,
} from '@tripcrew/contracts/crew';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, currentUser } from '../../platform/auth-guard.ts';
import type { CrewService } from './crew.service.ts';

const error = apiErrorSchema;
const tags = ['crew'];
const ok = { ok: true as const };

/** SPEC §7 "Notifications, crew, messages": crew search, requests and the crew. */
export const crewRoutes =
  (service: CrewService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const auth = { preHandler: app.requireUser };

    app.get(
      '/users/crew/search',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Find people by name, last name, email or phone',
          description:
            'At least 3 characters, letters and digits only; case-insensitive; never the caller; at most 20 people, by name. status: friend (in your crew), pending (you asked them), incoming (they asked you).',
          security: BEARER,
          querystring: crewSearchQuerySchema,
          response: { 200: crewSearchResponseSchema, 400: error, 401: error },
        },
      },
      async (request) => service.search(currentUser(request).id, request.query.query),
    );

    app.post(
      '/users/crew/crew-request',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Ask someone to join your crew',
          description:
            'New request: 201 {status: pending, request}. Already asked: 200 with the same request (no second one). They had asked you: their request is accepted, 200 {status: friend}. Yourself: 400. Unknown user: 404. Already in your crew: 409.',
          security: BEARER,
          body: crewRequestBodySchema,
          response: {
            200: crewRequestResultSchema,
            201: crewRequestResultSchema,
            400: error,
            401: error,
            404: error,
            409: error,
          },
        },
      },
      async (request, reply) => {
        const { result, created } = await service.request(currentUser(request).id, request.body.userId);
        return reply.status(created ? 201 : 200).send(result);
      },
    );

    app.get(
      '/users/crew/requests',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Pending crew requests: received (incoming) and sent (outgoing), newest first',
          security: BEARER,
          response: { 200: crewRequestsResponseSchema, 401: error },
        },
      },
      async (request) => service.requests(currentUser(request).id),
    );

    app.post(
      '/users/crew/approve-request/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Accept a crew request you received',
          description:
            'Both people join each other’s crew. Only the receiver may approve; anyone else gets 404.',
          security: BEARER,
          params: crewRequestParamsSchema,
          response: { 200: okSchema, 401: error, 404: error },
        },
      },
      async (request) => {
        await service.approve(currentUser(request).id, request.params.id);
        return ok;
      },
    );

    app.post(
      '/users/crew/decline-request/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Decline a crew request you received, or withdraw one you sent',
          description: 'Anyone but the receiver and the sender gets 404.',
          security: BEARER,
          params: crewRequestParamsSchema,
          response: { 200: okSchema, 401: error, 404: error },
        },
      },
      async (request) => {
        await service.decline(currentUser(request).id, request.params.id);
        return ok;
      },
    );

    app.get(
      '/users/crew/my-crew',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Your crew, by name',
          security: BEARER,
          response: { 200: myCrewResponseSchema, 401: error },
        },
      },
      async (request) => service.crew(currentUser(request).id),
    );

    app.delete(
      '/users/crew/my-crew/:userId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Remove someone from your crew (and you from theirs)',
          description: '404 when the person is not in your crew.',
          security: BEARER,
          params: crewMemberParamsSchema,
          response: { 200: okSchema, 401: error, 404: error },
        },
      },
      async (request) => {
        await service.remove(currentUser(request).id, request.params.userId);
        return ok;
      },
    );
  };
