import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passkeyRoutes } from './auth-passkeys.routes.ts';
import type { PasskeysService } from './auth-passkeys.service.ts';
import { devicesRoutes } from './auth-devices.routes.ts';
import type { DevicesService } from './auth-devices.service.ts';
import { recoveryRoutes } from './auth-recovery.routes.ts';
import type { RecoveryService } from './auth-recovery.service.ts';
import { registrationRoutes } from './auth-registration.routes.ts';
import type { RegistrationService } from './auth-registration.service.ts';
import type { Sessions } from './auth-sessions.service.ts';
import { signInRoutes } from './auth-sign-in.routes.ts';
import type { SignInService } from './auth-sign-in.service.ts';
import { socialRoutes } from './auth-social.routes.ts';
import type { SocialService } from './auth-social.service.ts';
import { twoFactorRoutes } from './auth-two-factor.routes.ts';
import type { TwoFactorService } from './auth-two-factor.service.ts';
import type { PasswordChecks } from './auth-password-checks.service.ts';

export interface AuthRoutesDeps {
  registration: RegistrationService;
  signIn: SignInService;
  recovery: RecoveryService;
  sessions: Sessions;
  social: SocialService;
  passkeys: PasskeysService;
  /** Two-factor sign-in; its verifySecondFactor is for other operations that need the code. */
  twoFactor: TwoFactorService;
  devices: DevicesService;
  /** The per-account throttled password check of confirmed operations (also account deletion). */
  passwordChecks: PasswordChecks;
  secureCookies: boolean;
}

/** Every /auth route, one plugin per sub-resource (what app.ts registers). */
export const authRoutes =
  (deps: AuthRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(registrationRoutes(deps.registration));
    await app.register(signInRoutes(deps));
    await app.register(recoveryRoutes(deps.recovery));
    await app.register(socialRoutes(deps));
    await app.register(passkeyRoutes(deps.passkeys));
    await app.register(twoFactorRoutes(deps.twoFactor));
    await app.register(devicesRoutes(deps.devices));
  };
