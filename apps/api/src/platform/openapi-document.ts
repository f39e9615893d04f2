import { STATUS_CODES } from 'node:http';
import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { BEARER } from './auth-guard.ts';
import { operationIdOf } from './openapi-operation-ids.ts';

/**
 * What the OpenAPI document says beyond the zod contracts, derived from each route so that a new
 * route cannot forget it (openapi.ts applies these in @fastify/swagger's transforms):
 *
 * - `operationId`: openapi-operation-ids.ts (the route's own `schema.operationId` wins);
 * - `security`: from the route's guard (auth-guard.ts): `app.requireUser` → the bearer scheme,
 *   `app.optionalUser` → bearer or nothing, no guard → what the route declares, else `[]`;
 * - error answers: the one error body (`ApiError`) as JSON whatever the route produces, with the
 *   status's name, and a `4XX` for routes that name no client error;
 * - file routes (`produces`) without a 2xx: a 200 of those types; uploads (`consumes`
 *   multipart/form-data, uploads.ts): the field `file`;
 * - a query string of free-form keys (a record): one free-form parameter.
 */

type Security = Array<Record<string, string[]>>;
type JsonObject = Record<string, unknown>;

/** The component every error answer refers to (apiErrorSchema, registered by openapi.ts). */
export const API_ERROR_COMPONENT = 'ApiError';
const API_ERROR_REF = `#/components/schemas/${API_ERROR_COMPONENT}`;
/** The multipart field every upload reads its file from (uploads.ts). */
const UPLOAD_FIELD = 'file';

