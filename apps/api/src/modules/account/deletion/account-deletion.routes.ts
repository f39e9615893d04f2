import { accountDeletionPlanSchema, deleteAccountBodySchema } from '@tripcrew/contracts/account-deletion';
import { messageResponseSchema } from '@tripcrew/contracts/auth';
import { tableRoutes } from '../../../platform/route-table.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';

/** GET /account/deletion and POST /account/delete (issue 22, decision 019). */
export const accountDeletionRoutes = (service: AccountDeletionService) =>
  tableRoutes('signedIn', { tag: 'account', private: true }, (route) => {
    route.get('/account/deletion', {
      summary: 'What deleting the account needs: the trips the caller alone administers',
      description:
        'Each trip lists its other members (who it can be handed to); a trip without other members is deleted with the account. Also says whether the account has a password and a second factor.',
      answer: accountDeletionPlanSchema,
      errors: [401],
      run: ({ userId }) => service.plan(userId),
    });

    route.post('/account/delete', {
      summary: 'Delete the account for good',
      description:
        'Confirmed with the password (an account without one: its email address typed, and a sign-in within 15 minutes) and the second-factor code when it is on. Every trip the caller alone administers with other members needs a choice: hand it over to one of them or delete it (400 TRIP_CHOICE_MISSING / TRIP_CHOICE_INVALID naming the trip). Wrong password: 403 WRONG_PASSWORD. Messages stay for the other people under "Deleted user"; everything else of the account goes, a mail confirms it, and its tokens then answer 401.',
      body: deleteAccountBodySchema,
      answer: messageResponseSchema,
      errors: [400, 401, 403],
      run: ({ user, body }) => service.deleteAccount(user, body),
    });
  });
