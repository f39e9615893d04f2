import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

export interface AuthRoutesDeps {
  registration: RegistrationService;
  signIn: SignInService;
  recovery: RecoveryService;
  sessions: Sessions;
  social: SocialService;
  devices: DevicesService;
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
    await app.register(devicesRoutes(deps.devices));
  };
