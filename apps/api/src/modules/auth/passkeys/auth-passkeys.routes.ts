import {
  addPasskeyBodySchema,
  authenticationOptionsResponseSchema,
  passkeyLoginBodySchema,
  passkeyParamsSchema,
  passkeySchema,
  passkeysResponseSchema,
  registrationOptionsResponseSchema,
  renamePasskeyBodySchema,
} from '@tripcrew/contracts/auth-passkeys';
import { sessionSchema } from '@tripcrew/contracts/auth';
import { okSchema } from '@tripcrew/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import {
  errorResponses,
  privateAnswers,
  publicRoute,
  signedInRoute,
} from '../../../platform/route-options.ts';
import type { PasskeysService } from './auth-passkeys.service.ts';
import { contextOf } from '../auth.request-context.ts';

/** /auth/passkeys: manage the caller's passkeys (signed in) and sign in with one (public). */
export const passkeyRoutes =
  (passkeys: PasskeysService): FastifyPluginAsyncZod =>
  async (app) => {
    privateAnswers(app);

    app.post(
      '/auth/passkeys/registration-options',
      signedInRoute(app, 'auth', {
        summary: 'Start adding a passkey: the options for the browser (valid 5 minutes)',
        description:
          'Pass `options` to startRegistration({ optionsJSON }) of @simplewebauthn/browser, then POST the answer to /auth/passkeys. The passkey must be discoverable (residentKey required) and verify the user; the passkeys already on the account are excluded.',
        response: { 200: registrationOptionsResponseSchema, ...errorResponses(401, 404) },
      }),
      async (request) => passkeys.registrationOptions(currentUser(request).id),
    );

    app.post(
      '/auth/passkeys',
      signedInRoute(app, 'auth', {
        summary: 'Finish adding a passkey: checks the browser answer and saves it',
        description:
          'The challenge of the registration options is single use. A response that does not verify is a 400 PASSKEY_NOT_VERIFIED; a credential already registered a 409. Without a name, one is made from the browser (e.g. "Passkey on Mac").',
        body: addPasskeyBodySchema,
        response: { 201: passkeySchema, ...errorResponses(400, 401, 409) },
      }),
      async (request, reply) => {
        reply.code(201);
        return passkeys.add(currentUser(request).id, request.body, contextOf(request));
      },
    );

    app.get(
      '/auth/passkeys',
      signedInRoute(app, 'auth', {
        summary: 'The passkeys of the signed-in user, newest first',
        response: { 200: passkeysResponseSchema, ...errorResponses(401) },
      }),
      async (request) => passkeys.list(currentUser(request).id),
    );

    app.patch(
      '/auth/passkeys/:id',
      signedInRoute(app, 'auth', {
        summary: 'Rename one of your passkeys',
        params: passkeyParamsSchema,
        body: renamePasskeyBodySchema,
        response: { 200: passkeySchema, ...errorResponses(400, 401, 404) },
      }),
      async (request) => passkeys.rename(currentUser(request).id, request.params.id, request.body.name),
    );

    app.delete(
      '/auth/passkeys/:id',
      signedInRoute(app, 'auth', {
        summary: 'Remove one of your passkeys: it can no longer sign you in',
        params: passkeyParamsSchema,
        response: { 200: okSchema, ...errorResponses(401, 404) },
      }),
      async (request) => passkeys.remove(currentUser(request).id, request.params.id),
    );

    app.post(
      '/auth/passkeys/authentication-options',
      publicRoute('auth', {
        summary: 'Start signing in with a passkey: the options for the browser (valid 5 minutes)',
        description:
          'Discoverable: no allowCredentials, the authenticator offers the passkeys it holds for this site. Pass `options` to startAuthentication({ optionsJSON }) and POST the answer with `challengeId` to /auth/passkeys/login.',
        response: { 200: authenticationOptionsResponseSchema, ...errorResponses(429) },
      }),
      async () => passkeys.authenticationOptions(),
    );

    app.post(
      '/auth/passkeys/login',
      publicRoute('auth', {
        summary: 'Sign in with a passkey: answers like POST /auth/login',
        description:
          'Checks the origin, the RP ID, the single-use challenge, the signature and the counter. An unknown passkey, a bad signature or an expired challenge is a 401.',
        body: passkeyLoginBodySchema,
        response: { 200: sessionSchema, ...errorResponses(400, 401, 403, 429) },
      }),
      async (request) => passkeys.login(request.body, contextOf(request)),
    );
  };
