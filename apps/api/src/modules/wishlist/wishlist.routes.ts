import { apiErrorSchema } from '@tripcrew/contracts/common';
import {
  wishlistAddBodySchema,
  wishlistAllResponseSchema,
  wishlistChangeResponseSchema,
  wishlistFeatureParamsSchema,
  wishlistIdsResponseSchema,
  wishlistListBodySchema,
  wishlistListNamesResponseSchema,
  wishlistListParamsSchema,
  wishlistQuerySchema,
} from '@tripcrew/contracts/wishlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, currentUser } from '../../platform/auth-guard.ts';
import type { WishlistService } from './wishlist.service.ts';

const error = apiErrorSchema;
const tags = ['wishlist'];
const PER_USER = 'Lists are per user: only the caller’s own lists are read or changed.';

/** SPEC §7 "Wishlist", plus named lists (create, rename, delete). */
export const wishlistRoutes =
  (service: WishlistService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const auth = { preHandler: app.requireUser };

    app.get(
      '/core/wishlist/ids',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The feature ids on a list (default: the default list), newest first',
          description: `A list that does not exist is empty. ${PER_USER}`,
          security: BEARER,
          querystring: wishlistQuerySchema,
          response: { 200: wishlistIdsResponseSchema, 400: error, 401: error },
        },
      },
      async (request) => service.ids(currentUser(request).id, request.query.listname),
    );

    app.get(
      '/core/wishlist/listnames',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Your list names: default first, then the others by age',
          security: BEARER,
          response: { 200: wishlistListNamesResponseSchema, 401: error },
        },
      },
      async (request) => service.listNames(currentUser(request).id),
    );

    app.get(
      '/core/wishlist/all',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The items of a list, each with its feature, newest first',
          description: `A list that does not exist is empty. ${PER_USER}`,
          security: BEARER,
          querystring: wishlistQuerySchema,
          response: { 200: wishlistAllResponseSchema, 400: error, 401: error },
        },
      },
      async (request) => service.all(currentUser(request).id, request.query.listname),
    );

    app.post(
      '/core/wishlist',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Save a feature on a list (default: the default list)',
          description:
            '201 when added, 200 when it was on the list already; answers the list’s ids. The default list is created on first use; any other list must be created first (POST /core/wishlist/lists), else 404. Unknown feature: 404.',
          security: BEARER,
          body: wishlistAddBodySchema,
          response: {
            200: wishlistChangeResponseSchema,
            201: wishlistChangeResponseSchema,
            400: error,
            401: error,
            404: error,
            409: error,
          },
        },
      },
      async (request, reply) => {
        const { change, added } = await service.add(
          currentUser(request).id,
          request.body.featureId,
          request.body.listname,
        );
        return reply.status(added ? 201 : 200).send(change);
      },
    );

    const removeSchema = {
      tags,
      summary: 'Remove a feature from a list (?listname=, default: the default list)',
      description: `Idempotent: removing a feature that is not on the list answers 200 with the unchanged ids. ${PER_USER}`,
      security: BEARER,
      params: wishlistFeatureParamsSchema,
      querystring: wishlistQuerySchema,
      response: { 200: wishlistChangeResponseSchema, 400: error, 401: error },
    };
    for (const url of ['/wishlist/:featureId', '/core/wishlist/:featureId']) {
      app.delete(url, { ...auth, schema: removeSchema }, async (request) =>
        service.remove(currentUser(request).id, request.params.featureId, request.query.listname),
      );
    }

    app.post(
      '/core/wishlist/lists',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Create a named list; answers your list names',
          description:
            'Names are unique per user, compared case-insensitively (409). At most 20 lists (409).',
          security: BEARER,
          body: wishlistListBodySchema,
          response: { 201: wishlistListNamesResponseSchema, 400: error, 401: error, 409: error },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createList(currentUser(request).id, request.body.name)),
    );

    app.patch(
      '/core/wishlist/lists/:listname',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Rename a list; answers your list names',
          description: 'The default list cannot be renamed (400). Unknown list: 404. Name taken: 409.',
          security: BEARER,
          params: wishlistListParamsSchema,
          body: wishlistListBodySchema,
          response: { 200: wishlistListNamesResponseSchema, 400: error, 401: error, 404: error, 409: error },
        },
      },
      async (request) =>
        service.renameList(currentUser(request).id, request.params.listname, request.body.name),
    );

    app.delete(
      '/core/wishlist/lists/:listname',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Delete a list and its items; answers your list names',
          description: 'The default list cannot be deleted (400). Unknown list: 404.',
          security: BEARER,
          params: wishlistListParamsSchema,
          response: { 200: wishlistListNamesResponseSchema, 400: error, 401: error, 404: error },
        },
      },
      async (request) => service.deleteList(currentUser(request).id, request.params.listname),
    );
  };
