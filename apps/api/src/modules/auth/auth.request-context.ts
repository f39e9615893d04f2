import type { FastifyRequest } from 'fastify';

/** Where a request came from: for throttling and for labelling sessions. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export function contextOf(request: FastifyRequest): RequestContext {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 256) : null };
}
