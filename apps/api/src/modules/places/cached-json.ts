import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CatalogueCache } from './catalogue-version.ts';

/** A cached read, already checked against its contract and serialized, with its ETag. */
export interface CachedJson<T> {
  value: T;
  /**
   * The JSON body, exactly what the route's response schema would have serialized, as UTF-8
   * bytes (a string would be measured and encoded again on every response).
   */
  body: Buffer;
  /** A strong ETag of the body: equal bodies (another instance, a re-seed) get equal tags. */
  etag: string;
}

/**
 * Loads `key` through the catalogue cache and keeps the serialized body next to the value, so a
 * hot read costs neither a database round trip nor a response serialization (PERF-02). The body
 * is the contract's encoding of the value (unknown keys dropped, as the route serializer does),
 * computed once per catalogue version.
 */
export async function cachedJson<S extends z.ZodType>(
  cache: CatalogueCache,
  key: string,
  schema: S,
  load: () => Promise<z.output<S>>,
): Promise<CachedJson<z.output<S>>> {
  const { value } = await cache.get(`json:${key}`, async () => {
    const loaded = await load();
    const body = Buffer.from(JSON.stringify(z.encode(schema, loaded)), 'utf8');
    return {
      value: loaded,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    };
  });
  return value;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a cached body with Cache-Control and its ETag, or a 304 when the client already holds
 * it. The body is sent as bytes: Fastify writes them as they are, skipping the response serializer.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson<unknown>,
  maxAgeSeconds: number,
): FastifyReply {
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}, stale-while-revalidate=60`);
  reply.header('etag', cached.etag);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag)) {
    return reply.status(304).send();
  }
  return sendSerializedJson(reply, cached.body);
}

/** A bounded map that forgets the least recently used key first (a hit moves its key last). */
export interface Lru<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  readonly size: number;
}

export function createLru<V>(maxEntries: number): Lru<V> {
  const entries = new Map<string, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Sends JSON serialized already (cached bytes, or the text of a typed result) as it is: Fastify
 * writes a string or Buffer with a JSON content type without running the response serializer.
 */
export function sendSerializedJson(reply: FastifyReply, body: Buffer | string): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}
