import { z } from 'zod';
import { passwordInputSchema, twoFactorCodeSchema } from './auth.ts';
import { lineText } from './common.ts';

/** Two-factor sign-in (TOTP): enrollment, status, recovery codes and turning it off. */

export const RECOVERY_CODE_COUNT = 10;

/** The 6 digits of the authenticator app (enrollment accepts no recovery code). */
export const totpCodeSchema = lineText({ error: 'Enter the 6-digit code from your authenticator app.' })
  .min(1, 'Enter the 6-digit code from your authenticator app.')
  .max(16, 'The code has 6 digits.')
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'The code has 6 digits.'));

/** GET /auth/two-factor. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().describe('unused recovery codes (0 when off)'),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /auth/two-factor/setup: a new secret to add to the authenticator app. */
export const twoFactorSetupSchema = z.object({
  secret: z.string().describe('base32, for typing into the app by hand'),
  otpauthUri: z.string().describe('otpauth://totp/… (SHA-1, 6 digits, 30 seconds)'),
  qrCode: z.string().describe('data:image/svg+xml URL of the QR code of otpauthUri'),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorConfirmBodySchema = z.strictObject({ code: totpCodeSchema });
export type TwoFactorConfirmBody = z.input<typeof twoFactorConfirmBodySchema>;

/** The recovery codes, shown once: on confirmation and on regeneration. */
export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).describe('single use; stored hashed, never shown again'),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorCodeBodySchema = z.strictObject({ code: twoFactorCodeSchema });
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBodySchema>;

export const twoFactorDisableBodySchema = z.strictObject({
  password: passwordInputSchema,
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBodySchema>;
