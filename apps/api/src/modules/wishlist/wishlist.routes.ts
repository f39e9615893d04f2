import {
  wishlistAddBodySchema,
  wishlistAllResponseSchema,
  wishlistChangeResponseSchema,
  wishlistFeatureParamsSchema,
  wishlistIdsResponseSchema,
  wishlistListBodySchema,
  wishlistListNamesResponseSchema,
  wishlistListParamsSchema,
  wishlistMoveBodySchema,
  wishlistMoveResponseSchema,
  wishlistQuerySchema,
} from '@tripcrew/contracts/wishlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { currentUser } from '../../platform/auth-guard.ts';
import { errorResponses, privateAnswers, signedInRoute } from '../../platform/route-options.ts';
import type { WishlistService } from './wishlist.service.ts';

const tag = 'wishlist';
const PER_USER = 'Lists are per user: only the caller’s own lists are read or changed.';

/** SPEC §7 "Wishlist", plus named lists (create, rename, delete). */
export const wishlistRoutes =
  (service: WishlistService): FastifyPluginAsyncZod =>
  async (app) => {
    privateAnswers(app);
    /** The options of a route that reads one list (?listname=, default: the default list). */
    const readsList = <T extends ZodType>(summary: string, body: T) =>
      signedInRoute(app, tag, {
        summary,
        description: `A list that does not exist is empty. ${PER_USER}`,
        querystring: wishlistQuerySchema,
        response: { 200: body, ...errorResponses(400, 401) },
      });

    app.get(
      '/core/wishlist/ids',
      readsList(
        'The feature ids on a list (default: the default list), newest first',
        wishlistIdsResponseSchema,
      ),
      async (request) => service.ids(currentUser(request).id, request.query.listname),
    );

    app.get(
      '/core/wishlist/listnames',
      signedInRoute(app, tag, {
        summary: 'Your list names: default first, then the others by age',
        response: { 200: wishlistListNamesResponseSchema, ...errorResponses(401) },
      }),
      async (request) => service.listNames(currentUser(request).id),
    );

    app.get(
      '/core/wishlist/all',
      readsList('The items of a list, each with its feature, newest first', wishlistAllResponseSchema),
      async (request) => service.all(currentUser(request).id, request.query.listname),
    );

    app.post(
      '/core/wishlist',
      signedInRoute(app, tag, {
        summary: 'Save a feature on a list (default: the default list)',
        description:
          '201 when added, 200 when it was on the list already; answers the list’s ids. The default list is created on first use; any other list must be created first (POST /core/wishlist/lists), else 404. Unknown feature: 404.',
        body: wishlistAddBodySchema,
        response: {
          200: wishlistChangeResponseSchema,
          201: wishlistChangeResponseSchema,
          ...errorResponses(400, 401, 404, 409),
        },
      }),
      async (request, reply) => {
        const { change, added } = await service.add(
          currentUser(request).id,
          request.body.featureId,
          request.body.listname,
        );
        return reply.status(added ? 201 : 200).send(change);
      },
    );

    app.post(
      '/core/wishlist/move',
      signedInRoute(app, tag, {
        summary: 'Move a saved feature from one of your lists to another, in one step',
        description:
          'Answers both lists’ ids. A list you do not have, or a feature not on the first list: 404. A full target list: 409.',
        body: wishlistMoveBodySchema,
        response: { 200: wishlistMoveResponseSchema, ...errorResponses(400, 401, 404, 409) },
      }),
      async (request) => service.move(currentUser(request).id, request.body),
    );

    const remove = signedInRoute(app, tag, {
      summary: 'Remove a feature from a list (?listname=, default: the default list)',
      description: `Idempotent: removing a feature that is not on the list answers 200 with the unchanged ids. ${PER_USER}`,
      params: wishlistFeatureParamsSchema,
      querystring: wishlistQuerySchema,
      response: { 200: wishlistChangeResponseSchema, ...errorResponses(400, 401) },
    });
    for (const url of ['/wishlist/:featureId', '/core/wishlist/:featureId']) {
      app.delete(url, remove, async (request) =>
        service.remove(currentUser(request).id, request.params.featureId, request.query.listname),
      );
    }

    app.post(
      '/core/wishlist/lists',
      signedInRoute(app, tag, {
        summary: 'Create a named list; answers your list names',
        description: 'Names are unique per user, compared case-insensitively (409). At most 20 lists (409).',
        body: wishlistListBodySchema,
        response: { 201: wishlistListNamesResponseSchema, ...errorResponses(400, 401, 409) },
      }),
      async (request, reply) =>
        reply.status(201).send(await service.createList(currentUser(request).id, request.body.name)),
    );

    app.patch(
      '/core/wishlist/lists/:listname',
      signedInRoute(app, tag, {
        summary: 'Rename a list; answers your list names',
        description: 'The default list cannot be renamed (400). Unknown list: 404. Name taken: 409.',
        params: wishlistListParamsSchema,
        body: wishlistListBodySchema,
        response: { 200: wishlistListNamesResponseSchema, ...errorResponses(400, 401, 404, 409) },
      }),
      async (request) =>
        service.renameList(currentUser(request).id, request.params.listname, request.body.name),
    );

    app.delete(
      '/core/wishlist/lists/:listname',
      signedInRoute(app, tag, {
        summary: 'Delete a list and its items; answers your list names',
        description: 'The default list cannot be deleted (400). Unknown list: 404.',
        params: wishlistListParamsSchema,
        response: { 200: wishlistListNamesResponseSchema, ...errorResponses(400, 401, 404) },
      }),
      async (request) => service.deleteList(currentUser(request).id, request.params.listname),
    );
  };
