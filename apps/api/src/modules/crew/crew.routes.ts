import { okSchema } from '@tripcrew/contracts/common';
import {
  crewMemberParamsSchema,
  crewRequestBodySchema,
  crewRequestParamsSchema,
  crewRequestResultSchema,
  crewRequestsResponseSchema,
  crewSearchQuerySchema,
  crewSearchResponseSchema,
  myCrewResponseSchema,
} from '@tripcrew/contracts/crew';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import { errorResponses, privateAnswers, signedInRoute } from '../../platform/route-options.ts';
import type { CrewService } from './crew.service.ts';

const tag = 'crew';
const ok = { ok: true as const };

/** SPEC §7 "Notifications, crew, messages": crew search, requests and the crew. */
export const crewRoutes =
  (service: CrewService): FastifyPluginAsyncZod =>
  async (app) => {
    privateAnswers(app);

    app.get(
      '/users/crew/search',
      signedInRoute(app, tag, {
        summary: 'Find people by name, last name, email or phone',
        description:
          'At least 3 characters, letters and digits only; case-insensitive; never the caller; at most 20 people, by name. status: friend (in your crew), pending (you asked them), incoming (they asked you).',
        querystring: crewSearchQuerySchema,
        response: { 200: crewSearchResponseSchema, ...errorResponses(400, 401) },
      }),
      async (request) => service.search(currentUser(request).id, request.query.query),
    );

    app.post(
      '/users/crew/crew-request',
      signedInRoute(app, tag, {
        summary: 'Ask someone to join your crew',
        description:
          'New request: 201 {status: pending, request}. Already asked: 200 with the same request (no second one). They had asked you: their request is accepted, 200 {status: friend}. Yourself: 400. Unknown user: 404. Already in your crew: 409.',
        body: crewRequestBodySchema,
        response: {
          200: crewRequestResultSchema,
          201: crewRequestResultSchema,
          ...errorResponses(400, 401, 404, 409),
        },
      }),
      async (request, reply) => {
        const { result, created } = await service.request(currentUser(request).id, request.body.userId);
        return reply.status(created ? 201 : 200).send(result);
      },
    );

    app.get(
      '/users/crew/requests',
      signedInRoute(app, tag, {
        summary: 'Pending crew requests: received (incoming) and sent (outgoing), newest first',
        response: { 200: crewRequestsResponseSchema, ...errorResponses(401) },
      }),
      async (request) => service.requests(currentUser(request).id),
    );

    const answered = { 200: okSchema, ...errorResponses(401, 404) };
    const requestActions = [
      {
        action: 'approve-request',
        summary: 'Accept a crew request you received',
        description:
          'Both people join each other’s crew. Only the receiver may approve; anyone else gets 404.',
        act: service.approve,
      },
      {
        action: 'decline-request',
        summary: 'Decline a crew request you received, or withdraw one you sent',
        description: 'Anyone but the receiver and the sender gets 404.',
        act: service.decline,
      },
    ];
    for (const { action, summary, description, act } of requestActions) {
      app.post(
        `/users/crew/${action}/:id`,
        signedInRoute(app, tag, {
          summary,
          description,
          params: crewRequestParamsSchema,
          response: answered,
        }),
        async (request) => {
          await act(currentUser(request).id, request.params.id);
          return ok;
        },
      );
    }

    app.get(
      '/users/crew/my-crew',
      signedInRoute(app, tag, {
        summary: 'Your crew, by name',
        response: { 200: myCrewResponseSchema, ...errorResponses(401) },
      }),
      async (request) => service.crew(currentUser(request).id),
    );

    app.delete(
      '/users/crew/my-crew/:userId',
      signedInRoute(app, tag, {
        summary: 'Remove someone from your crew (and you from theirs)',
        description: '404 when the person is not in your crew.',
        params: crewMemberParamsSchema,
        response: answered,
      }),
      async (request) => {
        await service.remove(currentUser(request).id, request.params.userId);
        return ok;
      },
    );
  };
