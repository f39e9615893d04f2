import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError, badRequest } from './errors.ts';
import { inRequestTransaction } from '../db/request-transaction.ts';
import {
  claimKey,
  deleteExpiredKeys,
  findKey,
  type KeyClaim,
  STALE_CLAIM_SECONDS,
  storeAnswer,
} from './idempotency.repository.ts';

/**
 * Idempotent writes (decision 016). A signed-in write under /api (POST, PUT, PATCH, DELETE) that
 * carries `Idempotency-Key: <uuid>` runs at most once: the first request claims the key, its
 * answer (status and body) is stored when it is sent, and a replay of the same key by the same
 * user on the same method and path gets that stored answer, marked `Idempotent-Replayed: true`,
 * without running again. The same key on another user, method or path is a 422; a replay while
 * the first request still runs is a 409; a key that is not a UUID is a 400. A 5xx is not stored,
 * so the retry runs again. Sign-in and session calls (/api/auth) are never stored: their answers
 * carry tokens.
 *
 * Exactly once, even when the process dies: the key is claimed inside the same transaction as the
 * write it guards (the route runs in a request transaction that the services' handles join, see
 * db/request-transaction.ts). Killed before the commit, neither the write nor the claim exists and
 * the retry runs; killed after it, the claim exists without a stored answer, and a replay is told
 * the change was applied (200, `{ applied: true }`, `Idempotent-Replayed: true`) instead of running it again. A
 * refused write (an error) rolls its claim back, so its retry runs again and is refused again.
 * The answer is stored by an onSend hook registered before compression, so it sees the JSON text.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_KEY_LENGTH = 36;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CLEAN_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key to claim in the request's transaction; unset when the request has none. */
    idempotencyClaim?: KeyClaim;
    /** The claimed key whose answer the onSend hook stores; unset when the request has none. */
    idempotencyKey?: string;
  }
}

export interface IdempotencyOptions {
  db: Db;
  /** Only paths under this prefix take part (the API's mount point). */
  prefix: string;
  /** The fault suite: the process kills itself just before or just after a keyed write commits. */
  killAt?: 'idempotent-write-before-commit' | 'idempotent-write-after-commit' | undefined;
}

/** The answer to a replay of a write that committed but whose answer was lost with the process. */
export const APPLIED_ANSWER_LOST = {
  applied: true,
  message: 'This change was already applied; its original answer was not kept.',
} as const;

const killSelf = () => process.kill(process.pid, 'SIGKILL');

/** The key of the request, or undefined without one; a malformed key is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || header.length === 0)
    throw badRequest('Send one Idempotency-Key header with a UUID.', 'Idempotency-Key');
  if (header.length > MAX_KEY_LENGTH)
    throw badRequest('The Idempotency-Key is too long: send a UUID (36 characters).', 'Idempotency-Key');
  if (!UUID.test(header))
    throw badRequest(
      'The Idempotency-Key must be a UUID, e.g. made with crypto.randomUUID().',
      'Idempotency-Key',
    );
  return header.toLowerCase();
}

const reusedKey = () =>
  new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request. Make a new key for each change.',
    422,
  );
const stillRunning = () =>
  new AppError(
    'IDEMPOTENCY_IN_PROGRESS',
    'A request with this Idempotency-Key is still being processed. Try again in a moment.',
    409,
  );

export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { db, prefix, killAt } = options;
  let lastClean = 0;
  const applies = (request: FastifyRequest) =>
    WRITE_METHODS.has(request.method) &&
    request.url.startsWith(`${prefix}/`) &&
    !request.url.startsWith(`${prefix}/auth/`);

  const check: preHandlerAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!applies(request)) return;
    const key = idempotencyKeyOf(request);
    if (key === undefined || request.user === null) return;
    const claim = { key, userId: request.user.id, method: request.method, path: request.url };
    if (Date.now() - lastClean > CLEAN_EVERY_MS) {
      lastClean = Date.now();
      deleteExpiredKeys(db).catch((error: unknown) =>
        request.log.warn({ err: error }, 'idempotency clean-up failed'),
      );
    }
    const row = await findKey(db, key);
    if (!row) {
      request.idempotencyClaim = claim;
      return;
    }
    if (row.userId !== claim.userId || row.method !== claim.method || row.path !== claim.path)
      throw reusedKey();
    if (row.status === null || row.body === null) {
      // The claim committed with its write; the answer is being stored now, or was lost when the
      // process died after the commit. Either way the change must not run again.
      if (Date.now() - row.createdAt.getTime() < STALE_CLAIM_SECONDS * 1000) throw stillRunning();
      return reply
        .code(200)
        .header(REPLAYED_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(APPLIED_ANSWER_LOST));
    }
    reply.code(row.status).header(REPLAYED_HEADER, 'true');
    if (row.contentType) reply.type(row.contentType);
    return reply.send(row.body);
  };

  // Appended to every write route, after the route's own guard, so request.user is known. The
  // handler of a request with a key runs in a request transaction that first claims the key.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => WRITE_METHODS.has(method))) return;
    const own = route.preHandler;
    route.preHandler = own === undefined ? [check] : [...(Array.isArray(own) ? own : [own]), check];
    const handler = route.handler;
    route.handler = function guarded(this: FastifyInstance, request, reply) {
      const claim = request.idempotencyClaim;
      if (claim === undefined) return handler.call(this, request, reply);
      request.idempotencyClaim = undefined;
      const applied = inRequestTransaction(db, async (tx) => {
        // Another request with this key committed first (it held the key's row lock until then).
        if (!(await claimKey(tx, claim))) throw stillRunning();
        request.idempotencyKey = claim.key;
        const answer: unknown = await handler.call(this, request, reply);
        if (killAt === 'idempotent-write-before-commit') killSelf();
        return answer;
      });
      return killAt === 'idempotent-write-after-commit' ? applied.then(killSelf) : applied;
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (key === undefined) return payload;
    request.idempotencyKey = undefined;
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      // A 5xx or a streamed answer is not kept: a thrown error rolled the claim back with the write
      // (the retry runs), and a claim without an answer replays as "applied".
      if (reply.statusCode < 500 && body !== null) {
        const contentType = reply.getHeader('content-type');
        await storeAnswer(db, key, {
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          body,
        });
      }
    } catch (error) {
      request.log.error({ err: error }, 'the answer of an idempotent request could not be stored');
    }
    return payload;
  });
}
