import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a rarely-changing body with Cache-Control and a strong ETag, answering 304 when the
 * browser already holds the same version.
 */
export function sendCacheable<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: T,
  options: { maxAgeSeconds: number; etagSource?: string },
): T | FastifyReply {
  const source = options.etagSource ?? JSON.stringify(body);
  const etag = `"${createHash('sha1').update(source).digest('base64url')}"`;
  reply.header('cache-control', `public, max-age=${options.maxAgeSeconds}, stale-while-revalidate=60`);
  reply.header('etag', etag);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  return body;
}
