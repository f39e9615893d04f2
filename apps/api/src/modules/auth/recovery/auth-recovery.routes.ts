import {
  changePasswordBodySchema,
  messageResponseSchema,
  recoveryBodySchema,
  recoveryConfirmBodySchema,
} from '@tripcrew/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, publicRoute, signedInRoute } from '../../../platform/route-options.ts';
import { currentUser } from '../../../platform/auth-guard.ts';
import type { RecoveryService } from './auth-recovery.service.ts';
import { withRetryAfter } from '../auth.request-context.ts';

/** POST /auth/recovery, /auth/recovery-confirm and /auth/change-password. */
export const recoveryRoutes =
  (recovery: RecoveryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/recovery',
      publicRoute('auth', {
        summary: 'Forgot password: mails a reset code (1234-5678, valid 30 minutes)',
        description: 'Always answers 200, whether or not an account exists for the address.',
        body: recoveryBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 503) },
      }),
      async (request) => recovery.recovery(request.body.email),
    );

    app.post(
      '/auth/recovery-confirm',
      publicRoute('auth', {
        summary: 'Set a new password with the reset code; signs out every session',
        body: recoveryConfirmBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400) },
      }),
      async (request) => recovery.recoveryConfirm(request.body),
    );

    app.post(
      '/auth/change-password',
      signedInRoute(app, 'auth', {
        summary: 'Change the password (signed in); signs out the other sessions',
        description:
          'With two-factor sign-in on, `code` is required: 400 TWO_FACTOR_CODE_REQUIRED without it, 400 TWO_FACTOR_CODE_WRONG (or TWO_FACTOR_CODE_USED) for a bad one, 429 TWO_FACTOR_THROTTLED with Retry-After after repeated wrong codes.',
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 429) },
      }),
      async (request, reply) =>
        withRetryAfter(reply, () => recovery.changePassword(currentUser(request), request.body)),
    );
  };
