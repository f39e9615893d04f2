import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passkeyRoutes } from './passkeys/auth-passkeys.routes.ts';
import type { PasskeysService } from './passkeys/auth-passkeys.service.ts';
import { devicesRoutes } from './devices/auth-devices.routes.ts';
import type { DevicesService } from './devices/auth-devices.service.ts';
import { recoveryRoutes } from './recovery/auth-recovery.routes.ts';
import type { RecoveryService } from './recovery/auth-recovery.service.ts';
import { registrationRoutes } from './registration/auth-registration.routes.ts';
import type { RegistrationService } from './registration/auth-registration.service.ts';
import type { Sessions } from './sessions/auth-sessions.service.ts';
import { signInRoutes } from './sessions/auth-sign-in.routes.ts';
import type { SignInService } from './sessions/auth-sign-in.service.ts';
import { socialRoutes } from './social/auth-social.routes.ts';
import type { SocialService } from './social/auth-social.service.ts';
import { twoFactorRoutes } from './two-factor/auth-two-factor.routes.ts';
import type { TwoFactorService } from './two-factor/auth-two-factor.service.ts';
import type { PasswordChecks } from './sessions/auth-password-checks.service.ts';

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
