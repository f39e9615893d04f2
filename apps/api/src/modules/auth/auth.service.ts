/**
 * The auth module's public entry for other modules (decision 010): what an operation needs to
 * ask for the second factor. app.ts passes `auth.twoFactor` (from createAuthModule) as a
 * SecondFactorCheck into the deps of the service that needs it.
 */
export type { SecondFactorCheck } from './auth-two-factor.service.ts';
