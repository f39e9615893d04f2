import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { vocabularyRoutes } from './modules/vocabulary/vocabulary.routes.ts';
import { createVocabularyService } from './modules/vocabulary/vocabulary.service.ts';
import { registerCsrf } from './platform/csrf.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { API_PREFIX, registerOpenApi } from './platform/openapi.ts';
import { registerRateLimit } from './platform/rate-limit.ts';
import { registerSecurityHeaders } from './platform/security.ts';
import { registerSpa, sendSpaIndex, wantsSpa } from './platform/spa.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Overrides the pino logger options (tests pass false or a stream). */
  logger?: boolean | FastifyLoggerOptions;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole server: plugins, then the modules under /api, then the SPA. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const logger: boolean | (FastifyLoggerOptions & { redact?: string[] }) = deps.logger ?? {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimit,
    // A hop count is valid at run time (proxy-addr) though the types only list the other forms.
    trustProxy: config.trustProxy as boolean | string,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'redis unavailable; rate limits fail open'));

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app, { https: config.secureCookies });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie);
  await registerRateLimit(app, config.rateLimit, redis);
  await registerOpenApi(app, config.version);

  await app.register(
    async (api) => {
      registerCsrf(api);
      await api.register(
        healthRoutes({ database, version: config.version, secureCookies: config.secureCookies }),
      );
      await api.register(vocabularyRoutes(createVocabularyService(database.db)));
    },
    { prefix: API_PREFIX },
  );

  const spa = await registerSpa(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    if (spa && wantsSpa(request)) return sendSpaIndex(reply);
    return reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0]}.`,
    });
  });

  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
  });
  return app;
}
