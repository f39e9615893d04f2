import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { AccessTokens } from '../../platform/tokens.ts';
import { configuredProviders } from './auth.providers.ts';
import type { AuthRoutesDeps } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createSessions } from './auth.sessions.ts';
import { createSocialService } from './auth.social.ts';

export interface AuthModuleDeps {
  config: Pick<Config, 'appUrl' | 'jwtSecret' | 'secureCookies' | 'auth' | 'oauth' | 'oauthEndpoints'>;
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  log: FastifyBaseLogger;
}

/** Wires the auth services from the configuration (what app.ts passes to authRoutes). */
export function createAuthModule(deps: AuthModuleDeps): AuthRoutesDeps {
  const { config, db, log } = deps;
  const sessions = createSessions({
    db,
    tokens: deps.tokens,
    refreshTtlSeconds: config.auth.refreshTokenTtlDays * 86_400,
    reuseGraceSeconds: config.auth.refreshReuseGraceSeconds,
  });
  const auth = createAuthService({
    db,
    sessions,
    mailer: deps.mailer,
    log,
    appUrl: config.appUrl,
    codeSecret: config.jwtSecret,
    loginThrottle: config.auth.loginThrottle,
  });
  const social = createSocialService({
    db,
    providers: configuredProviders(config),
    appUrl: config.appUrl,
    stateSecret: config.jwtSecret,
    log,
  });
  return { auth, sessions, social, secureCookies: config.secureCookies };
}
