import type { Db } from '../../db/client.ts';
import { findSessionsForExport } from './auth-export.repository.ts';
import { familyStartedAt } from './sessions/auth-sessions.repository.ts';
import { clearLoginFailures } from './sessions/auth-sign-in.repository.ts';

/**
 * The auth module's public entry for other modules (docs/decisions/010). The module itself is
 * put together by auth.module.ts.
 */

/**
 * The user's signed-in devices for "Download my data": user agent, when each sign-in started,
 * was last used and ends or ended. Never a token, a hash or a secret.
 */
export async function exportSessionsData(db: Db, userId: string) {
  const rows = await findSessionsForExport(db, userId);
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    endedAt: row.live ? null : (row.revokedAt ?? row.expiresAt).toISOString(),
  }));
}
/**
 * The auth module's public entry for other modules (decision 010): what an operation needs to
 * ask for the second factor. app.ts passes `auth.twoFactor` (from createAuthModule) as a
 * SecondFactorCheck into the deps of the service that needs it.
 */
export type { SecondFactorCheck } from './two-factor/auth-two-factor.service.ts';

/** When the user's session (its refresh-token family) began, i.e. the sign-in; undefined when it is not theirs. */
export function sessionStartedAt(db: Db, userId: string, sessionId: string): Promise<Date | undefined> {
  return familyStartedAt(db, userId, sessionId);
}

/** Forgets an address's failed sign-ins, so its login throttle starts over. */
export function forgetSignInFailures(db: Db, email: string): Promise<void> {
  return clearLoginFailures(db, email);
}
