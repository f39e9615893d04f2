import { loginTwoFactorBodySchema, messageResponseSchema, sessionSchema } from '@tripcrew/contracts/auth';
import {
  recoveryCodesSchema,
  twoFactorCodeBodySchema,
  twoFactorConfirmBodySchema,
  twoFactorDisableBodySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@tripcrew/contracts/auth-two-factor';
import { routeTable, tableRoutes } from '../../../platform/route-table.ts';
import type { TwoFactorService } from './auth-two-factor.service.ts';
import { contextOf, withRetryAfter } from '../auth.request-context.ts';

const CODE_ERRORS =
  'A missing code answers 400 TWO_FACTOR_CODE_REQUIRED, a wrong one 400 TWO_FACTOR_CODE_WRONG, a code of a step already used 400 TWO_FACTOR_CODE_USED; after repeated wrong codes 429 TWO_FACTOR_THROTTLED with Retry-After.';

/** GET /auth/two-factor, POST /auth/two-factor/{setup,confirm,recovery-codes,disable}, POST /auth/login/two-factor. */
export const twoFactorRoutes = (twoFactor: TwoFactorService) =>
  tableRoutes('signedIn', { tag: 'auth', errors: [400, 401, 409, 429], private: true }, (route, app) => {
    route.get('/auth/two-factor', {
      summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
      answer: twoFactorStatusSchema,
      errors: [401],
      run: ({ userId }) => twoFactor.status(userId),
    });

    route.post('/auth/two-factor/setup', {
      summary: 'Start turning on two-factor sign-in: a new TOTP secret, its otpauth:// URI and QR code',
      description:
        'Nothing changes at sign-in until POST /auth/two-factor/confirm with a code from the app. Calling it again replaces a pending secret; 409 TWO_FACTOR_ALREADY_ON when it is on.',
      answer: twoFactorSetupSchema,
      errors: [401, 409],
      run: ({ userId }) => twoFactor.setup(userId),
    });

    route.post('/auth/two-factor/confirm', {
      summary: 'Turn on two-factor sign-in with a first code; answers the ten recovery codes, once',
      description: `Every other session of the account ends. ${CODE_ERRORS} 409 when no setup was started or it is already on.`,
      body: twoFactorConfirmBodySchema,
      answer: recoveryCodesSchema,
      run: ({ user, body, reply }) =>
        withRetryAfter(reply, () => twoFactor.confirm(user.id, body.code, user.sessionId)),
    });

    route.post('/auth/two-factor/recovery-codes', {
      summary: 'New recovery codes (a code needed); the old ones stop working',
      description: `${CODE_ERRORS} 409 TWO_FACTOR_OFF when two-factor sign-in is off.`,
      body: twoFactorCodeBodySchema,
      answer: recoveryCodesSchema,
      run: ({ userId, body, reply }) =>
        withRetryAfter(reply, () => twoFactor.regenerateRecoveryCodes(userId, body.code)),
    });

    route.post('/auth/two-factor/disable', {
      summary: 'Turn off two-factor sign-in: the password and a code (or a recovery code)',
      description: `400 WRONG_PASSWORD for a wrong password. ${CODE_ERRORS} 409 TWO_FACTOR_OFF when it is off.`,
      body: twoFactorDisableBodySchema,
      answer: messageResponseSchema,
      run: ({ userId, body, reply }) => withRetryAfter(reply, () => twoFactor.disable(userId, body)),
    });

    routeTable(app, 'public', { tag: 'auth' }).post('/auth/login/two-factor', {
      summary: 'Finish a sign-in that asked for a second factor: the challenge and a code',
      description:
        'The challenge comes from POST /auth/login (twoFactorRequired); it is valid 5 minutes, single use, and ends after 5 wrong codes. A wrong code answers 401 TWO_FACTOR_CODE_WRONG (TWO_FACTOR_CODE_USED for a code already used), an expired or ended challenge 401 TWO_FACTOR_CHALLENGE_INVALID, repeated failures 429 TWO_FACTOR_THROTTLED with Retry-After.',
      body: loginTwoFactorBodySchema,
      answer: sessionSchema,
      errors: [400, 401, 429],
      run: ({ body, request, reply }) =>
        withRetryAfter(reply, () => twoFactor.completeLogin(body, contextOf(request))),
    });
  });
