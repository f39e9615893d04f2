import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { AccessTokens } from '../../platform/tokens.ts';
import { createEmailCodes } from './registration/auth-codes.service.ts';
import { createPasskeysService } from './passkeys/auth-passkeys.service.ts';
import { createDevicesService } from './devices/auth-devices.service.ts';
import { createRecoveryService } from './recovery/auth-recovery.service.ts';
import { createRegistrationService } from './registration/auth-registration.service.ts';
import { createSessions } from './sessions/auth-sessions.service.ts';
import { createSignInService } from './sessions/auth-sign-in.service.ts';
import { createSocialService } from './social/auth-social.service.ts';
import { createTwoFactorService } from './two-factor/auth-two-factor.service.ts';
import { createPasswordChecks } from './sessions/auth-password-checks.service.ts';
import { createMailSender } from './auth.mails.ts';
import { loadCommonPasswords } from './auth.password-policy.ts';
import { configuredProviders } from './social/auth.providers.ts';
import type { AuthRoutesDeps } from './auth.routes.ts';

export interface AuthModuleDeps {
  config: Pick<Config, 'appUrl' | 'jwtSecret' | 'secureCookies' | 'auth' | 'oauth' | 'oauthEndpoints'>;
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  log: FastifyBaseLogger;
  /** Domain events: sessions that end are announced (their live sockets close). */
  events?: Pick<EventBus, 'emit'> | undefined;
  /** The clock of two-factor sign-in, in milliseconds (tests may pin it); Date.now by default. */
  now?: () => number;
}

/** Wires the auth services from the configuration (what app.ts passes to authRoutes). */
export function createAuthModule(deps: AuthModuleDeps): AuthRoutesDeps {
  const { config, db, log } = deps;
  // Read (and validated) at boot: a broken data file stops the boot, not a registration.
  loadCommonPasswords();
  const sessions = createSessions({
    db,
    tokens: deps.tokens,
    refreshTtlSeconds: config.auth.refreshTokenTtlDays * 86_400,
    reuseGraceSeconds: config.auth.refreshReuseGraceSeconds,
    events: deps.events,
  });
  // The code secret keys the hashes of the short numeric codes.
  const mailing = {
    codes: createEmailCodes({ codeSecret: config.jwtSecret }),
    send: createMailSender(deps.mailer, log),
    appUrl: config.appUrl,
  };
  const passwordChecks = createPasswordChecks({ db, windowMs: config.auth.loginThrottle.windowMs });
  const twoFactor = createTwoFactorService({
    db,
    sessions,
    passwordChecks,
    serverSecret: config.jwtSecret,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return {
    registration: createRegistrationService({ db, sessions, log, twoFactor, ...mailing }),
    signIn: createSignInService({ db, sessions, twoFactor, loginThrottle: config.auth.loginThrottle }),
    recovery: createRecoveryService({
      db,
      sessions,
      log,
      secondFactor: twoFactor,
      passwordChecks,
      ...mailing,
    }),
    passwordChecks,
    twoFactor,
    sessions,
    social: createSocialService({
      db,
      sessions,
      providers: configuredProviders(config),
      appUrl: config.appUrl,
      stateSecret: config.jwtSecret,
      log,
    }),
    passkeys: createPasskeysService({ db, sessions, appUrl: config.appUrl, log }),
    devices: createDevicesService({ db, sessions }),
    secureCookies: config.secureCookies,
  };
}
