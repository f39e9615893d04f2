import {
  currentUserSchema,
  profileParamsSchema,
  userPrivacySchema,
  userProfileSchema,
} from '@tripcrew/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import { errorResponses, optionalUserRoute, signedInRoute } from '../../platform/route-options.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes =
  (service: UsersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/users/users/me',
      signedInRoute(app, 'users', {
        summary: 'The signed-in user',
        response: { 200: currentUserSchema, ...errorResponses(401) },
      }),
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.getMe(currentUser(request).id);
      },
    );

    app.get(
      '/users/users/me/privacy',
      signedInRoute(app, 'users', {
        summary: 'Who may find the signed-in user',
        response: { 200: userPrivacySchema, ...errorResponses(401) },
      }),
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.getPrivacy(currentUser(request).id);
      },
    );

    app.put(
      '/users/users/me/privacy',
      signedInRoute(app, 'users', {
        summary: 'Set who may find the signed-in user',
        description: 'findableByEmail: whether a crew search by the whole email address finds this account.',
        body: userPrivacySchema,
        response: { 200: userPrivacySchema, ...errorResponses(400, 401) },
      }),
      async (request) => service.setPrivacy(currentUser(request).id, request.body),
    );

    app.get(
      '/users/users/:profileId',
      optionalUserRoute(app, 'users', {
        summary: 'A public profile (the email only for its owner and their crew)',
        description:
          'Anonymous callers may omit the bearer token; a token that is sent must be valid. An unknown or malformed id answers 404.',
        params: profileParamsSchema,
        response: { 200: userProfileSchema, ...errorResponses(401, 404) },
      }),
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.getProfile(request.params.profileId, request.user);
      },
    );
  };
