import type { FastifyRequest } from 'fastify';
import { networkOf } from './devices/auth-devices.parse.ts';

/** Where a request came from: for throttling and for labelling sessions. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
  /** The network part of `ip` (IPv4 /24, IPv6 /48): the only part a session keeps. */
  network: string | null;
}

/** What a session records of its client (auth-sessions.service.ts). */
export type SessionClient = Pick<RequestContext, 'userAgent' | 'network'>;

export function contextOf(request: FastifyRequest): RequestContext {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, 256) : null,
    network: networkOf(request.ip),
  };
}

/**
 * Runs a handler and, when it throws a 429 that says when to come back, copies that into the
 * Retry-After header before the error handler answers.
 */
export async function withRetryAfter<T>(
  reply: { header(name: string, value: string): unknown },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const retryAfter = (err as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (typeof retryAfter === 'number')
      reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
    throw err;
  }
}
