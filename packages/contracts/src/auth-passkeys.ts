import { z } from 'zod';
import { lineText } from './common.ts';

/** Passkeys (WebAuthn): sign in with a device or a password manager instead of a password. */

export const PASSKEY_NAME_MAX_LENGTH = 60;
/** How long a ceremony's challenge stays valid on the server. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;

export const passkeyNameSchema = lineText({ error: 'Enter a name for the passkey.' })
  .min(1, 'Enter a name for the passkey.')
  .max(PASSKEY_NAME_MAX_LENGTH, `A passkey name has at most ${PASSKEY_NAME_MAX_LENGTH} characters.`);

/** A base64url value of a WebAuthn response (ids, client data, signatures). */
const base64url = (what: string, max = 16_384) =>
  z
    .string({ error: `Send the ${what}.` })
    .min(1, `Send the ${what}.`)
    .max(max, `The ${what} is too long.`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `The ${what} must be base64url.`);

const transportsSchema = z.array(lineText(undefined, { trim: false }).max(32)).max(10);
const extensionResultsSchema = z.record(z.string().max(64), z.unknown()).default({});
const attachmentSchema = z.enum(['platform', 'cross-platform']).optional();

/** The id, raw id and type every credential answer starts with. */
const credentialIdFields = () => ({
  id: base64url('credential id', 1024),
  rawId: base64url('credential id', 1024),
  type: z.literal('public-key', { error: 'The credential type must be "public-key".' }),
});

/** What @simplewebauthn/browser's startRegistration() answers (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  ...credentialIdFields(),
  response: z.object({
    clientDataJSON: base64url('client data'),
    attestationObject: base64url('attestation object'),
    authenticatorData: base64url('authenticator data').optional(),
    transports: transportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url('public key').optional(),
  }),
  authenticatorAttachment: attachmentSchema,
  clientExtensionResults: extensionResultsSchema,
});

/** What @simplewebauthn/browser's startAuthentication() answers (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  ...credentialIdFields(),
  response: z.object({
    clientDataJSON: base64url('client data'),
    authenticatorData: base64url('authenticator data'),
    signature: base64url('signature', 4096),
    userHandle: base64url('user handle', 256).optional(),
  }),
  authenticatorAttachment: attachmentSchema,
  clientExtensionResults: extensionResultsSchema,
});

// ---- requests -------------------------------------------------------------------------------

/** POST /auth/passkeys: the browser's answer to the registration options, and an optional name. */
export const addPasskeyBodySchema = z.strictObject({
  response: registrationResponseSchema,
  name: passkeyNameSchema.optional(),
});
export type AddPasskeyBody = z.input<typeof addPasskeyBodySchema>;
export type AddPasskeyInput = z.output<typeof addPasskeyBodySchema>;

/** PATCH /auth/passkeys/{id}. */
export const renamePasskeyBodySchema = z.strictObject({ name: passkeyNameSchema });
export type RenamePasskeyBody = z.input<typeof renamePasskeyBodySchema>;

export const passkeyParamsSchema = z.strictObject({
  id: lineText(undefined, { trim: false }).min(1).max(64),
});

/** POST /auth/passkeys/login: the browser's answer and the id of the options it answers. */
export const passkeyLoginBodySchema = z.strictObject({
  challengeId: lineText({ error: 'Send the challengeId of the sign-in options.' }, { trim: false })
    .min(1, 'Send the challengeId of the sign-in options.')
    .max(64, 'The challengeId is not valid.'),
  response: authenticationResponseSchema,
});
export type PasskeyLoginBody = z.input<typeof passkeyLoginBodySchema>;
export type PasskeyLoginInput = z.output<typeof passkeyLoginBodySchema>;

// ---- responses ------------------------------------------------------------------------------

const credentialDescriptorSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** PublicKeyCredentialCreationOptionsJSON (the keys the app relies on; the rest passes through). */
export const registrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ type: z.literal('public-key'), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .looseObject({
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  attestation: z.string().optional(),
});

/** POST /auth/passkeys/registration-options: pass `options` to startRegistration({ optionsJSON }). */
export const registrationOptionsResponseSchema = z.object({ options: registrationOptionsSchema });
export type RegistrationOptionsResponse = z.infer<typeof registrationOptionsResponseSchema>;

/** PublicKeyCredentialRequestOptionsJSON (discoverable: no allowCredentials). */
export const authenticationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.string().optional(),
});

/** POST /auth/passkeys/authentication-options: send `challengeId` back with the browser's answer. */
export const authenticationOptionsResponseSchema = z.object({
  challengeId: z.string().describe('opaque, single use, valid 5 minutes'),
  options: authenticationOptionsSchema,
});
export type AuthenticationOptionsResponse = z.infer<typeof authenticationOptionsResponseSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  lastUsedAt: z.string().nullable().describe('ISO 8601; null until the first sign-in with it'),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /auth/passkeys: the caller's passkeys, newest first. */
export const passkeysResponseSchema = z.array(passkeySchema);
export type PasskeysResponse = z.infer<typeof passkeysResponseSchema>;
