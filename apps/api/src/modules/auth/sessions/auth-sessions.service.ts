import { randomUUID } from 'node:crypto';
import type { Session, TokenPair } from '@tripcrew/contracts/auth';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AppEvent, EventBus } from '../../../platform/events.ts';
import { randomToken, sha256, type AccessTokens } from '../../../platform/tokens.ts';
import { toCurrentUser, type UserRow } from '../../users/index.ts';
import {
  findRefreshTokenState,
  insertRefreshToken,
  isFamilyActive,
  revokeFamily,
  revokeUserFamilies,
  rotateRefreshToken,
  touchFamily,
} from './auth-sessions.repository.ts';
import { networkOf } from '../devices/auth-devices.parse.ts';
import type { SessionClient } from '../auth.request-context.ts';

/**
 * Sessions: a sign-in starts a refresh-token family; every refresh rotates the token inside it.
 * See docs/decisions/006-refresh-token-rotation.md for the reuse and race rules.
 */

export interface SessionDeps {
  db: Db;
  tokens: AccessTokens;
  refreshTtlSeconds: number;
  reuseGraceSeconds: number;
  /** Told when sessions end, so their live sockets close (auth.sessions-ended). */
  events?: Pick<EventBus, 'emit'> | undefined;
}

export interface StartedSession {
  userId: string;
  familyId: string;
  refreshToken: string;
}

const sessionError = (code: string, message: string, reason?: string) =>
  new AppError(code, message, 401, reason ? { reason } : {});

type RefreshOutcome =
  | { kind: 'rotated'; userId: string; familyId: string; refreshToken: string }
  | { kind: 'reused'; userId: string; familyId: string }
  | { kind: 'unknown' | 'revoked' | 'expired' | 'race' };

/** A session's "last used" is recorded at most this often by one instance. */
const TOUCH_EVERY_MS = 60_000;

