import {
  deviceSessionParamsSchema,
  deviceSessionsResponseSchema,
  revokeOtherSessionsResponseSchema,
  revokeSessionResponseSchema,
} from '@tripcrew/contracts/auth-devices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { errorResponses, privateAnswers, signedInRoute } from '../../../platform/route-options.ts';
import type { DevicesService } from './auth-devices.service.ts';

/** GET /auth/sessions, DELETE /auth/sessions/{id}, POST /auth/sessions/revoke-others ("Your devices"). */
export const devicesRoutes =
  (devices: DevicesService): FastifyPluginAsyncZod =>
  async (app) => {
    privateAnswers(app);

    app.get(
      '/auth/sessions',
      signedInRoute(app, 'auth', {
        summary: 'Your devices: the signed-in sessions of the caller',
        description:
          'One entry per sign-in that is still active: browser and system (from the User-Agent), the network it was last used from (IPv4 "203.0.113.x", IPv6 /48 prefix; full addresses are never kept), when it signed in and was last used. The caller\'s own session comes first with current: true.',
        response: { 200: deviceSessionsResponseSchema, ...errorResponses(401) },
      }),
      async (request) => devices.list(currentUser(request)),
    );

    app.delete(
      '/auth/sessions/:id',
      signedInRoute(app, 'auth', {
        summary: 'Sign out one device',
        description:
          'Ends the session: its refresh token stops working, its access token is refused at once, its live socket closes (4401 session-ended). Ending your own session signs you out (signedOut: true). An id that is not one of your active sessions answers 404.',
        params: deviceSessionParamsSchema,
        response: { 200: revokeSessionResponseSchema, ...errorResponses(400, 401, 404) },
      }),
      async (request) => devices.revoke(currentUser(request), request.params.id),
    );

    app.post(
      '/auth/sessions/revoke-others',
      signedInRoute(app, 'auth', {
        summary: 'Sign out every other device',
        description: 'Ends every session of the caller except the one making the call.',
        response: { 200: revokeOtherSessionsResponseSchema, ...errorResponses(401) },
      }),
      async (request) => devices.revokeOthers(currentUser(request)),
    );
  };
