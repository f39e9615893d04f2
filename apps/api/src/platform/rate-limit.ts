import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';

export type RateLimitGroup = 'auth' | 'read' | 'write' | 'none';

/** Which group a request counts against: auth endpoints far tighter than catalogue reads. */
export function rateLimitGroupOf(request: FastifyRequest): RateLimitGroup {
  const configured = request.routeOptions.config?.rateLimitGroup;
  if (configured) return configured;
  // The matched route pattern, not the raw URL: /api/%61uth/login reaches the same handler and must
  // not slip out of the tight auth group.
  const url = request.routeOptions.url ?? request.url;
  if (url.startsWith('/api/auth/') && request.method !== 'GET') return 'auth';
  if (request.method === 'GET' || request.method === 'HEAD') return 'read';
  return 'write';
}

export async function registerRateLimit(
  app: FastifyInstance,
  config: Config['rateLimit'],
  redis: Redis | undefined,
): Promise<void> {
  if (!config.enabled) return;
  const maxFor: Record<RateLimitGroup, number> = {
    auth: config.authMax,
    read: config.readMax,
    write: config.writeMax,
    none: Number.MAX_SAFE_INTEGER,
  };
  await app.register(rateLimit, {
    global: true,
    timeWindow: config.windowMs,
    hook: 'onRequest',
    max: (request) => maxFor[rateLimitGroupOf(request)],
    keyGenerator: (request) => `${rateLimitGroupOf(request)}:${request.ip}`,
    allowList: (request) => rateLimitGroupOf(request) === 'none',
    nameSpace: 'tripcrew-rl:',
    ...(redis ? { redis, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please wait ${context.after} and try again.`,
    }),
  });
}