export function createSessions(deps: SessionDeps) {
  const { db, tokens } = deps;
  /** When this instance last recorded each session's use. */
  const touched = new LRUCache<string, number>({ max: 10_000 });

  async function ended(
    event: Omit<Extract<AppEvent, { type: 'auth.sessions-ended' }>, 'type'>,
  ): Promise<void> {
    await deps.events?.emit({ type: 'auth.sessions-ended', ...event });
  }

  async function accessTokenFor(session: StartedSession): Promise<TokenPair> {
    return {
      accessToken: await tokens.sign({ userId: session.userId, sessionId: session.familyId }),
      refreshToken: session.refreshToken,
    };
  }

  /** A new refresh token in the family, inside the caller's transaction. */
  async function issue(tx: Db, session: Omit<StartedSession, 'refreshToken'>, client: SessionClient) {
    const refreshToken = randomToken();
    await insertRefreshToken(tx, {
      ...session,
      tokenHash: sha256(refreshToken),
      ttlSeconds: deps.refreshTtlSeconds,
      userAgent: client.userAgent,
      network: client.network,
    });
    return { ...session, refreshToken };
  }

  return {
    /** Starts a new family inside the caller's transaction. */
    async start(tx: Db, userId: string, client: SessionClient): Promise<StartedSession> {
      return issue(tx, { userId, familyId: randomUUID() }, client);
    },

    /** Signs the access token for a started (committed) session. */
    tokensFor: accessTokenFor,

    /** The sign-in answer: the user and the tokens of a started (committed) session. */
    async sessionOf(user: UserRow, session: StartedSession): Promise<Session> {
      return { ...toCurrentUser(user), ...(await accessTokenFor(session)) };
    },

    /**
     * Single-use rotation with reuse detection, in one transaction. The conditional UPDATE in
     * rotateRefreshToken decides races: exactly one of two concurrent calls with the same token
     * wins; the other sees a token rotated within the grace window and gets a 401 without
     * revoking anything. A rotated token presented after the grace window revokes the family.
     */
    async refresh(refreshToken: string, client: SessionClient): Promise<TokenPair> {
      const tokenHash = sha256(refreshToken);
      const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
        const rotated = await rotateRefreshToken(tx, tokenHash);
        if (rotated) return { kind: 'rotated', ...(await issue(tx, rotated, client)) };
        const state = await findRefreshTokenState(tx, tokenHash, deps.reuseGraceSeconds);
        if (!state) return { kind: 'unknown' };
        if (state.revoked) return { kind: 'revoked' };
        if (state.rotated) {
          if (state.rotatedRecently) return { kind: 'race' };
          await revokeFamily(tx, state.familyId);
          return { kind: 'reused', userId: state.userId, familyId: state.familyId };
        }
        if (state.expired) return { kind: 'expired' };
        return { kind: 'unknown' };
      });
      switch (outcome.kind) {
        case 'rotated':
          return accessTokenFor(outcome);
        case 'race':
          throw sessionError(
            'REFRESH_IN_PROGRESS',
            'This session was just refreshed by another tab. Use the newest tokens, or sign in again.',
            'refresh-race',
          );
        case 'reused':
          await ended({ userId: outcome.userId, sessionIds: [outcome.familyId] });
          throw sessionError(
            'REFRESH_TOKEN_REUSED',
            'This refresh token was already used, so this sign-in has been ended on every device to keep your account safe. Please sign in again.',
          );
        case 'revoked':
          throw sessionError(
            'SESSION_REVOKED',
            'You have been signed out of this session. Please sign in again.',
          );
        case 'expired':
          throw sessionError('SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
        default:
          throw sessionError(
            'INVALID_REFRESH_TOKEN',
            'This refresh token is not valid. Please sign in again.',
          );
      }
    },

    /** Revokes the family a refresh token belongs to; unknown tokens are ignored. */
    async revokeByRefreshToken(refreshToken: string): Promise<void> {
      const state = await findRefreshTokenState(db, sha256(refreshToken), 0);
      if (!state) return;
      await revokeFamily(db, state.familyId);
      await ended({ userId: state.userId, sessionIds: [state.familyId] });
    },

    /** Tells the live sockets of sessions revoked elsewhere (auth-devices) that they ended. */
    async announceEnded(userId: string, familyIds: string[]): Promise<void> {
      await ended({ userId, sessionIds: familyIds });
    },

    async revokeFamily(userId: string, familyId: string): Promise<void> {
      await revokeFamily(db, familyId);
      await ended({ userId, sessionIds: [familyId] });
    },

    /**
     * Every session of the user (except `exceptFamilyId`), inside the caller's transaction. The
     * live sockets are told at once: should the transaction fail, a socket that reconnects finds
     * its session still active and is let in again.
     */
    async revokeAllForUser(tx: Db, userId: string, exceptFamilyId?: string): Promise<void> {
      await revokeUserFamilies(tx, userId, exceptFamilyId);
      await ended({
        userId,
        sessionIds: null,
        ...(exceptFamilyId ? { exceptSessionId: exceptFamilyId } : {}),
      });
    },

    /** Whether a session (refresh-token family) of the user is still active: the live socket asks. */
    async isActive(userId: string, familyId: string): Promise<boolean> {
      return isFamilyActive(db, userId, familyId);
    },

    /**
     * The auth guard's one query for a token that names a session: whether the session is still
     * active (so a revoked device's access token stops at once, and, since a session's rows go
     * with its user, whether the account still exists). At most once a minute per session and
     * instance the same query is an UPDATE that records the use ("last used", and the network).
     */
    async isSignedIn(userId: string, familyId: string, ip: string): Promise<boolean> {
      const last = touched.get(familyId);
      const nowMs = Date.now();
      if (last !== undefined && nowMs - last < TOUCH_EVERY_MS) return isFamilyActive(db, userId, familyId);
      touched.set(familyId, nowMs);
      return touchFamily(db, userId, familyId, networkOf(ip));
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
