import { apiErrorSchema } from '@tripcrew/contracts/common';
import { currentUserSchema, profileParamsSchema, userProfileSchema } from '@tripcrew/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, currentUser } from '../../platform/auth-guard.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes =
  (service: UsersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/users/users/me',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          security: BEARER,
          response: { 200: currentUserSchema, 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.getMe(currentUser(request).id);
      },
    );

    app.get(
      '/users/users/:profileId',
      {
        preHandler: app.optionalUser,
        schema: {
          tags: ['users'],
          summary: 'A public profile (email only for signed-in viewers)',
          description:
            'Anonymous callers may omit the bearer token; a token that is sent must be valid. An unknown or malformed id answers 404.',
          security: [...BEARER, {}],
          params: profileParamsSchema,
          response: { 200: userProfileSchema, 401: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.getProfile(request.params.profileId, request.user);
      },
    );
  };
