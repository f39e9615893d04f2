import { accountDeletionPlanSchema, deleteAccountBodySchema } from '@tripcrew/contracts/account-deletion';
import { messageResponseSchema } from '@tripcrew/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { errorResponses, privateAnswers, signedInRoute } from '../../../platform/route-options.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';

const tag = 'account';

/** GET /account/deletion and POST /account/delete (issue 22, decision 019). */
export const accountDeletionRoutes =
  (service: AccountDeletionService): FastifyPluginAsyncZod =>
  async (app) => {
    privateAnswers(app);

    app.get(
      '/account/deletion',
      signedInRoute(app, tag, {
        summary: 'What deleting the account needs: the trips the caller alone administers',
        description:
          'Each trip lists its other members (who it can be handed to); a trip without other members is deleted with the account. Also says whether the account has a password and a second factor.',
        response: { 200: accountDeletionPlanSchema, ...errorResponses(401) },
      }),
      async (request) => service.plan(currentUser(request).id),
    );

    app.post(
      '/account/delete',
      signedInRoute(app, tag, {
        summary: 'Delete the account for good',
        description:
          'Confirmed with the password (an account without one: its email address typed, and a sign-in within 15 minutes) and the second-factor code when it is on. Every trip the caller alone administers with other members needs a choice: hand it over to one of them or delete it (400 TRIP_CHOICE_MISSING / TRIP_CHOICE_INVALID naming the trip). Wrong password: 403 WRONG_PASSWORD. Messages stay for the other people under "Deleted user"; everything else of the account goes, a mail confirms it, and its tokens then answer 401.',
        body: deleteAccountBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403) },
      }),
      async (request) => service.deleteAccount(currentUser(request), request.body),
    );
  };
