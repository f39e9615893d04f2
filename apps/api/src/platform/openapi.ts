import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_PREFIX = '/api';

/** OpenAPI 3 from the zod contracts: JSON at /api/docs/json, UI at /api/docs. */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { version: string; https: boolean },
): Promise<void> {
  const { version } = options;
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Tripcrew API',
        description:
          'Every non-GET call needs the X-CSRF-Token header equal to the csrf-token cookie (GET /health sets it). Authenticated calls carry Authorization: Bearer <accessToken>.',
        version,
      },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      return {
        ...out,
        url: out.url.startsWith(API_PREFIX) ? out.url.slice(API_PREFIX.length) || '/' : out.url,
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    staticCSP: true,
    // upgrade-insecure-requests would break the docs page when served over plain http (LAN, dev).
    transformStaticCSP: (header) =>
      options.https ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
