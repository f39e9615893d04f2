import type { FastifyRequest } from 'fastify';
import { networkOf } from './auth-devices.parse.ts';

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
