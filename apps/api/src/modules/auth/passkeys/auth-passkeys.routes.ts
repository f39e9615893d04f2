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
import { routeTable, tableRoutes } from '../../../platform/route-table.ts';
import type { PasskeysService } from './auth-passkeys.service.ts';
import { contextOf } from '../auth.request-context.ts';

/** /auth/passkeys: manage the caller's passkeys (signed in) and sign in with one (public). */
export const passkeyRoutes = (passkeys: PasskeysService) =>
  tableRoutes('signedIn', { tag: 'auth', private: true }, (route, app) => {
    route.post('/auth/passkeys/registration-options', {
      summary: 'Start adding a passkey: the options for the browser (valid 5 minutes)',
      description:
        'Pass `options` to startRegistration({ optionsJSON }) of @simplewebauthn/browser, then POST the answer to /auth/passkeys. The passkey must be discoverable (residentKey required) and verify the user; the passkeys already on the account are excluded.',
      answer: registrationOptionsResponseSchema,
      errors: [401, 404],
      run: ({ userId }) => passkeys.registrationOptions(userId),
    });

    route.post('/auth/passkeys', {
      summary: 'Finish adding a passkey: checks the browser answer and saves it',
      description:
        'The challenge of the registration options is single use. A response that does not verify is a 400 PASSKEY_NOT_VERIFIED; a credential already registered a 409. Without a name, one is made from the browser (e.g. "Passkey on Mac").',
      body: addPasskeyBodySchema,
      answer: passkeySchema,
      status: 201,
      errors: [400, 401, 409],
      run: ({ userId, body, request }) => passkeys.add(userId, body, contextOf(request)),
    });

    route.get('/auth/passkeys', {
      summary: 'The passkeys of the signed-in user, newest first',
      answer: passkeysResponseSchema,
      errors: [401],
      run: ({ userId }) => passkeys.list(userId),
    });

    route.patch('/auth/passkeys/:id', {
      summary: 'Rename one of your passkeys',
      params: passkeyParamsSchema,
      body: renamePasskeyBodySchema,
      answer: passkeySchema,
      errors: [400, 401, 404],
      run: ({ userId, params, body }) => passkeys.rename(userId, params.id, body.name),
    });

    route.delete('/auth/passkeys/:id', {
      summary: 'Remove one of your passkeys: it can no longer sign you in',
      params: passkeyParamsSchema,
      answer: okSchema,
      errors: [401, 404],
      run: ({ userId, params }) => passkeys.remove(userId, params.id),
    });

    const open = routeTable(app, 'public', { tag: 'auth' });

    open.post('/auth/passkeys/authentication-options', {
      summary: 'Start signing in with a passkey: the options for the browser (valid 5 minutes)',
      description:
        'Discoverable: no allowCredentials, the authenticator offers the passkeys it holds for this site. Pass `options` to startAuthentication({ optionsJSON }) and POST the answer with `challengeId` to /auth/passkeys/login.',
      answer: authenticationOptionsResponseSchema,
      errors: [429],
      run: () => passkeys.authenticationOptions(),
    });

    open.post('/auth/passkeys/login', {
      summary: 'Sign in with a passkey: answers like POST /auth/login',
      description:
        'Checks the origin, the RP ID, the single-use challenge, the signature and the counter. An unknown passkey, a bad signature or an expired challenge is a 401.',
      body: passkeyLoginBodySchema,
      answer: sessionSchema,
      errors: [400, 401, 403, 429],
      run: ({ body, request }) => passkeys.login(body, contextOf(request)),
    });
  });
