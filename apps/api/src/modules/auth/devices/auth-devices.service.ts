import type {
  DeviceSession,
  DeviceSessionsResponse,
  RevokeOtherSessionsResponse,
  RevokeSessionResponse,
} from '@tripcrew/contracts/auth-devices';
import { isUuid } from '@tripcrew/contracts/common';
import type { Db } from '../../../db/client.ts';
import type { AuthUser } from '../../../platform/auth-guard.ts';
import { notFound } from '../../../platform/errors.ts';
import type { Sessions } from '../sessions/auth-sessions.service.ts';
import { describeUserAgent, displayNetwork } from './auth-devices.parse.ts';
import {
  countOtherActiveFamilies,
  listActiveFamilies,
  revokeActiveFamilyOf,
  type FamilyRow,
} from './auth-devices.repository.ts';

/**
 * "Your devices" (issue 22): the caller's signed-in sessions, and ending one or all the others.
 * Ending a session revokes its refresh-token family: its refresh fails, the auth guard refuses its
 * access token at once, and its live sockets close with 4401 session-ended (auth.sessions-ended).
 */

export interface DevicesDeps {
  db: Db;
  sessions: Pick<Sessions, 'revokeAllForUser' | 'announceEnded'>;
}

const NO_SESSION = 'There is no signed-in device with this id. It may have been signed out already.';

function toDevice(row: FamilyRow, currentId: string | undefined): DeviceSession {
  const { label, browser, os, kind } = describeUserAgent(row.userAgent);
  return {
    _id: row.familyId,
    label,
    browser,
    os,
    kind,
    network: displayNetwork(row.network),
    signedInAt: row.signedInAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.familyId === currentId,
  };
}

export function createDevicesService(deps: DevicesDeps) {
  const { db, sessions } = deps;
  return {
    /** GET /auth/sessions: the current session first, then the others by last use. */
    async list(caller: AuthUser): Promise<DeviceSessionsResponse> {
      const devices = (await listActiveFamilies(db, caller.id)).map((row) => toDevice(row, caller.sessionId));
      return { sessions: [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)] };
    },

    /** DELETE /auth/sessions/{id}: another user's, unknown or ended session → 404. */
    async revoke(caller: AuthUser, sessionId: string): Promise<RevokeSessionResponse> {
      if (!isUuid(sessionId)) throw notFound(NO_SESSION);
      const revoked = await revokeActiveFamilyOf(db, caller.id, sessionId);
      if (!revoked) throw notFound(NO_SESSION);
      await sessions.announceEnded(caller.id, [sessionId]);
      return { ok: true, signedOut: sessionId === caller.sessionId };
    },

    /** POST /auth/sessions/revoke-others: every session but the caller's, in one transaction. */
    async revokeOthers(caller: AuthUser): Promise<RevokeOtherSessionsResponse> {
      const revoked = await db.transaction(async (tx) => {
        const count = await countOtherActiveFamilies(tx, caller.id, caller.sessionId);
        await sessions.revokeAllForUser(tx, caller.id, caller.sessionId);
        return count;
      });
      return { ok: true, revoked };
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
