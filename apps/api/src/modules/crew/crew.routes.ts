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
import { done, tableRoutes } from '../../platform/route-table.ts';
import type { CrewService } from './crew.service.ts';

/** SPEC §7 "Notifications, crew, messages": crew search, requests and the crew. */
export const crewRoutes = (service: CrewService) =>
  tableRoutes('signedIn', { tag: 'crew', errors: [401], private: true }, (route) => {
    route.get('/users/crew/search', {
      summary: 'Find people by name, last name, email or phone',
      description:
        'At least 3 characters, letters and digits only; case-insensitive; never the caller; at most 20 people, by name. status: friend (in your crew), pending (you asked them), incoming (they asked you).',
      querystring: crewSearchQuerySchema,
      answer: crewSearchResponseSchema,
      errors: [400, 401],
      run: ({ userId, query }) => service.search(userId, query.query),
    });

    route.post('/users/crew/crew-request', {
      summary: 'Ask someone to join your crew',
      description:
        'New request: 201 {status: pending, request}. Already asked: 200 with the same request (no second one). They had asked you: their request is accepted, 200 {status: friend}. Yourself: 400. Unknown user: 404. Already in your crew: 409.',
      body: crewRequestBodySchema,
      answer: crewRequestResultSchema,
      status: [200, 201],
      errors: [400, 401, 404, 409],
      run: async ({ userId, body, reply }) => {
        const { result, created } = await service.request(userId, body.userId);
        return reply.status(created ? 201 : 200).send(result);
      },
    });

    route.get('/users/crew/requests', {
      summary: 'Pending crew requests: received (incoming) and sent (outgoing), newest first',
      answer: crewRequestsResponseSchema,
      run: ({ userId }) => service.requests(userId),
    });

    const answered = { answer: okSchema, errors: [401, 404] } as const;
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
      route.post(`/users/crew/${action}/:id`, {
        summary,
        description,
        params: crewRequestParamsSchema,
        ...answered,
        run: ({ userId, params }) => done(act(userId, params.id)),
      });
    }

    route.get('/users/crew/my-crew', {
      summary: 'Your crew, by name',
      answer: myCrewResponseSchema,
      run: ({ userId }) => service.crew(userId),
    });

    route.delete('/users/crew/my-crew/:userId', {
      summary: 'Remove someone from your crew (and you from theirs)',
      description: '404 when the person is not in your crew.',
      params: crewMemberParamsSchema,
      ...answered,
      run: ({ userId, params }) => done(service.remove(userId, params.userId)),
    });
  });
