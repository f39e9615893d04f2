import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { FastifyPluginAsync } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../src/platform/openapi-operation-ids.ts';
import { typeCheckClient } from '../helpers/openapi-client.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { MATRIX } from '../proof/authz-matrix.table.ts';

/**
 * API-08: the OpenAPI document is one a client can use: valid OpenAPI 3.1, clean under Redocly's
 * recommended rules, an operationId and a security requirement on every operation (derived from
 * the route: platform/openapi-document.ts), and TypeScript types generated from it that a client
 * compiles against.
 */

type Security = Array<Record<string, string[]>>;
interface Operation {
  operationId?: string;
  security?: Security;
  responses?: Record<string, { content?: unknown }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const BEARER: Security = [{ bearer: [] }];
const OPTIONAL_BEARER: Security = [{ bearer: [] }, {}];
const METRICS_TOKEN = 'openapi-test-metrics-token-0123456789abcdef';

/** Routes with a guard and nothing about security in their schema: the document derives it. */
const guardProbes: FastifyPluginAsync = async (app) => {
  const schema = (summary: string) => ({ schema: { tags: ['test'], summary } });
  const noop = async () => undefined;
  const ok = async () => ({ ok: true });
  app.get('/test-probe/guarded', { ...schema('Guarded'), preHandler: app.requireUser }, ok);
  app.get(
    '/test-probe/guarded-among-hooks',
    { ...schema('Guarded'), preHandler: [noop, app.requireUser] },
    ok,
  );
  app.get('/test-probe/maybe-signed-in', { ...schema('Either'), preHandler: app.optionalUser }, ok);
  app.get('/test-probe/open', schema('Open'), ok);
};

function operationsOf(doc: Document): Array<{ key: string; operation: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      key: `${method.toUpperCase()} ${path}`,
      operation: item[method] as Operation,
    })),
  );
}

const t = useTestApp({ METRICS_TOKEN }, { routes: guardProbes });
let doc: Document;
beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode, res.body).toBe(200);
  doc = res.json() as Document;
});

describe('[API-08] the OpenAPI document', () => {
  it('[API-08] is valid OpenAPI 3.1 for a real validator', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it("[API-08] has no errors under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: '/api/docs/json',
      config,
    });
    const describe = (p: (typeof problems)[number]) =>
      `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`;
    const warnings = problems.filter((p) => p.severity === 'warn').map(describe);
    // Known and accepted: the SPEC's paths (/core/trips/update/{id} beside /core/trips/{id}/…)
    // are ambiguous to a router, the social sign-in redirects answer 302 only, and no licence.
    if (warnings.length > 0) console.warn(`Redocly warnings (${warnings.length}):\n${warnings.join('\n')}`);
    expect(problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
  });

  it('[API-08] every operation has a unique camelCase operationId; every override names an operation', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations.filter(({ operation }) => !operation.operationId).map(({ key }) => key);
    expect(missing).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId ?? '');
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const keys = new Set(operations.map(({ key }) => key));
    expect(Object.keys(OPERATION_IDS).filter((key) => !keys.has(key))).toEqual([]);
    // A few, as a client sees them.
    expect(doc.paths['/core/trips/{id}']?.get?.operationId).toBe('getTrip');
    expect(doc.paths['/core/trips']?.post?.operationId).toBe('createTrip');
    expect(doc.paths['/core/trips/{id}/planner/items/{itemId}']?.patch?.operationId).toBe(
      'updateTripPlannerItem',
    );
    expect(doc.paths['/core/trips/{id}/planner/items/{itemId}/move']?.post?.operationId).toBe(
      'moveTripPlannerItem',
    );
  });

  it("[API-08] every operation's security comes from its route's guard", () => {
    const without = operationsOf(doc).filter(({ operation }) => !Array.isArray(operation.security));
    expect(without.map(({ key }) => key)).toEqual([]);
    // Probe routes that say nothing about security in their schema.
    expect(doc.paths['/test-probe/guarded']?.get?.security).toEqual(BEARER);
    expect(doc.paths['/test-probe/guarded-among-hooks']?.get?.security).toEqual(BEARER);
    expect(doc.paths['/test-probe/maybe-signed-in']?.get?.security).toEqual(OPTIONAL_BEARER);
    expect(doc.paths['/test-probe/open']?.get?.security).toEqual([]);
    // Module routes of each kind.
    expect(doc.paths['/core/trips']?.get?.security).toEqual(BEARER);
    expect(doc.paths['/users/users/{profileId}']?.get?.security).toEqual(OPTIONAL_BEARER);
    expect(doc.paths['/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/core/share/{token}']?.get?.security).toEqual([]);
    // Declared by routes that check a token themselves.
    expect(doc.paths['/auth/logout']?.post?.security).toEqual(OPTIONAL_BEARER);
    expect(doc.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(doc.components.securitySchemes ?? {}).sort()).toEqual(['bearer', 'metricsToken']);
  });

  it('[API-08] [SEC-07] the documented security agrees with what anonymous callers get in the authorization matrix', () => {
    const disagreements: string[] = [];
    for (const row of MATRIX) {
      const anonymous = row.expected.anonymous;
      if (anonymous === undefined || row.websocket) continue;
      const [method = '', url = ''] = row.route.split(' ');
      const path = url.slice('/api'.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const security = doc.paths[path]?.[method.toLowerCase()]?.security;
      const label = `${row.route}${row.variant ? ` (${row.variant})` : ''}`;
      if (JSON.stringify(security) === JSON.stringify(BEARER) && anonymous !== 401) {
        disagreements.push(`${label}: documented as signed-in only, anonymous gets ${anonymous}`);
      }
      if (JSON.stringify(security) === '[]' && anonymous === 401) {
        disagreements.push(`${label}: documented as public, anonymous gets 401`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('[API-08] error answers are the one error body, as JSON, whatever the route produces', () => {
    const calendar = doc.paths['/core/trips/{id}/calendar.ics']?.get?.responses ?? {};
    expect(Object.keys(calendar['200']?.content as object)).toEqual(['text/calendar']);
    expect(calendar['404']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ApiError' } },
    });
    for (const { key, operation } of operationsOf(doc)) {
      const statuses = Object.keys(operation.responses ?? {});
      expect(
        statuses.some((status) => status.startsWith('4')),
        `${key} documents a client error`,
      ).toBe(true);
    }
  });

  it('[API-08] types generated from it (openapi-typescript) type-check a client, and stop when a response schema goes missing', async () => {
    // The same client against a copy that lost the answer schema of GET /core/trips.
    const broken = structuredClone(doc);
    const trips = broken.paths['/core/trips']?.get?.responses?.['200'];
    if (!trips) throw new Error('GET /core/trips documents no 200');
    delete trips.content;
    const errors = await typeCheckClient({ served: doc, broken });
    expect(errors.served).toEqual([]);
    expect(errors.broken.join('\n')).toMatch(/broken\.client\.ts\(\d+,\d+\)/);
  }, 180_000);
});
