import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A response body already checked against its contract and serialized, with its ETag. */
export class CachedJson<T> {
  constructor(
    readonly value: T,
    /**
     * The JSON body, exactly what the route's response schema would have serialized, as UTF-8
     * bytes (a string would be measured and encoded again on every response).
     */
    readonly body: Buffer,
    /** A strong ETag of the body: equal bodies (another instance, a re-seed) get equal tags. */
    readonly etag: string,
  ) {}
}

/** A strong ETag of the body bytes. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Serializes a value as the route serializer would (the contract's encoding: unknown keys
 * dropped) and tags the bytes.
 */
export function encodeJson<S extends z.ZodType>(schema: S, value: z.output<S>): CachedJson<z.output<S>> {
  const body = Buffer.from(JSON.stringify(z.encode(schema, value)), 'utf8');
  return new CachedJson(value, body, etagOf(body));
}

/** True when If-None-Match names the ETag (weak comparison: a W/ prefix is ignored). */
function matches(request: FastifyRequest, etag: string): boolean {
  const match = request.headers['if-none-match'];
  return !!match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a rarely-changing body with Cache-Control and its strong ETag, or a 304 when the client
 * already holds it. The body is sent as bytes: Fastify writes them as they are, skipping the
 * response serializer.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson<unknown>,
  maxAgeSeconds: number,
): FastifyReply {
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}, stale-while-revalidate=60`);
  reply.header('etag', cached.etag);
  if (matches(request, cached.etag)) return reply.status(304).send();
  return sendSerializedJson(reply, cached.body);
}

/**
 * Sends JSON serialized already (cached bytes, or the text of a typed result) as it is: Fastify
 * writes a string or Buffer with a JSON content type without running the response serializer.
 */
export function sendSerializedJson(reply: FastifyReply, body: Buffer | string): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}
