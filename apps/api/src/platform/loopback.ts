import type { FastifyReply, FastifyRequest } from 'fastify';

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether the request came over a loopback connection. It reads the socket's own peer address,
 * never X-Forwarded-For or request.ip, which a trusted proxy setting lets the client rewrite.
 */
export function isLoopbackConnection(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  return address !== undefined && LOOPBACK_ADDRESSES.has(address);
}

/**
 * An onRequest hook for routes meant for the developer at the machine itself: from any other
 * address the route answers exactly like one that does not exist.
 */
export async function loopbackOnly(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  if (isLoopbackConnection(request)) return undefined;
  reply.callNotFound();
  return reply;
}