/** The route guards of auth-guard.ts, as the root instance holds them. */
export interface RouteGuards {
  requireUser: unknown;
  optionalUser: unknown;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isErrorStatus = (status: string) => /^[45]/.test(status);
const isSuccessStatus = (status: string) => /^[23]/.test(status);

/** `/core/trips/:id` → `/core/trips/{id}`: the path as the document shows it. */
export function documentPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The security requirement of a route: its guard's, else what it declares, else none. */
export function securityOf(route: RouteOptions, declared: unknown, guards: RouteGuards): Security {
  const own = route.preHandler;
  const hooks: unknown[] = own === undefined ? [] : Array.isArray(own) ? own : [own];
  const fromGuard: Security | undefined = hooks.includes(guards.requireUser)
    ? BEARER
    : hooks.includes(guards.optionalUser)
      ? [...BEARER, {}]
      : undefined;
  if (fromGuard && declared !== undefined && JSON.stringify(declared) !== JSON.stringify(fromGuard)) {
    throw new Error(
      `${String(route.method)} ${route.url} declares security ${JSON.stringify(declared)} but its guard means ${JSON.stringify(fromGuard)}`,
    );
  }
  return fromGuard ?? (declared as Security | undefined) ?? [];
}

/**
 * Before the zod schemas become JSON schemas: each error answer as `application/json` with its
 * status's name (a route that produces CSV or a calendar still answers errors in JSON).
 */
export function withErrorAnswers(schema: FastifySchema | undefined): FastifySchema | undefined {
  if (!isObject(schema?.response)) return schema;
  const response = Object.fromEntries(
    Object.entries(schema.response).map(([status, answer]) =>
      isErrorStatus(status) && answer instanceof z.ZodType
        ? [
            status,
            {
              description: STATUS_CODES[status] ?? 'Error',
              content: { 'application/json': { schema: answer } },
            },
          ]
        : [status, answer],
    ),
  );
  return { ...schema, response };
}

/** A query string of free-form keys (a record) as one `style: form, explode: true` parameter. */
function freeFormQuery(querystring: unknown): unknown {
  if (!isObject(querystring) || querystring.properties !== undefined) return querystring;
  if (!isObject(querystring.additionalProperties)) return querystring;
  return {
    type: 'object',
    properties: {
      query: { ...querystring, description: 'Any query parameters, each with this schema.' },
    },
    style: 'form',
    explode: true,
  };
}

/** A 200 of each file type for a download route that documents no success answer. */
function withFileAnswer(schema: JsonObject): JsonObject {
  const produces = schema.produces;
  if (!Array.isArray(produces) || produces.length === 0) return schema;
  const response = isObject(schema.response) ? schema.response : {};
  if (Object.keys(response).some(isSuccessStatus)) return schema;
  const file = { schema: { type: 'string', format: 'binary' } };
  const content = Object.fromEntries(produces.map((type: unknown) => [String(type), file]));
  return { ...schema, response: { 200: { description: 'The file', content }, ...response } };
}

/** The multipart body of an upload route (it has no body schema: uploads.ts reads the stream). */
function withUploadBody(schema: JsonObject): JsonObject {
  const consumes = schema.consumes;
  if (schema.body !== undefined || !Array.isArray(consumes) || !consumes.includes('multipart/form-data')) {
    return schema;
  }
  return {
    ...schema,
    consumes: ['multipart/form-data'],
    body: {
      type: 'object',
      properties: { [UPLOAD_FIELD]: { type: 'string', format: 'binary' } },
      required: [UPLOAD_FIELD],
    },
  };
}

/** After the zod schemas became JSON schemas: the id, the security and the shapes above. */
export function describeOperation(
  schema: JsonObject,
  route: RouteOptions,
  path: string,
  guards: RouteGuards,
): JsonObject {
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  const described: JsonObject = {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, path),
    security: securityOf(route, schema.security, guards),
  };
  if (described.querystring !== undefined) described.querystring = freeFormQuery(described.querystring);
  return withUploadBody(withFileAnswer(described));
}

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The finished document: a `4XX` answer where an operation names no client error (every route
 * can answer one, the rate limit's 429 at least, in the one error body), answers without a
 * description of their own named after their status, and every operationId unique (a clash fails
 * the document, so a test catches it before a client does).
 */
export function finishDocument<D extends JsonObject>(document: D): D {
  const seen = new Map<string, string>();
  const usedSchemes = new Set<string>();
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const id = operation.operationId;
      if (typeof id === 'string') {
        const other = seen.get(id);
        if (other) throw new Error(`operationId ${id} is used by both ${other} and ${where}`);
        seen.set(id, where);
      }
      const responses = isObject(operation.responses) ? operation.responses : {};
      for (const [status, answer] of Object.entries(responses)) {
        if (isObject(answer) && answer.description === 'Default Response' && STATUS_CODES[status]) {
          answer.description = STATUS_CODES[status];
        }
      }
      for (const requirement of Array.isArray(operation.security) ? operation.security : []) {
        for (const scheme of Object.keys(isObject(requirement) ? requirement : {})) usedSchemes.add(scheme);
      }
      if (!Object.keys(responses).some((status) => status.startsWith('4'))) {
        operation.responses = {
          ...responses,
          '4XX': {
            description: 'A client error (a rate limit at least), in the one error body',
            content: { 'application/json': { schema: { $ref: API_ERROR_REF } } },
          },
        };
      }
    }
  }
  dropUnused(document, usedSchemes);
  return document;
}

/**
 * Security schemes no operation uses (metricsToken without METRICS_TOKEN), and component schemas
 * nothing refers to (the zod registry also names an input copy of each).
 */
function dropUnused(document: JsonObject, usedSchemes: Set<string>): void {
  const components = document.components;
  if (!isObject(components)) return;
  if (isObject(components.securitySchemes)) {
    for (const scheme of Object.keys(components.securitySchemes)) {
      if (!usedSchemes.has(scheme)) delete components.securitySchemes[scheme];
    }
  }
  if (!isObject(components.schemas)) return;
  const schemas = components.schemas;
  const text = JSON.stringify({ ...document, components: { ...components, schemas: {} } });
  const used = (name: string, seen: Set<string>): boolean => {
    if (text.includes(`"#/components/schemas/${name}"`)) return true;
    // Referred to only by another component that is used.
    return Object.entries(schemas).some(
      ([other, schema]) =>
        other !== name &&
        !seen.has(other) &&
        JSON.stringify(schema).includes(`"#/components/schemas/${name}"`) &&
        used(other, new Set([...seen, name])),
    );
  };
  for (const name of Object.keys(schemas)) {
    if (!used(name, new Set())) delete schemas[name];
  }
}
