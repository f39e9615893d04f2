import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiErrorSchema } from '@tripcrew/contracts/common';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERROR_COMPONENT,
  describeOperation,
  documentPath,
  finishDocument,
  withErrorAnswers,
} from './openapi-document.ts';

export const API_PREFIX = '/api';

/** The OpenAPI version of the document: 3.1, whose schemas are JSON Schema 2020-12 (zod's target). */
export const OPENAPI_VERSION = '3.1.0';

/**
 * OpenAPI 3.1 from the zod contracts: JSON at /api/docs/json, UI at /api/docs. Every operation
 * has an operationId and a security requirement derived from the route (openapi-document.ts).
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { version: string; https: boolean },
): Promise<void> {
  const { version } = options;
  // Error answers refer to one component instead of repeating the error body in each of them.
  if (!z.globalRegistry.has(apiErrorSchema)) {
    z.globalRegistry.add(apiErrorSchema, {
      id: API_ERROR_COMPONENT,
      description: 'Every error answer: the HTTP status, a stable code and a message for people.',
    });
  }
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'Tripcrew API',
        description:
          'Every non-GET call needs the X-CSRF-Token header equal to the csrf-token cookie (GET /health sets it). Authenticated calls carry Authorization: Bearer <accessToken>.',
        version,
      },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The METRICS_TOKEN of the server (GET /metrics only).',
          },
        },
      },
    },
    transform: (input) => {
      // A route without a schema (a probe, a plain GET) is documented too.
      const own = withErrorAnswers(input.schema) ?? {};
      const out = jsonSchemaTransform({ ...input, schema: own });
      const url = out.url.startsWith(API_PREFIX) ? out.url.slice(API_PREFIX.length) || '/' : out.url;
      const schema = (out.schema ?? {}) as FastifySchema & { hide?: boolean };
      if (schema.hide) return { ...out, url };
      // Read when the document is made: the guards are decorated after this plugin is registered.
      const guards = { requireUser: app.requireUser, optionalUser: app.optionalUser };
      const path = documentPath(url);
      return {
        url,
        schema: describeOperation(schema as Record<string, unknown>, input.route, path, guards),
      };
    },
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as Record<string, unknown>),
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
