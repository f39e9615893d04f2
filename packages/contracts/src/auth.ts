import { z } from 'zod';
import { lineText, multiLineText } from './common.ts';
import { currentUserSchema } from './users.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Registration window of SPEC §9: the confirmation code and activation link expire after it. */
export const CONFIRMATION_TTL_SECONDS = 10 * 60;
export const RECOVERY_TTL_SECONDS = 30 * 60;
export const CODE_MAX_ATTEMPTS = 5;

/** Trimmed and lower-cased before it is stored or compared (AUTH-19). */
export const emailSchema = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email address.')
  .max(254, 'An email address has at most 254 characters.')
  .email('Enter a valid email address, like ana@example.com.');

/** Length rules only; the server also refuses the most common passwords (AUTH-18). */
export const newPasswordSchema = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters for your password.`);

/** A password being checked (login, current password): no strength rules, only sane bounds. */
export const passwordInputSchema = z
  .string({ error: 'Enter your password.' })
  .min(1, 'Enter your password.')
  .max(PASSWORD_MAX_LENGTH, `A password has at most ${PASSWORD_MAX_LENGTH} characters.`);

const personName = (label: string) =>
  lineText({ error: `Enter your ${label}.` })
    .min(1, `Enter your ${label}.`)
    .max(60, `Your ${label} can have at most 60 characters.`);

export const phoneSchema = z
  .string()
  .trim()
  .max(32, 'A phone number has at most 32 characters.')
  .regex(/^\+?[0-9 ()./-]{3,32}$/, 'Enter the phone number with digits only (an optional leading +).');

/** Digits with optional spaces or dashes (1234-5678 and 12345678 are the same code). */
const codeSchema = z
  .string({ error: 'Enter the code from the email.' })
  .trim()
  .min(1, 'Enter the code from the email.')
  .max(32, 'The code has 8 digits.')
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{8}$/, 'The code has 8 digits, like 1234-5678.'));

/**
 * A second-factor code: the 6 digits of the authenticator app, or a 10-character recovery code
 * (spaces and dashes ignored, any case).
 */
export const twoFactorCodeSchema = lineText({
  error: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
})
  .min(1, 'Enter the 6-digit code from your authenticator app, or a recovery code.')
  .max(64, 'Enter the 6-digit code from your authenticator app, or a recovery code.')
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^(\d{6}|[a-z0-9]{10})$/,
        'Enter the 6-digit code from your authenticator app, or a 10-character recovery code.',
      ),
  );
export type TwoFactorCode = z.input<typeof twoFactorCodeSchema>;

const opaqueTokenSchema = (what: string) =>
  lineText({ error: `Send the ${what}.` })
    .min(1, `Send the ${what}.`)
    .max(512, `The ${what} is not valid.`);

// ---- requests -------------------------------------------------------------------------------

export const registerBodySchema = z.strictObject({
  name: personName('name'),
  lastName: personName('last name'),
  email: emailSchema,
  password: newPasswordSchema,
  phone: phoneSchema.optional().describe('optional; the web app collects it but does not send it'),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const confirmBodySchema = z.strictObject({ email: emailSchema, code: codeSchema });
export type ConfirmBody = z.input<typeof confirmBodySchema>;

export const loginBodySchema = z.strictObject({ email: emailSchema, password: passwordInputSchema });
export type LoginBody = z.input<typeof loginBodySchema>;

/** POST /auth/login/two-factor: the challenge of the login answer and a code. */
export const loginTwoFactorBodySchema = z.strictObject({
  challenge: opaqueTokenSchema('challenge from the sign-in answer'),
  code: twoFactorCodeSchema,
});
export type LoginTwoFactorBody = z.input<typeof loginTwoFactorBodySchema>;

export const refreshBodySchema = z.strictObject({ refreshToken: opaqueTokenSchema('refresh token') });
export type RefreshBody = z.input<typeof refreshBodySchema>;

/** Optional (no body at all is fine): without it the family named by the bearer access token is revoked. */
export const logoutBodySchema = z
  .strictObject({ refreshToken: opaqueTokenSchema('refresh token').optional() })
  .nullish();
export type LogoutBody = z.input<typeof logoutBodySchema>;

export const activateUserBodySchema = z.strictObject({ token: opaqueTokenSchema('token from the link') });
export type ActivateUserBody = z.input<typeof activateUserBodySchema>;

export const recoveryBodySchema = z.strictObject({ email: emailSchema });
export type RecoveryBody = z.input<typeof recoveryBodySchema>;

export const recoveryConfirmBodySchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  password: newPasswordSchema,
});
export type RecoveryConfirmBody = z.input<typeof recoveryConfirmBodySchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: passwordInputSchema,
  newPassword: newPasswordSchema,
  code: twoFactorCodeSchema.optional().describe('required when two-factor sign-in is on'),
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

// ---- responses ------------------------------------------------------------------------------

export const tokenPairSchema = z.object({
  accessToken: z.string().describe('JWT, valid about 15 minutes; send as Authorization: Bearer'),
  refreshToken: z.string().describe('opaque, single use: every refresh returns a new one'),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** POST /auth/login and /auth/confirm: the user with a fresh session. */
export const sessionSchema = currentUserSchema.extend(tokenPairSchema.shape);
export type Session = z.infer<typeof sessionSchema>;

/** How long the second step of a sign-in stays open. */
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;

/** POST /auth/login for an account with two-factor sign-in on: a code is needed to finish. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string().describe('opaque, single use: send it to POST /auth/login/two-factor'),
  expiresInSeconds: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /auth/login: a session, or (two-factor sign-in on) the challenge of the second step. */
export const loginResponseSchema = z.union([sessionSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * POST /auth/networks/activate-user: the tokens, or (a Google or GitHub sign-in of an account with
 * two-factor sign-in on) the challenge of the second step, as for POST /auth/login.
 */
export const activateUserResponseSchema = z.union([tokenPairSchema, twoFactorChallengeSchema]);
export type ActivateUserResponse = z.infer<typeof activateUserResponseSchema>;

export function isTwoFactorChallenge(
  answer: LoginResponse | ActivateUserResponse,
): answer is TwoFactorChallenge {
  return 'twoFactorRequired' in answer && answer.twoFactorRequired === true;
}

export const registerResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  expiresInSeconds: z.number().int().describe('how long the code and the activation link stay valid'),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const socialProviderSchema = z.enum(['google', 'github', 'facebook', 'apple']);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** GET /auth/providers: which social login buttons the web app enables. */
export const providersResponseSchema = z.object({
  google: z.boolean(),
  github: z.boolean(),
  facebook: z.literal(false),
  apple: z.literal(false),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

export const providerParamsSchema = z.strictObject({
  provider: lineText(undefined, { trim: false }).min(1).max(32),
});

export const oauthCallbackQuerySchema = z.object({
  code: lineText(undefined, { trim: false }).max(2048).optional(),
  state: lineText(undefined, { trim: false }).max(512).optional(),
  error: lineText(undefined, { trim: false }).max(256).optional(),
  error_description: multiLineText().max(1024).optional(),
});

// ---- dev outbox (absent in production) --------------------------------------------------------

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  createdAt: z.string().describe('ISO 8601 timestamp'),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxQuerySchema = z.strictObject({
  to: lineText().toLowerCase().max(254).optional().describe('only mails to this address'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const outboxResponseSchema = z.object({
  delivery: z.enum(['outbox', 'smtp']).describe('smtp: mails leave through SMTP_URL and are not kept here'),
  mails: z.array(outboxMailSchema).describe('newest first'),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
